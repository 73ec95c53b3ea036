import type { Violation } from '@token/domain/errors';
import { currentLocale } from './i18n.ts';

/** A failed call: the API's machine `code` (problem+json), or `fetch_failed` when it was not reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly violations: Violation[];
  readonly requestId: string | undefined;
  /** Server-side wording, for the expandable detail of the notification bar. */
  readonly detail: string | undefined;

  constructor(opts: {
    status: number;
    code: string;
    detail?: string | undefined;
    violations?: Violation[] | undefined;
    requestId?: string | undefined;
  }) {
    super(opts.detail ?? opts.code);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code;
    this.detail = opts.detail;
    this.violations = opts.violations ?? [];
    this.requestId = opts.requestId;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** `json` (plain arrays, the default) or `ld` (Hydra collections with totals). */
  format?: 'json' | 'ld';
  signal?: AbortSignal | undefined;
};

/**
 * Calls the shop API in the visitor's language (Accept-Language) and turns failures into ApiError.
 * Paths are relative to the site (`/api/v2/shop/...`); the session issue adds the bearer token here.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: opts.format === 'ld' ? 'application/ld+json' : 'application/json',
    'accept-language': currentLocale(),
  };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: opts.method ?? 'GET', headers, body, signal: opts.signal ?? null });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError({ status: 0, code: 'fetch_failed' });
  }
  if (!res.ok) throw await problemOf(res);
  if (res.status === 204) return undefined as T;
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new ApiError({ status: res.status, code: 'fetch_failed', detail: 'The answer was not JSON' });
  }
  // Answers are typed by the domain's view types; the API's own tests hold it to them.
  return data as T;
}

async function problemOf(res: Response): Promise<ApiError> {
  try {
    const p = (await res.json()) as {
      code?: string;
      detail?: string;
      violations?: Violation[];
      requestId?: string;
    };
    return new ApiError({
      status: res.status,
      code: typeof p.code === 'string' ? p.code : `http_${res.status}`,
      detail: p.detail,
      violations: Array.isArray(p.violations) ? p.violations : [],
      requestId: p.requestId,
    });
  } catch {
    return new ApiError({ status: res.status, code: `http_${res.status}` });
  }
}
