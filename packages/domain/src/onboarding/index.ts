/*
 * Onboarding (issue 7): the lifecycles (states.ts), data completeness, representatives and
 * beneficial owners, documents, appropriateness, and THE entry gate `onboardingOf`.
 */
export * from './adequacy.ts';
export * from './completeness.ts';
export * from './documents.ts';
export * from './gate.ts';
export * from './states.ts';
export * from './ubo.ts';
export * from './views.ts';
