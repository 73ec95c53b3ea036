import {
  AppError,
  type ErrorCode,
  errorMessage,
  fieldViolationsOf,
  localizeViolations,
  type Violation,
  type ZodIssueLike,
} from '@token/domain/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { httpErrors } from '../observability/metrics.ts';

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  violations?: Violation[];
  requestId?: string;
};

/**
 * Answers with problem+json: `title` is the catalogue's sentence for `code` in the request's
 * language; `detail` is the failure's own wording when it has one, else that sentence too.
 */
export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number,
  extra: { detail?: string | undefined; violations?: Violation[] | undefined } = {},
) {
  const title = errorMessage(code, request.locale);
  const body: Problem = {
    type: `about:blank`,
    title,
    status,
    detail: extra.detail ?? title,
    code,
    ...(extra.violations ? { violations: extra.violations } : {}),
    requestId: request.id,
  };
  httpErrors.inc({
    method: request.method,
    route: request.routeOptions.url ?? 'unmatched',
    status: String(status),
    code,
  });
  return reply.status(status).type('application/problem+json; charset=utf-8').send(body);
}

/** The one error handler: expected errors become problem+json; anything else is logged and hidden. */
export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    return sendProblem(request, reply, error.code, error.status, {
      detail: error.detail,
      violations: error.violations && localizeViolations(error.violations, request.locale),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const ctx = error.validationContext;
    const issues = error.validation.map(
      (v): ZodIssueLike => ({
        ...(v.params as Record<string, unknown>),
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
      }),
    );
    // zod does not report inputs here, so the mapping reads the submitted values from the request.
    const input = ctx === 'body' ? request.body : ctx === 'params' ? request.params : request.query;
    const violations = localizeViolations(fieldViolationsOf(issues, input), request.locale);
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
  // The database gone for a moment (restarting, connections cut): a clear 503 the client may retry,
  // not a 500; the pool reconnects by itself once it is back.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', '5');
    return sendProblem(request, reply, 'service_unavailable', 503);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(request, reply, 'internal_error', 500);
}
