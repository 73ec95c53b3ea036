import { homeRedirect, isProtectedPath, loginPathFor } from '@token/domain/navigation';
import { type ReactNode, useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate, useNavigation } from 'react-router';
import { useMarkFollowUpSeen } from '../features/onboarding/api/mark-follow-up-seen.ts';
import { contactRoute, onboardingOfRecord } from '../features/onboarding/onboarding-status.ts';
import { useChannel } from '../lib/channel.ts';
import { appRedirectState } from '../lib/navigation.ts';
import { useCustomerRecord, useSession } from '../lib/session.tsx';
import { entryRedirect, needsOnboardingStatus } from './entry-gates.ts';

type Gating = { redirectTo: string | null; pending: boolean };

/**
 * spec 2 entry gating: where a logged-in customer must go before this protected route, or null.
 * It reads `customer.onboarding` (the server's answer); while the record loads, a gated page waits
 * (`pending`) instead of flashing and then moving away.
 */
export function useEntryGating(pathname: string, isProtected: boolean): Gating {
  const { isLoggedIn } = useSession();
  const record = useCustomerRecord();
  const applies = isProtected && isLoggedIn && needsOnboardingStatus(pathname);
  const onboarding = isLoggedIn ? onboardingOfRecord(record.data) : null;
  const redirectTo = applies ? entryRedirect(pathname, onboarding) : null;

  // spec 2: more information needed leads to the contact page once per follow-up. The server keeps
  // that (`followUpSeenAt`): arriving at /contact while it is the next route records it, and the
  // record it answers names the step that is due, so the gates send on there afterwards.
  const followUpKey =
    isLoggedIn && pathname === contactRoute && onboarding?.nextRoute === contactRoute && record.data
      ? `${record.data.uuid}:${record.data.followUpMessage ?? ''}`
      : null;
  const markSeen = useMarkFollowUpSeen();
  const marked = useRef<string | null>(null);
  const { mutate } = markSeen;
  useEffect(() => {
    if (followUpKey === null || marked.current === followUpKey) return;
    marked.current = followUpKey;
    mutate();
  }, [followUpKey, mutate]);

  return { redirectTo, pending: applies && record.isPending };
}

/**
 * `<Navigate replace>` for a decision about the location it was rendered at: it moves only while
 * that location is still the router's. An effect can run after a newer navigation (Preact runs
 * effects after the next paint, decision 021): a logout on a protected page goes home, and the page's
 * stale "log in first" must not take the visitor to /login after that.
 */
function RedirectFrom({ at, to, state }: { at: string; to: string; state?: unknown }) {
  const navigate = useNavigate();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // a navigation under way (logout's way home, still loading its page) goes first; once the router
  // is idle again this looks anew, and at a new location the guard has decided anew
  const moving = useNavigation().state !== 'idle';
  useEffect(() => {
    if (moving) return;
    if (router && (router.state.location.key !== at || router.state.navigation.state !== 'idle')) return;
    void navigate(to, { replace: true, state });
  }, [router, at, to, state, navigate, moving]);
  return null;
}

/** Holds the page's room while something it depends on loads, so the footer does not jump. */
function Pending() {
  return <div className="min-h-dvh" aria-busy="true" data-testid="route-pending" />;
}

/**
 * spec 2 route rules before a page renders: `/?token_value=X` opens that order's invoices; a
 * logged-out visitor of a protected route (and of home when the channel says home requires login)
 * goes to /login?redirectPath=<wanted path>; a logged-in customer passes the entry gates.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { isLoggedIn } = useSession();
  const channel = useChannel();
  const isHome = location.pathname === '/';
  const homeRequiresLogin = channel.data?.homeRequiresLogin ?? false;
  const isProtected = isProtectedPath(location.pathname, { homeRequiresLogin });
  const gate = useEntryGating(location.pathname, isProtected);

  const invoices = isHome ? homeRedirect(location.search) : null;
  if (invoices) return <RedirectFrom at={location.key} to={invoices} />;
  // Home's reading depends on the channel; show nothing of it until that is known, but hold the
  // page's room so the footer does not sit high and then jump away (layout shift).
  if (isHome && channel.isPending) return <Pending />;
  if (isProtected && !isLoggedIn) {
    return <RedirectFrom at={location.key} to={loginPathFor(location.pathname + location.search)} />;
  }
  if (gate.pending) return <Pending />;
  // the gate's own move: the navigation guard does not ask about leaving the process for it
  if (gate.redirectTo) {
    return <RedirectFrom at={location.key} to={gate.redirectTo} state={appRedirectState} />;
  }
  return children;
}
