import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';
import {
  expiryMarginMs,
  getSession,
  getTwoFactorState,
  isLoggedIn,
  isTokenExpired,
  logIn,
  logInWithCode,
  logOut,
  onSessionEnd,
  resetSessionStoreForTests,
  type StoredSession,
  sessionFromTokens,
  sessionStorageKey,
  syncSessionAcrossTabs,
} from './session-store.ts';
import { defined } from './test-defined.ts';

const uuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';

/** An unsigned JWT as the API shapes it (the client only reads it). */
function jwt(claims: { sub?: string; sid?: string; iat: number; exp: number }): string {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: uuid, sid: 'sess-1', ...claims })}.sig`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function tokens(n: number) {
  const iat = nowSeconds();
  return {
    token: jwt({ iat, exp: iat + 900 }),
    refresh_token: `refresh-${n}`,
    customer: `/api/v2/shop/customers/${uuid}`,
  };
}

function storeSession(over: Partial<StoredSession> = {}) {
  const now = Date.now();
  const s: StoredSession = {
    id: 'sess-1',
    uuid,
    token: jwt({ iat: nowSeconds() - 900, exp: nowSeconds() }),
    refreshToken: 'refresh-0',
    expiration: now + 10 * 60_000,
    customerId: `/api/v2/shop/customers/${uuid}`,
    startedAt: now - 60_000,
    lastUsedAt: now - 1_000,
    ...over,
  };
  localStorage.setItem(sessionStorageKey, JSON.stringify(s));
  resetSessionStoreForTests();
  return s;
}

const problem = (status: number, code: string) =>
  new Response(JSON.stringify({ status, code, title: code }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

type Call = { url: string; method: string; body: unknown; authorization: string | null };

/** A fake API: `routes` answer by `METHOD path`; every call is recorded. */
function fakeApi(routes: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const headers = new Headers(init.headers);
      const call = {
        url: input,
        method,
        body: init.body ? JSON.parse(init.body as string) : undefined,
        authorization: headers.get('authorization'),
      };
      calls.push(call);
      const route = routes[`${method} ${input.replace('/api/v2/shop/', '')}`];
      if (!route) return problem(404, 'route_not_found');
      return route(call);
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  resetSessionStoreForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('expiry (spec 4: 5 ms margin)', () => {
  it('counts a token as expired from 5 ms before its expiration', () => {
    const s = storeSession({ expiration: 1_000_000 });
    expect(expiryMarginMs).toBe(5);
    expect(isTokenExpired(s, 1_000_000 - 6)).toBe(false);
    expect(isTokenExpired(s, 1_000_000 - 5)).toBe(true);
  });

  it('stays logged in with an expired token while the session can still be refreshed', () => {
    const now = Date.now();
    const s = storeSession({ expiration: now - 1_000 });
    expect(isLoggedIn(s, now)).toBe(true);
    // 30 minutes without use: the server has ended the session
    expect(isLoggedIn({ ...s, lastUsedAt: now - 31 * 60_000 }, now)).toBe(false);
    // 12 hours after the login at the latest
    expect(isLoggedIn({ ...s, startedAt: now - 12 * 60 * 60_000 - 1 }, now)).toBe(false);
    expect(isLoggedIn(null, now)).toBe(false);
  });

  it('drops a stored session the server has certainly ended', () => {
    storeSession({ expiration: Date.now() - 1_000, lastUsedAt: Date.now() - 40 * 60_000 });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
  });

  it("reads the expiration from the JWT's exp, on this device's clock", () => {
    const iat = nowSeconds() - 3_600; // the server's clock is an hour behind
    const s = sessionFromTokens(
      { token: jwt({ iat, exp: iat + 900 }), refresh_token: 'r', customer: 'c' },
      { now: 5_000_000 },
    );
    expect(s.expiration).toBe(5_000_000 + 900_000);
    expect(s).toMatchObject({ id: 'sess-1', uuid, refreshToken: 'r', customerId: 'c' });
  });
});

describe('refresh (spec 4)', () => {
  it('refreshes an expired token once for all concurrent requests', async () => {
    storeSession({ expiration: Date.now() - 1_000 });
    const fresh = tokens(1);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const calls = fakeApi({
      'POST token/refresh': async () => {
        await held;
        return Response.json(fresh);
      },
      [`GET customers/${uuid}`]: () => Response.json({ uuid }),
      'GET sessions': () => Response.json([]),
    });
    const requests = [
      apiRequest(`/api/v2/shop/customers/${uuid}`, { auth: true }),
      apiRequest('/api/v2/shop/sessions', { auth: true }),
      apiRequest(`/api/v2/shop/customers/${uuid}`, { auth: true }),
    ];
    release();
    await Promise.all(requests);
    const refreshes = calls.filter((c) => c.url.endsWith('token/refresh'));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refresh_token: 'refresh-0' });
    const authorized = calls.filter((c) => !c.url.endsWith('token/refresh'));
    expect(authorized.map((c) => c.authorization)).toEqual(Array(3).fill(`Bearer ${fresh.token}`));
    // the rotated refresh token is what storage holds now (each works once)
    expect(JSON.parse(defined(localStorage.getItem(sessionStorageKey))).refreshToken).toBe('refresh-1');
  });

  it('sends a valid token as it is', async () => {
    const s = storeSession();
    const calls = fakeApi({ 'GET sessions': () => Response.json([]) });
    await apiRequest('/api/v2/shop/sessions', { auth: true });
    expect(calls.map((c) => [c.url, c.authorization])).toEqual([
      ['/api/v2/shop/sessions', `Bearer ${s.token}`],
    ]);
  });

  it('logs out when the refresh answers 401', async () => {
    storeSession({ expiration: Date.now() - 1_000 });
    const ended = vi.fn();
    onSessionEnd(ended);
    const calls = fakeApi({ 'POST token/refresh': () => problem(401, 'refresh_token_invalid') });
    await expect(apiRequest('/api/v2/shop/sessions', { auth: true })).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    expect(ended).toHaveBeenCalledWith('expired');
    // the protected call itself was never sent
    expect(calls.map((c) => c.url)).toEqual(['/api/v2/shop/token/refresh']);
  });

  it('keeps the session when the refresh fails for another reason', async () => {
    storeSession({ expiration: Date.now() - 1_000 });
    fakeApi({ 'POST token/refresh': () => problem(429, 'too_many_requests') });
    await expect(apiRequest('/api/v2/shop/sessions', { auth: true })).rejects.toMatchObject({ status: 429 });
    expect(getSession()).not.toBeNull();
  });
});

describe('401 answers (spec 4: any 401 logs out)', () => {
  it('logs out when an authenticated call answers 401', async () => {
    storeSession();
    const ended = vi.fn();
    onSessionEnd(ended);
    fakeApi({ 'GET sessions': () => problem(401, 'unauthorized') });
    await expect(apiRequest('/api/v2/shop/sessions', { auth: true })).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    expect(ended).toHaveBeenCalledWith('expired');
  });

  it.each(['two_factor_invalid', 'two_factor_required', 'bad_credentials'])(
    'keeps the session for a 401 %s (it judges what the form sent)',
    async (code) => {
      storeSession();
      fakeApi({ 'POST email-change-requests': () => problem(401, code) });
      await expect(
        apiRequest('/api/v2/shop/email-change-requests', { method: 'POST', body: {}, auth: true }),
      ).rejects.toMatchObject({ code });
      expect(getSession()).not.toBeNull();
    },
  );

  it('does not log out on the 401 of the login itself', async () => {
    fakeApi({ 'POST authentication-token': () => problem(401, 'bad_credentials') });
    const ended = vi.fn();
    onSessionEnd(ended);
    await expect(logIn({ email: 'a@example.com', password: 'x' })).rejects.toMatchObject({
      code: 'bad_credentials',
    });
    expect(ended).not.toHaveBeenCalled();
  });

  it('a call without a session does not reach the server', async () => {
    const calls = fakeApi({});
    await expect(apiRequest('/api/v2/shop/sessions', { auth: true })).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(calls).toHaveLength(0);
  });
});

describe('login and two-factor (spec 4)', () => {
  it('stores the session of a login', async () => {
    const answer = tokens(1);
    fakeApi({ 'POST authentication-token': () => Response.json(answer) });
    const s = await logIn({ email: 'erika@example.com', password: 'Quarz-Fenster-48!' });
    expect(s).toMatchObject({ uuid, id: 'sess-1', token: answer.token, refreshToken: 'refresh-1' });
    expect(JSON.parse(defined(localStorage.getItem(sessionStorageKey)))).toEqual(s);
  });

  it('two_factor_required sets the two-factor-required state; the code step reuses the credentials from memory', async () => {
    const answer = tokens(2);
    const calls = fakeApi({
      'POST authentication-token': (call) =>
        (call.body as { code?: string }).code === '123456'
          ? Response.json(answer)
          : problem(401, 'two_factor_required'),
    });
    expect(getTwoFactorState().required).toBe(false);
    await expect(logIn({ email: 'erika@example.com', password: 'Quarz-Fenster-48!' })).rejects.toMatchObject({
      code: 'two_factor_required',
    });
    expect(getTwoFactorState()).toEqual({ required: true, email: 'erika@example.com' });
    expect(getSession()).toBeNull();
    // never written anywhere persistent
    expect(JSON.stringify({ ...localStorage })).not.toContain('Quarz-Fenster-48!');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('Quarz-Fenster-48!');

    await logInWithCode('123456');
    expect(calls.at(-1)?.body).toEqual({
      email: 'erika@example.com',
      password: 'Quarz-Fenster-48!',
      code: '123456',
    });
    expect(getTwoFactorState().required).toBe(false);
    expect(getSession()?.token).toBe(answer.token);
  });
});

describe('logout', () => {
  it('revokes the newest refresh token and forgets the session', async () => {
    storeSession();
    // another tab rotated the refresh token meanwhile
    localStorage.setItem(
      sessionStorageKey,
      JSON.stringify({
        ...JSON.parse(defined(localStorage.getItem(sessionStorageKey))),
        refreshToken: 'refresh-9',
      }),
    );
    const ended = vi.fn();
    onSessionEnd(ended);
    const calls = fakeApi({ 'POST token/revoke': () => new Response(null, { status: 204 }) });
    await logOut();
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/v2/shop/token/revoke', { refresh_token: 'refresh-9' }],
    ]);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    expect(ended).toHaveBeenCalledWith('logout');
  });

  it('follows a logout and a login in another tab', () => {
    const s = storeSession();
    const stop = syncSessionAcrossTabs();
    const ended = vi.fn();
    onSessionEnd(ended);
    localStorage.removeItem(sessionStorageKey);
    window.dispatchEvent(
      new StorageEvent('storage', { key: sessionStorageKey, oldValue: '{}', newValue: null }),
    );
    expect(getSession()).toBeNull();
    expect(ended).toHaveBeenCalledWith('other-tab');

    const again = JSON.stringify({ ...s, refreshToken: 'refresh-5' });
    window.dispatchEvent(new StorageEvent('storage', { key: sessionStorageKey, newValue: again }));
    expect(getSession()?.refreshToken).toBe('refresh-5');
    stop();
  });
});
