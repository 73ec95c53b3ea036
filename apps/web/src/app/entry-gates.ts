import { entryGateRedirect, matchPath } from '@token/domain/navigation';
import type { OnboardingView } from '@token/domain/onboarding';
import { isSelfDisclosurePath } from '../features/onboarding/onboarding-status.ts';

/**
 * spec 2 entry gating applies to the protected routes of the investment reading: the home dashboard
 * (protected only in that reading), the order process, the wallet, orders, payments, register
 * excerpts and token transfers. The rest of /account/*, /contact, /banned, /login*, legal and public
 * pages are never gated, so a gated customer can always read, fix their data, ask and log out.
 */
export const gatedRoutes: readonly string[] = [
  '/',
  '/order-process/*',
  '/account/wallet',
  '/account/orders',
  '/order-details/:uuid',
  '/account/payments',
  '/account/exerpts',
  '/transfer/:tkn',
];

/**
 * Where a logged-in customer opening `pathname` (a protected route) must go first, or null. The
 * decision is the domain's `entryGateRedirect` over the server's `onboarding` (computed by THE gate
 * function): the gated routes lead to `nextRoute` (`/contact` once for more information, `/banned`,
 * the step that is due); a self-disclosure page stays open while its step is done or current. Every
 * other route is never gated.
 */
export function entryRedirect(pathname: string, onboarding: OnboardingView | null): string | null {
  if (!onboarding) return null;
  if (!isSelfDisclosurePath(pathname) && !gatedRoutes.some((p) => matchPath(p, pathname))) return null;
  return entryGateRedirect(onboarding, pathname);
}

/** Whether `pathname` waits for the customer's record before it renders (so it never flashes first). */
export function needsOnboardingStatus(pathname: string): boolean {
  return isSelfDisclosurePath(pathname) || gatedRoutes.some((p) => matchPath(p, pathname));
}
