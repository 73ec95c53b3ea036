import { useSyncExternalStore } from 'react';

/*
 * The token of the order being prepared in the order process (spec 2 orderProcess). Kept in
 * sessionStorage so a reload of a process page continues the same order, and forgotten when the
 * order completes or the process is left.
 */

const storageKey = 'orderProcess.tokenValue';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return sessionStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** The token of the order in the order process, or null. */
export function currentOrderToken(): string | null {
  return read();
}

/** Remembers (or with null forgets) the order of the order process. */
export function setCurrentOrderToken(tokenValue: string | null): void {
  try {
    if (tokenValue === null) sessionStorage.removeItem(storageKey);
    else sessionStorage.setItem(storageKey, tokenValue);
  } catch {
    // storage blocked: the process still works until a reload
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current order's token, re-rendering when it changes. */
export function useCurrentOrderToken(): string | null {
  return useSyncExternalStore(subscribe, read, read);
}

const lastKey = 'orderProcess.lastOrder';

/**
 * Remembers the order just completed, for the end-of-process pages a payment partner sends the
 * investor back to without the order's token (`/payment/success`, `/payment/cancel`).
 */
export function rememberLastOrder(tokenValue: string): void {
  try {
    sessionStorage.setItem(lastKey, tokenValue);
  } catch {
    // those pages then ask for the token in their query
  }
}

/** The order last completed in this tab, or null. */
export function lastOrderToken(): string | null {
  try {
    return sessionStorage.getItem(lastKey);
  } catch {
    return null;
  }
}
