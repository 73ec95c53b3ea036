import { useSyncExternalStore } from 'react';
import { onSessionEnd } from '../../lib/session-store.ts';

/*
 * spec 4: "a closed banner is not shown again until cleanup on logout". The banners a customer
 * closed, kept for their session (localStorage, so a reload and the other tabs keep them closed)
 * and forgotten when the session ends. A mark of another session is never read.
 */

const storageKey = 'banners.closed';
type Stored = { sessionId: string; closed: string[] };

let current: Stored | null = null;
let loaded = false;
const listeners = new Set<() => void>();

function read(): Stored | null {
  try {
    const raw = localStorage.getItem(storageKey);
    const parsed = raw ? (JSON.parse(raw) as Partial<Stored>) : null;
    if (typeof parsed?.sessionId !== 'string' || !Array.isArray(parsed.closed)) return null;
    return { sessionId: parsed.sessionId, closed: parsed.closed.filter((c) => typeof c === 'string') };
  } catch {
    return null;
  }
}

function stored(): Stored | null {
  if (!loaded) {
    current = read();
    loaded = true;
  }
  return current;
}

function write(next: Stored | null) {
  current = next;
  loaded = true;
  try {
    if (next) localStorage.setItem(storageKey, JSON.stringify(next));
    else localStorage.removeItem(storageKey);
  } catch {
    // storage blocked: closed for this tab only
  }
  for (const l of listeners) l();
}

/** The id of a banner: its kind, and for "more information needed" the request it shows. */
export function bannerId(banner: string, followUpMessage?: string | null): string {
  return banner === 'more_information' ? `${banner}:${followUpMessage ?? ''}` : banner;
}

/** Whether the banner was closed in this session. */
export function isBannerClosed(sessionId: string, id: string): boolean {
  const s = stored();
  return s !== null && s.sessionId === sessionId && s.closed.includes(id);
}

/** Closes a banner for the rest of the session. */
export function closeBanner(sessionId: string, id: string): void {
  const s = stored();
  const closed = s && s.sessionId === sessionId ? s.closed : [];
  if (closed.includes(id)) return;
  write({ sessionId, closed: [...closed, id] });
}

/** Forgets every closed banner (logout, a session that ended; tests). */
export function forgetClosedBanners(): void {
  write(null);
}
onSessionEnd(forgetClosedBanners);

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== storageKey && e.key !== null) return;
    loaded = false;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the banner `id` is closed in `sessionId`, re-rendering when it is closed (here or in another tab). */
export function useBannerClosed(sessionId: string | undefined, id: string | null): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (sessionId && id ? isBannerClosed(sessionId, id) : false),
    () => false,
  );
}
