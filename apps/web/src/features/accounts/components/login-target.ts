import { useQueryClient } from '@tanstack/react-query';
import { isOperator } from '@token/domain/accounts';
import { safeRedirectPath } from '@token/domain/navigation';
import { useSearchParams } from 'react-router';
import { customerQuery } from '../../../lib/customer.ts';
import type { StoredSession } from '../../../lib/session-store.ts';

/** The operator's home: the compliance review (an operator has no investment dashboard to start on). */
export const operatorHome = '/admin';

/**
 * Where a login returns to: the wanted page of `redirectPath` (spec 2), never another site; and
 * the query that carries it on to the next login step. `hasRedirect` tells whether one was asked
 * for; without it `target` is home, which `useHomeAfterLogin` decides by who logged in.
 */
export function useLoginTarget(): { target: string; query: string; hasRedirect: boolean } {
  const [params] = useSearchParams();
  const raw = params.get('redirectPath');
  const target = safeRedirectPath(raw);
  return {
    target,
    query: raw ? `?${new URLSearchParams({ redirectPath: target })}` : '',
    hasRedirect: Boolean(raw),
  };
}

/**
 * Where a fresh login goes: the wanted page when `redirectPath` named one; else the account's
 * home, /admin for an operator (issue 22: the home `/` would gate an operator into the
 * self-disclosure) and `/` for an investor. It reads the customer's record, which the header asks
 * for next anyway; if that fails the login still goes home.
 */
export function useTargetAfterLogin(): (session: StoredSession) => Promise<string> {
  const queryClient = useQueryClient();
  const { target, hasRedirect } = useLoginTarget();
  return async (session) => {
    if (hasRedirect) return target;
    try {
      const record = await queryClient.fetchQuery(customerQuery(session.uuid));
      return isOperator(record.customerRolesAsString) ? operatorHome : target;
    } catch {
      return target;
    }
  };
}
