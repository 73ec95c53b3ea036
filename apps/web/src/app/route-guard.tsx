import { firstEntryGate, homeRedirect, isProtectedPath, loginPathFor } from '@token/domain/navigation';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useChannel } from '../lib/channel.ts';
import { useSession } from '../lib/session.tsx';
import { type EntryGateContext, entryGateRules } from './entry-gates.ts';

/** spec 2 entry gating: where a logged-in customer must go before this protected route, or null. */
export function useEntryGating(pathname: string, isProtected: boolean): string | null {
  const { customer } = useSession();
  if (!isProtected || !customer) return null;
  return firstEntryGate<EntryGateContext>(entryGateRules, { customer }, pathname)?.redirectTo ?? null;
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
  if (invoices) return <Navigate replace to={invoices} />;
  // Home's reading depends on the channel; show nothing of it until that is known, but hold the
  // page's room so the footer does not sit high and then jump away (layout shift).
  if (isHome && !isLoggedIn && channel.isPending) {
    return <div className="min-h-dvh" aria-busy="true" data-testid="route-pending" />;
  }
  if (isProtected && !isLoggedIn) {
    return <Navigate replace to={loginPathFor(location.pathname + location.search)} />;
  }
  if (gate) return <Navigate replace to={gate} />;
  return children;
}
