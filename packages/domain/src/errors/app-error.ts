import { type ErrorCode, errorStatus } from './catalogue.ts';
import type { FieldViolation } from './violations.ts';

export type AppErrorOptions = {
  /** Overrides the catalogue's status for this one failure (rarely needed). */
  status?: number;
  /** Server-side wording for the problem's `detail` (developers, logs); the title stays the catalogue's. */
  detail?: string;
  /** Field violations (422): codes, not sentences; the error handler words them in the reader's language. */
  violations?: FieldViolation[];
  /** For 429: when the caller may try again (the API sends it as `Retry-After`). */
  retryAfterSeconds?: number;
};

/**
 * An expected failure, thrown by services, jobs and routes alike (STYLE: `AppError(code, details)`).
 * It knows no HTTP beyond the catalogue's status; the API's error handler turns it into problem+json.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly violations: FieldViolation[] | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, opts: AppErrorOptions = {}) {
    super(opts.detail ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = opts.status ?? errorStatus(code);
    this.detail = opts.detail;
    this.violations = opts.violations;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

/** The failure of a `getX` whose X does not exist (or is not the caller's: convention 3 answers 404). */
export function notFound(detail?: string): AppError {
  return new AppError('not_found', detail === undefined ? {} : { detail });
}

/** A 422 with violations on the named fields (`validation_failed`). */
export function validationFailed(violations: FieldViolation[], detail?: string): AppError {
  return new AppError('validation_failed', { violations, ...(detail === undefined ? {} : { detail }) });
}
