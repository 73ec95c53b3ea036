/*
 * The compliance review (issue 7): operator decisions on customers and professional requests, their
 * inputs and audit actions, and the views of the operator API. The onboarding states it reads come
 * from the onboarding state tables (`../onboarding/states.ts`), re-exported for the review's users.
 */
export {
  type CustomerStatus,
  customerStatuses,
  customerUncheckedStatuses,
  type KycState,
  kycDisplayOf,
  kycPassedStates,
  kycStates,
  parseKycState,
  registrarStatuses,
} from '../onboarding/states.ts';
export * from './decisions.ts';
export * from './views.ts';
