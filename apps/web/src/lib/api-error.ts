export type Violation = { propertyPath: string; message: string; code: string };

/** A failed call: the API's machine `code` (problem+json), or `fetch_failed` when it was not reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly violations: Violation[];
  readonly requestId: string | undefined;
  /** Server-side wording, for the expandable detail of the notification bar. */
  readonly detail: string | undefined;
  /** Seconds to wait before trying again (429 Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(opts: {
    status: number;
    code: string;
    detail?: string | undefined;
    violations?: Violation[] | undefined;
    requestId?: string | undefined;
    retryAfterSeconds?: number | undefined;
  }) {
    super(opts.detail ?? opts.code);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code;
    this.detail = opts.detail;
    this.violations = opts.violations ?? [];
    this.requestId = opts.requestId;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

/** The ApiError of a failed response (problem+json when the API sent one). */
export async function problemOf(res: Response): Promise<ApiError> {
  const retryAfter = Number(res.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
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
      retryAfterSeconds,
    });
  } catch {
    return new ApiError({ status: res.status, code: `http_${res.status}`, retryAfterSeconds });
  }
}

/** A network failure (no answer at all) as an ApiError; aborts stay aborts. */
export function fetchFailure(err: unknown): Error {
  if (err instanceof DOMException && err.name === 'AbortError') return err;
  return new ApiError({ status: 0, code: 'fetch_failed' });
}
