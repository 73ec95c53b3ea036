import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a server-rendered page is not yet hydrated (on the server and in the hydrating render),
 * true once React owns the page; always true in a page rendered in the browser alone.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** The mark e2e tests and monitoring wait for: React owns the document (`html[data-app-ready]`). */
export const appReadyAttribute = 'data-app-ready';
