import { AppError } from '@token/domain/errors';
import { decodeJwt } from 'jose';
import type { FetchedIdentification } from './port.ts';

/**
 * The calls of IDnow's gateway API v1 (`{gateway}/api/v1/{companyid}/…`) that need its login token,
 * shared by the IDnow adapter and the sandbox partner (which serves the same API under
 * `/sandbox/kyc/api/v1/…`), so one code path logs in, keeps the token and reads results:
 * - `POST /login` with `{ apiKey }` answers `{ authToken }`, a JWT sent as `X-API-LOGIN-TOKEN`;
 * - `GET /identifications/{transactionnumber}` answers the identification's result in the shape of
 *   the result callback (`identificationprocess`, `userdata`, …), or an error answer while IDnow has
 *   none (`{ errors: [{ cause }] }`).
 *
 * Token lifetime (decision 029): IDnow documents the token as a JWT but, in the pages read, no fixed
 * lifetime; the token's own `exp` claim is therefore its lifetime, and it is renewed
 * `loginTokenMarginMs` before it. A token without a readable `exp` is kept `loginTokenFallbackMs`.
 * Whatever the clock says, a 401 answer drops the token and the call is made once more after a
 * fresh login.
 */

/** A token is renewed this long before its `exp`: clocks differ, and a call takes time. */
export const loginTokenMarginMs = 5 * 60 * 1000;
/** How long a token without a readable `exp` is kept (shorter than any lifetime seen in practice). */
export const loginTokenFallbackMs = 10 * 60 * 1000;

type Logger = { warn: (obj: object, msg: string) => void };

export type IdnowApiClient = {
  /** A POST with the login token (and `X-API-KEY`), renewed once on 401; answers status and JSON. */
  post: (path: string, body: unknown) => Promise<{ status: number; json: unknown; causes: string[] }>;
  /** The identification's result as IDnow's API reports it now. */
  fetchResult: (transactionNumber: string) => Promise<FetchedIdentification>;
};

/** When a login token stops being used: its `exp` minus the margin, or the fallback. */
export function loginTokenUntil(token: string, nowMs: number): number {
  let exp: number | undefined;
  try {
    exp = decodeJwt(token).exp;
  } catch {
    exp = undefined;
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return nowMs + loginTokenFallbackMs;
  return Math.max(nowMs, exp * 1000 - loginTokenMarginMs);
}

/** Error causes of IDnow's API that mean "no result for this transaction (yet)". */
const notFoundCauses = new Set(['OBJECT_NOT_FOUND', 'IDENTIFICATION_NOT_FOUND', 'NOT_FOUND']);

export function createIdnowApiClient(opts: {
  /** `{gateway}/api/v1/{companyid}` without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  logger?: Logger;
  now?: () => number;
  /** The partner's name in errors and logs. */
  name?: string;
}): IdnowApiClient {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const now = opts.now ?? Date.now;
  const name = opts.name ?? 'IDnow';
  let login: { token: string; until: number } | null = null;

  /** One HTTP call; a network failure or timeout is `partner_unavailable`. */
  async function call(method: 'GET' | 'POST', path: string, body: unknown, headers: Record<string, string>) {
    let res: Response;
    try {
      res = await doFetch(`${opts.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      opts.logger?.warn(
        { path: path.replace(/identifications\/[^/]+/, 'identifications/…'), err: String(err) },
        `${name} unreachable`,
      );
      throw new AppError('partner_unavailable', { detail: `${name} could not be reached` });
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const errors = (json as { errors?: { cause?: string }[] } | null)?.errors;
    return {
      status: res.status,
      json,
      causes: Array.isArray(errors) ? errors.map((e) => String(e?.cause)) : [],
    };
  }

  async function loginToken(): Promise<string> {
    if (login && login.until > now()) return login.token;
    const res = await call('POST', '/login', { apiKey: opts.apiKey }, {});
    const token = (res.json as { authToken?: unknown } | null)?.authToken;
    if (res.status !== 200 || typeof token !== 'string' || !token) {
      opts.logger?.warn({ status: res.status, causes: res.causes }, `${name} login refused`);
      throw new AppError('partner_unavailable', { detail: `${name} login failed (${res.status})` });
    }
    login = { token, until: loginTokenUntil(token, now()) };
    return token;
  }

  /** A call with the login token; on 401 (the token expired early or was revoked) once more, freshly logged in. */
  async function authorised(method: 'GET' | 'POST', path: string, body?: unknown) {
    const headers = async () => ({ 'x-api-key': opts.apiKey, 'x-api-login-token': await loginToken() });
    const res = await call(method, path, body, await headers());
    if (res.status !== 401) return res;
    login = null;
    return call(method, path, body, await headers());
  }

  return {
    post: (path, body) => authorised('POST', path, body),

    async fetchResult(transactionNumber) {
      const res = await authorised('GET', `/identifications/${encodeURIComponent(transactionNumber)}`);
      if (res.status === 404 || res.causes.some((c) => notFoundCauses.has(c))) return { status: 'not_found' };
      if (res.status !== 200 || res.json === null || typeof res.json !== 'object') {
        opts.logger?.warn({ status: res.status, causes: res.causes }, `${name} result not readable`);
        throw new AppError('partner_unavailable', { detail: `${name} answered ${res.status} for a result` });
      }
      const result = (res.json as { identificationprocess?: { result?: unknown } }).identificationprocess
        ?.result;
      // An identification IDnow knows but has not decided (no result yet) is still open.
      if (typeof result !== 'string' || result === '') return { status: 'open' };
      return { status: 'result', body: res.json };
    },
  };
}
