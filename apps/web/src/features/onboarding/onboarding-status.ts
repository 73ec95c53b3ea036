import type { CustomerResource } from '@token/domain/accounts';
import { type OnboardingView, onboardingStepOfRoute } from '@token/domain/onboarding';

/*
 * The customer's onboarding as the API computes it (`customer.onboarding`, `onboardingViewSchema`
 * of `@token/domain/onboarding`): the next route, the steps of the progress indicator, whether the
 * customer may buy, the banner. The server derives all of it with the one domain function; the web
 * reads it with the domain's step table and never re-derives the order.
 */

export {
  bannedRoute,
  contactRoute,
  type OnboardingStep,
  type OnboardingView,
  onboardingStepRoute,
  onboardingSteps,
} from '@token/domain/onboarding';

export type OnboardingStepView = OnboardingView['steps'][number];
export type OnboardingStepState = OnboardingStepView['state'];

export const selfDisclosureBase = '/self-disclosure';

/** The step whose page `pathname` is (trailing slash ignored), or null for any other path. */
export const stepOfPath = onboardingStepOfRoute;

/** Whether a path lies inside the self-disclosure (a known step page or not). */
export function isSelfDisclosurePath(pathname: string): boolean {
  return pathname === selfDisclosureBase || pathname.startsWith(`${selfDisclosureBase}/`);
}

/**
 * The `onboarding` the API computed for a customer record (the domain's `onboardingOf` on the server),
 * or null while the record has not loaded. The web never derives it itself.
 */
export function onboardingOfRecord(
  record: Pick<CustomerResource, 'onboarding'> | null | undefined,
): OnboardingView | null {
  return record?.onboarding ?? null;
}
