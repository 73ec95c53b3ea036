import { type ErrorCode, errorMessage, type ViolationCode, violationMessage } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const statusByCode: Partial<Record<ErrorCode, number>> = {
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  bad_request: 400,
  invalid_query: 400,
  invalid_body: 400,
  validation_failed: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  not_acceptable: 406,
  too_many_requests: 429,
  service_unavailable: 503,
  internal_error: 500,
  uri_too_long: 414,
  headers_too_large: 431,
  request_timeout: 408,
  not_implemented: 501,
};

export type Violation = { propertyPath: string; message: string; code: string };

/** An expected failure: the handler maps `code` to a status and a problem+json body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly violations: Violation[] | undefined;
  constructor(code: ErrorCode, opts: { status?: number; detail?: string; violations?: Violation[] } = {}) {
    super(opts.detail ?? code);
    this.code = code;
    this.status = opts.status ?? statusByCode[code] ?? 400;
    this.violations = opts.violations;
  }
}

export function notFound(detail?: string): AppError {
  return new AppError('not_found', detail ? { detail } : {});
}

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  violations?: Violation[];
  requestId?: string;
};

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number,
  extra: { violations?: Violation[] | undefined } = {},
) {
  const body: Problem = {
    type: `about:blank`,
    title: errorMessage(code, request.locale),
    status,
    detail: errorMessage(code, request.locale),
    code,
    ...(extra.violations ? { violations: extra.violations } : {}),
    requestId: request.id,
  };
  return reply.status(status).type('application/problem+json; charset=utf-8').send(body);
}

type ZodIssueLike = { code: string; path: PropertyKey[]; message: string } & Record<string, unknown>;

/** Turns zod issues into spec-worded violations in the caller's language. */
export function zodIssuesToViolations(
  issues: readonly ZodIssueLike[],
  locale: Locale,
  input?: unknown,
): Violation[] {
  const out: Violation[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of (issue.keys as string[]) ?? []) {
        out.push({
          propertyPath: [...issue.path, key].join('.'),
          code: 'unknown_parameter',
          message: violationMessage('unknown_parameter', locale),
        });
      }
      continue;
    }
    const code = violationCodeOf(issue, valueAt(input, issue.path));
    const value = (issue.minimum ?? issue.maximum) as number | bigint | undefined;
    out.push({
      propertyPath: issue.path.join('.'),
      code,
      message: violationMessage(code, locale, value === undefined ? {} : { value: String(value) }),
    });
  }
  return out;
}

/** The submitted value at an issue's path (zod does not report inputs by default). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** spec 5: a missing or empty value is "required"; a value of the wrong kind is not. */
function violationCodeOf(issue: ZodIssueLike, value: unknown): ViolationCode {
  const isEmpty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  switch (issue.code) {
    case 'invalid_type':
      return isEmpty ? 'required' : 'invalid_type';
    case 'too_small':
      if (issue.origin === 'string') return isEmpty ? 'required' : 'too_short';
      return 'too_small';
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : 'too_big';
    case 'invalid_format':
      return issue.format === 'email' ? 'invalid_email' : 'invalid_value';
    default:
      return 'invalid_value';
  }
}

/** The one error handler: expected errors become problem+json; anything else is logged and hidden. */
export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return sendProblem(request, reply, error.code, error.status, { violations: error.violations });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const ctx = error.validationContext;
    const issues = error.validation.map(
      (v): ZodIssueLike => ({
        ...(v.params as Record<string, unknown>),
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? '',
      }),
    );
    const input = ctx === 'body' ? request.body : ctx === 'params' ? request.params : request.query;
    const violations = zodIssuesToViolations(issues, request.locale, input);
    if (ctx === 'body') return sendProblem(request, reply, 'validation_failed', 422, { violations });
    return sendProblem(request, reply, 'invalid_query', 400, { violations });
  }
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return sendProblem(request, reply, 'payload_too_large', 413);
  }
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return sendProblem(request, reply, 'unsupported_media_type', 415);
  }
  if (status === 429) return sendProblem(request, reply, 'too_many_requests', 429);
  if (status >= 400 && status < 500) {
    return sendProblem(request, reply, status === 400 ? 'invalid_body' : 'bad_request', status);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(request, reply, 'internal_error', 500);
}
