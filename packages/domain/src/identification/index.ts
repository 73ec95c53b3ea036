/*
 * Identification (KYC) with the identification partner: the views the API answers, the partner's
 * results mapped onto the spec 4 KYC states, and when a new identification may be started. The KYC
 * lifecycle itself is `onboarding/states.ts`; its KYC part is re-exported here so the API and the web
 * reach everything about identifications through `@token/domain/identification`.
 */
export {
  assertCanTransition,
  isKycPassed,
  type KycDisplay,
  type KycState,
  kycDisplayOf,
  kycFinalStates,
  kycLifecycle,
  kycPassedStates,
  kycStates,
  parseKycState,
} from '../onboarding/states.ts';
export * from './partner-results.ts';
export * from './start-rules.ts';
export * from './views.ts';
