import type { BuyingCustomer } from '@token/domain/buying';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** The logged-in customer as the header and the buy rules need them; the accounts issue fills it. */
export type SessionCustomer = {
  uuid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string;
} & BuyingCustomer;

export type Session = {
  customer: SessionCustomer | null;
  isLoggedIn: boolean;
  logout: () => Promise<void>;
};

const loggedOut: Session = { customer: null, isLoggedIn: false, logout: async () => {} };

const SessionContext = createContext<Session>(loggedOut);

/**
 * Provides the session. There is no login yet: everyone is logged out. The accounts issue replaces
 * `value` with the real session (token, refresh, customer) without changing the consumers.
 */
export function SessionProvider({ children, value }: { children: ReactNode; value?: Session }) {
  const session = useMemo(() => value ?? loggedOut, [value]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
