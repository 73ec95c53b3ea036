import { ApiError, fetchFailure, problemOf } from './api-error.ts';
import { currentLocale } from './i18n.ts';

/*
 * The login session without React (spec 3 "Session (stored locally)", spec 4 authentication):
 * kept in localStorage so it survives reloads and is shared by every tab, refreshed once for all
 * concurrent requests, ended by logout, by a failed refresh or by a 401 of an authenticated call.
 * lib/api-client.ts asks it for the bearer token; lib/session.tsx turns it into React state.
 */

/** What is kept in localStorage under `session`. */
export type StoredSession = {
  /** The server's session id (the JWT's `sid`); the sessions list marks it as this device. */
  id: string;
  /** The customer's uuid (the JWT's `sub`). */
  uuid: string;
  /** The JWT access token (15 minutes). */
  token: string;
  /** The opaque refresh token; each works once, so only the newest may ever be sent. */
  refreshToken: string;
  /** When the access token expires, in ms on this device's clock (the JWT's `exp`, see below). */
  expiration: number;
  /** The customer as the login answered it (IRI `/api/v2/shop/customers/{uuid}`). */
  customerId: string;
  /** Login time and last authenticated use (ms): the server ends a session 30 minutes idle, 12 hours after login. */
  startedAt: number;
  lastUsedAt: number;
};

/** POST authentication-token and POST token/refresh answer this. */
export type TokenAnswer = { token: string; refresh_token: string; customer: string };

export type Credentials = { email: string; password: string; code?: string | undefined };

/**
 * Why a session ended: the customer logged out, the server no longer accepts it, another tab ended
 * it, or another account's login replaced it.
 */
export type SessionEndReason = 'logout' | 'expired' | 'other-tab' | 'replaced';

export const sessionStorageKey = 'session';
const apiBase = '/api/v2/shop';
/** spec 4: a token counts as expired 5 ms before its `exp`. */
export const expiryMarginMs = 5;
/** Refreshed this long before it expires, so a request never reaches the server with a token that just ran out. */
export const refreshAheadMs = 30_000;
/** Decision 006: a session ends 30 minutes after its last use and 12 hours after the login. */
const sessionIdleTimeoutMs = 30 * 60_000;
const sessionMaxLifetimeMs = 12 * 60 * 60_000;
/** lastUsedAt is written to storage at most this often (the server does the same). */
const touchIntervalMs = 60_000;

// ---------------------------------------------------------------------------------------------
// Pure rules

/** Whether the access token has run out at `now` (spec 4: 5 ms margin). */
export function isTokenExpired(s: StoredSession, now: number = Date.now()): boolean {
  return s.expiration - expiryMarginMs <= now;
}

/** Whether a request at `now` should refresh first. */
export function needsRefresh(s: StoredSession, now: number = Date.now()): boolean {
  return s.expiration - refreshAheadMs <= now;
}

/** Whether the server may still accept the refresh token (not idle too long, not too old). */
export function canRefresh(s: StoredSession, now: number = Date.now()): boolean {
  return now - s.lastUsedAt < sessionIdleTimeoutMs && now - s.startedAt < sessionMaxLifetimeMs;
}

/** spec 4: logged in while a token exists and is not expired, or can still be refreshed. */
export function isLoggedIn(s: StoredSession | null, now: number = Date.now()): s is StoredSession {
  return s !== null && (!isTokenExpired(s, now) || canRefresh(s, now));
}

type JwtClaims = { sub?: unknown; sid?: unknown; exp?: unknown; iat?: unknown };

function decodeJwt(token: string): JwtClaims {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  const b64 = payload.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as JwtClaims;
}

/**
 * The session a token answer starts. The expiration is the JWT's `exp`, moved onto this device's
 * clock by the difference between the token's `iat` and the moment it arrived, so a device whose
 * clock is off does not send tokens the server already counts as expired.
 */
export function sessionFromTokens(
  answer: TokenAnswer,
  opts: { now?: number; startedAt?: number } = {},
): StoredSession {
  const now = opts.now ?? Date.now();
  const claims = decodeJwt(answer.token);
  if (typeof claims.exp !== 'number' || typeof claims.sub !== 'string')
    throw new Error('token without exp/sub');
  const expiration =
    typeof claims.iat === 'number' ? now + (claims.exp - claims.iat) * 1000 : claims.exp * 1000;
  return {
    id: typeof claims.sid === 'string' ? claims.sid : '',
    uuid: claims.sub,
    token: answer.token,
    refreshToken: answer.refresh_token,
    expiration,
    customerId: answer.customer,
    startedAt: opts.startedAt ?? now,
    lastUsedAt: now,
  };
}

function parseStored(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<StoredSession>;
    const strings = [s.id, s.uuid, s.token, s.refreshToken, s.customerId];
    const numbers = [s.expiration, s.startedAt, s.lastUsedAt];
    if (strings.some((v) => typeof v !== 'string') || numbers.some((v) => typeof v !== 'number')) return null;
    return s as StoredSession;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Storage and state

function readStored(): StoredSession | null {
  try {
    return parseStored(localStorage.getItem(sessionStorageKey));
  } catch {
    return current;
  }
}

function writeStored(s: StoredSession | null) {
  try {
    if (s) localStorage.setItem(sessionStorageKey, JSON.stringify(s));
    else localStorage.removeItem(sessionStorageKey);
  } catch {
    // storage blocked: the session lives in this tab only
  }
}

let current: StoredSession | null = null;
/** spec 4 two-factor-required state; the credentials stay in memory only, never in storage. */
let twoFactorChallenge: { email: string; password: string } | null = null;
let lastTwoFactorState: TwoFactorState = { required: false, email: null };
const listeners = new Set<() => void>();
const endListeners = new Set<(reason: SessionEndReason) => void>();

function emit() {
  for (const l of listeners) l();
}

function load() {
  const stored = readStored();
  // A session the server has certainly ended is dropped at once instead of showing a logged-in header.
  if (stored && !isLoggedIn(stored)) {
    writeStored(null);
    current = null;
  } else {
    current = stored;
  }
}
load();

/** The current session, or null. */
export function getSession(): StoredSession | null {
  return current;
}

/** Re-renders on every change of the session or the two-factor state. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called whenever a session ends (clear per-user data there: query cache, favourites). */
export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function setSession(next: StoredSession) {
  current = next;
  writeStored(next);
  emit();
}

/** Ends the session on this device (no server call; see `logOut`). */
export function endSession(reason: SessionEndReason): void {
  const had = current !== null;
  current = null;
  twoFactorChallenge = null;
  if (reason !== 'other-tab') writeStored(null);
  emit();
  if (had) for (const l of endListeners) l(reason);
}

/** Notes an authenticated call, so the idle estimate follows the server's (written once a minute at most). */
export function touchSession(now: number = Date.now()): void {
  if (!current || now - current.lastUsedAt < touchIntervalMs) return;
  setSession({ ...current, lastUsedAt: now });
}

// ---------------------------------------------------------------------------------------------
// Calls

async function postJson<T>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${apiBase}/${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'accept-language': currentLocale(),
      },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw fetchFailure(err);
  }
  if (!res.ok) throw await problemOf(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/**
 * Refreshes across tabs one at a time (Web Locks): each refresh token works once, and a second
 * presentation ends the whole session (decision 006), so two tabs must never send the same one.
 */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  return locks.request('tokenwerk-session-refresh', fn) as Promise<T>;
}

async function runRefresh(): Promise<StoredSession | null> {
  // Storage holds the newest refresh token: another tab may have rotated it meanwhile.
  const latest = readStored();
  if (!latest) {
    if (current) endSession('other-tab');
    return null;
  }
  if (!needsRefresh(latest)) {
    if (latest.token !== current?.token) setSession(latest);
    return latest;
  }
  let answer: TokenAnswer;
  try {
    answer = await postJson<TokenAnswer>('token/refresh', { refresh_token: latest.refreshToken });
  } catch (err) {
    // spec 4: a refresh failing with 401 logs out; a network failure or 429 keeps the session.
    if (err instanceof ApiError && err.status === 401) {
      if (current?.id === latest.id) endSession('expired');
      return null;
    }
    throw err;
  }
  // A logout while the refresh ran wins (its revoke ends the rotated session on the server too).
  if (current === null || current.id !== latest.id) return null;
  const next = sessionFromTokens(answer, { startedAt: latest.startedAt });
  setSession(next);
  return next;
}

let refreshing: Promise<StoredSession | null> | null = null;

/** spec 4: one refresh for every request that needs it at the same time. */
export function refreshSession(): Promise<StoredSession | null> {
  refreshing ??= withRefreshLock(runRefresh).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The bearer token for a request, refreshed first when it has (nearly) expired; null when there
 * is no session. When a refresh fails for a reason other than 401 while the old token is still
 * valid, the old token is used.
 */
export async function accessToken(): Promise<string | null> {
  const s = adoptStored();
  if (!s) return null;
  if (!needsRefresh(s)) return s.token;
  try {
    const next = await refreshSession();
    return next?.token ?? null;
  } catch (err) {
    if (current && !isTokenExpired(current)) return current.token;
    throw err;
  }
}

/**
 * Storage is the truth and memory its copy: before a request, take what another tab (or anything
 * else) wrote since, without waiting for the storage event.
 */
function adoptStored(): StoredSession | null {
  const stored = readStored();
  if (!stored) {
    if (current) endSession('other-tab');
    return null;
  }
  if (current?.token !== stored.token || current.expiration !== stored.expiration) {
    if (current && current.uuid !== stored.uuid) for (const l of endListeners) l('replaced');
    current = stored;
    emit();
  }
  return current;
}

/** Starts the session of a token answer (after a login). */
export function startSession(answer: TokenAnswer): StoredSession {
  const next = sessionFromTokens(answer);
  const previous = current;
  twoFactorChallenge = null;
  // Another account's data must not survive into this one.
  if (previous && previous.uuid !== next.uuid) for (const l of endListeners) l('replaced');
  setSession(next);
  return next;
}

/**
 * POST authentication-token. spec 4: an answer flagging two-factor required (`two_factor_required`)
 * sets the two-factor-required state, keeping address and password in memory for `logInWithCode`.
 */
export async function logIn(credentials: Credentials): Promise<StoredSession> {
  const body = {
    email: credentials.email,
    password: credentials.password,
    ...(credentials.code ? { code: credentials.code } : {}),
  };
  try {
    return startSession(await postJson<TokenAnswer>('authentication-token', body));
  } catch (err) {
    if (err instanceof ApiError && err.code === 'two_factor_required') {
      twoFactorChallenge = { email: credentials.email, password: credentials.password };
      emit();
    }
    throw err;
  }
}

/** The second step of a login with two-factor: the remembered credentials plus a code. */
export async function logInWithCode(code: string): Promise<StoredSession> {
  if (!twoFactorChallenge) throw new ApiError({ status: 401, code: 'two_factor_required' });
  return logIn({ ...twoFactorChallenge, code });
}

export type TwoFactorState = { required: boolean; email: string | null };

/** The two-factor-required state (stable object for useSyncExternalStore). */
export function getTwoFactorState(): TwoFactorState {
  const email = twoFactorChallenge?.email ?? null;
  if (lastTwoFactorState.email !== email) lastTwoFactorState = { required: email !== null, email };
  return lastTwoFactorState;
}

/** Forgets the remembered credentials (back to the first login step). */
export function clearTwoFactorChallenge(): void {
  if (!twoFactorChallenge) return;
  twoFactorChallenge = null;
  emit();
}

/**
 * Logs out: ends the session here at once, then asks the server to end it too (POST token/revoke
 * works even when the access token has expired). The caller navigates to `/`.
 */
export async function logOut(): Promise<void> {
  const s = readStored() ?? current;
  endSession('logout');
  if (!s) return;
  try {
    await postJson<void>('token/revoke', { refresh_token: s.refreshToken });
  } catch {
    // Unreachable server: the session still ends there after 30 minutes without use.
  }
}

// ---------------------------------------------------------------------------------------------
// Other tabs

function onStorage(e: StorageEvent) {
  if (e.key !== sessionStorageKey && e.key !== null) return;
  const next = parseStored(e.key === null ? null : e.newValue);
  if (!next) {
    if (current) endSession('other-tab');
    return;
  }
  if (current && current.uuid !== next.uuid) for (const l of endListeners) l('replaced');
  current = next;
  emit();
}

function onVisible() {
  if (document.visibilityState === 'visible' && current && !isLoggedIn(current)) endSession('expired');
}

/** Keeps this tab in step with the others (login, refresh, logout) while the app runs. */
export function syncSessionAcrossTabs(): () => void {
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Tests only: re-reads storage and forgets the in-memory state. */
export function resetSessionStoreForTests(): void {
  refreshing = null;
  twoFactorChallenge = null;
  listeners.clear();
  endListeners.clear();
  load();
}
