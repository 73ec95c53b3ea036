import { z } from 'zod';
import { onboardingSteps } from './gate.ts';

/**
 * The customer resource's `onboarding` (contract), as a zod schema (convention 6): the API's
 * response schema and the web's type derive from it.
 */
export const onboardingViewSchema = z.object({
  nextRoute: z.string().nullable(),
  steps: z.array(
    z.object({
      step: z.enum(onboardingSteps),
      route: z.string(),
      state: z.enum(['done', 'current', 'todo', 'skipped']),
    }),
  ),
  mayBuy: z.boolean(),
  banner: z.enum(['kyc_start', 'not_approved', 'more_information', 'welcome']).nullable(),
});
export type OnboardingView = z.infer<typeof onboardingViewSchema>;
