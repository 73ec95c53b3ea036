import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { isOperator, isProfessionalInvestor } from '@token/domain/accounts';
import type { BuyingCustomer } from '@token/domain/buying';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { ApiError } from './api-error.ts';
import { customerQuery } from './customer.ts';
import { notifyFailure } from './error-text.tsx';
import {
  getSession,
  getTwoFactorState,
  isLoggedIn,
  logOut,
  onSessionEnd,
  type StoredSession,
  subscribeSession,
  syncSessionAcrossTabs,
  type TwoFactorState,
} from './session-store.ts';

/** The logged-in customer as the header and the buy rules need them. */
export type SessionCustomer = {
  uuid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string;
  /** An operator (role `admin`): the header links to the compliance review at /admin. */
  isOperator: boolean;
} & BuyingCustomer;

export type Session = {
  /** The customer once their record has loaded; null while loading and when logged out. */
  customer: SessionCustomer | null;
  isLoggedIn: boolean;
  /** Ends the session here and on the server and forgets the customer's data; the caller goes to `/`. */
  logout: () => Promise<void>;
};

const loggedOut: Session = { customer: null, isLoggedIn: false, logout: async () => {} };

const SessionContext = createContext<Session>(loggedOut);

/** The stored session (ids and tokens), re-rendering on login, refresh and logout in any tab. */
export function useSessionState(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** spec 4 two-factor-required state: set when a login answered `two_factor_required`. */
export function useTwoFactorState(): TwoFactorState {
  return useSyncExternalStore(subscribeSession, getTwoFactorState, getTwoFactorState);
}

/** The logged-in customer's full record (GET customers/{uuid}). */
export function useCustomerRecord() {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery(customerQuery(uuid));
}

const sessionStartHooks = new Set<(queryClient: QueryClient) => unknown>();

/**
 * Runs `hook` whenever a session starts (a login) or is found at start-up, e.g. spec 4's favourite
 * remembered while logged out. Returns the unsubscribe.
 */
export function onSessionStart(hook: (queryClient: QueryClient) => unknown): () => void {
  sessionStartHooks.add(hook);
  return () => sessionStartHooks.delete(hook);
}

function LiveSessionProvider({ children }: { children: ReactNode }) {
  const stored = useSessionState();
  const queryClient = useQueryClient();
  const record = useCustomerRecord();

  useEffect(() => syncSessionAcrossTabs(), []);
  const sessionId = stored?.id;
  useEffect(() => {
    if (!sessionId) return;
    for (const hook of sessionStartHooks) void hook(queryClient);
  }, [sessionId, queryClient]);
  useEffect(
    () =>
      onSessionEnd((reason) => {
        // spec 4: logout clears the user and favourites; nothing of one account outlives its session.
        queryClient.clear();
        if (reason === 'expired') {
          notifyFailure(new ApiError({ status: 401, code: 'refresh_token_invalid' }), 'info');
        }
      }),
    [queryClient],
  );

  const data = stored ? record.data : undefined;
  const customer = useMemo<SessionCustomer | null>(
    () =>
      data
        ? {
            uuid: data.uuid,
            email: data.email,
            firstName: data.firstName,
            lastName: data.lastName,
            fullName: data.fullName,
            // a record without its roles (an answer of another shape) makes nobody an operator
            isOperator: isOperator(data.customerRolesAsString),
            hasWallet: data.defaultWallet !== null,
            kycPassed: data.kycPassed === true,
            status: data.status,
            cryptoRegistrarStatus: data.cryptoRegistrarStatus,
            // a record without roles (older answers) is no professional
            isProfessional: isProfessionalInvestor(data.customerRolesAsString),
          }
        : null,
    [data],
  );
  const value = useMemo<Session>(
    () => ({ customer, isLoggedIn: isLoggedIn(stored), logout: logOut }),
    [customer, stored],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * Provides the session: the stored tokens (lib/session-store.ts) and the customer's record.
 * Tests pass a fixed `value` instead.
 */
export function SessionProvider({ children, value }: { children: ReactNode; value?: Session }) {
  if (value) return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
  return <LiveSessionProvider>{children}</LiveSessionProvider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
