import type { Readable } from 'node:stream';
import type { TestApp } from './create-test-app.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a client reads JSON
export type Json = any;

/** An answer as a client reads it: status, JSON body (`{}` when none), headers and the raw bytes. */
export type JsonAnswer = { status: number; body: Json; headers: Record<string, unknown>; raw: Buffer };

export type CallOptions = {
  token?: string | undefined;
  /** A JSON body (PATCH sends it as merge-patch, as the spec's client does). */
  body?: unknown;
  /** Bytes sent as they are (uploads). */
  raw?: Buffer | Readable;
  locale?: 'de' | 'en';
  headers?: Record<string, string>;
};

/**
 * One API call of a test as the spec's client makes it (JSON accepted, the caller's language, the
 * bearer token), through `app.inject`: the shared caller of the tests that speak to routes by URL.
 */
export function jsonCalls(t: () => TestApp) {
  return async function call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: CallOptions = {},
  ): Promise<JsonAnswer> {
    const patch = method === 'PATCH';
    const res = await t().app.inject({
      method,
      url,
      headers: {
        accept: 'application/json',
        'accept-language': opts.locale ?? 'de',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(patch ? { 'content-type': 'application/merge-patch+json' } : {}),
        ...opts.headers,
      },
      ...(opts.raw !== undefined
        ? { payload: opts.raw }
        : opts.body !== undefined
          ? { payload: patch ? JSON.stringify(opts.body) : (opts.body as object) }
          : {}),
    });
    let body: Json = {};
    try {
      body = res.json();
    } catch {}
    return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
  };
}

/** A path under the shop API. */
export const shopPath = (path: string) => `/api/v2/shop${path}`;
