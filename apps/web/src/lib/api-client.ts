import { ApiError, fetchFailure, problemOf } from './api-error.ts';
import { currentLocale } from './i18n.ts';
import { accessToken, endSession, getSession, touchSession } from './session-store.ts';

export { ApiError, type Violation } from './api-error.ts';

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** `json` (plain arrays, the default) or `ld` (Hydra collections with totals). */
  format?: 'json' | 'ld';
  signal?: AbortSignal | undefined;
  /**
   * Sends the session's bearer token, refreshed first when it has expired (spec 4). A 401 answer
   * then ends the session, except the 401s that judge what the form sent (a wrong password or code).
   */
  auth?: boolean;
};

type Fetch = (input: string, init: RequestInit) => Promise<Response>;
let fetchImpl: Fetch = (input, init) => fetch(input, init);

/**
 * The server render (decision 021) answers the page's calls inside the API process instead of over
 * the network; it sets its own fetch for the duration of one render. Null restores the browser's.
 */
export function setApiFetch(impl: Fetch | null): void {
  fetchImpl = impl ?? ((input, init) => fetch(input, init));
}

/** 401 codes about the submitted credentials, not about the session: they never log out. */
const credentialCodes = new Set(['bad_credentials', 'two_factor_required', 'two_factor_invalid']);

/**
 * Calls the shop API in the visitor's language (Accept-Language) and turns failures into ApiError.
 * Paths are relative to the site (`/api/v2/shop/...`). PATCH bodies go as merge-patch.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: opts.format === 'ld' ? 'application/ld+json' : 'application/json',
    'accept-language': currentLocale(),
  };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = opts.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
    body = JSON.stringify(opts.body);
  }
  let sessionId: string | undefined;
  if (opts.auth) {
    const token = await accessToken();
    const session = getSession();
    if (!token || !session) throw new ApiError({ status: 401, code: 'unauthorized' });
    sessionId = session.id;
    headers.authorization = `Bearer ${token}`;
  }
  let res: Response;
  try {
    res = await fetchImpl(path, { method: opts.method ?? 'GET', headers, body, signal: opts.signal ?? null });
  } catch (err) {
    throw fetchFailure(err);
  }
  if (!res.ok) {
    const problem = await problemOf(res);
    // spec 4/7: a 401 logs out, unless a newer session has started since this request left.
    if (
      opts.auth &&
      res.status === 401 &&
      !credentialCodes.has(problem.code) &&
      getSession()?.id === sessionId
    ) {
      endSession('expired');
    }
    throw problem;
  }
  if (opts.auth) touchSession();
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
