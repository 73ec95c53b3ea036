import type { SwaggerTransform } from '@fastify/swagger';
import { type ErrorCode, errorMessage, errorStatus } from '@token/domain/errors';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { isOperatorPath } from './auth.ts';

/** The problem+json body every error answers with (http/errors.ts `sendProblem`). */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string().describe("The error in the caller's language"),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe('Stable machine code from the error catalogue'),
    violations: z
      .array(z.object({ propertyPath: z.string(), message: z.string(), code: z.string() }))
      .optional()
      .describe('Field violations (422, and 400 for query parameters)'),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details' });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue codes a route answers beyond the common ones (documented in OpenAPI). */
    errors?: readonly ErrorCode[];
  }
}

type RouteConfig = { rateLimit?: unknown; auth?: string; errors?: readonly ErrorCode[] } | undefined;
type RouteFacts = { method: string; schema: FastifySchema | undefined; config: unknown; url?: string };

/** The route's effective auth: everything under /api/v2/admin/ is operator-only (http/auth.ts). */
function authOf(r: RouteFacts): string {
  if (isOperatorPath(r.url)) return 'operator';
  return (r.config as RouteConfig)?.auth ?? 'public';
}

/**
 * Whether a request of this method may carry a body that Fastify parses: every method but GET and
 * HEAD, even on a route without a body schema (a body there is parsed, so it can be too large, of a
 * type nobody parses, or hold characters the NUL guard refuses).
 */
function takesBody(r: RouteFacts): boolean {
  return Boolean(r.schema?.body) || !['GET', 'HEAD'].includes(r.method.toUpperCase());
}

/** Which error answers an operation can give, and through which catalogue codes. */
const errorAnswers: { status: number; codes: ErrorCode[]; appliesTo: (r: RouteFacts) => boolean }[] = [
  // Any query (unknown or control characters) or a malformed body; every route parses the URL.
  { status: 400, codes: ['bad_request', 'invalid_query', 'invalid_body'], appliesTo: () => true },
  { status: 404, codes: ['not_found'], appliesTo: (r) => Boolean(r.schema?.params) },
  { status: 413, codes: ['payload_too_large'], appliesTo: takesBody },
  { status: 414, codes: ['uri_too_long'], appliesTo: (r) => Boolean(r.schema?.params) },
  { status: 415, codes: ['unsupported_media_type'], appliesTo: takesBody },
  // A body the route does not read is still refused for NUL and control characters (http/nul-guard.ts).
  { status: 422, codes: ['validation_failed'], appliesTo: takesBody },
  {
    status: 401,
    codes: ['unauthorized'],
    appliesTo: (r) => ['customer', 'operator'].includes(authOf(r)),
  },
  {
    status: 403,
    codes: ['forbidden', 'operator_two_factor_required'],
    appliesTo: (r) => authOf(r) === 'operator',
  },
  {
    status: 429,
    codes: ['too_many_requests'],
    appliesTo: (r) => Boolean((r.config as RouteConfig)?.rateLimit),
  },
  { status: 500, codes: ['internal_error'], appliesTo: () => true },
];

/** The problem+json responses an operation documents, derived from its schema and config. */
export function errorResponsesFor(route: RouteFacts): Record<string, unknown> {
  const answers = errorAnswers.filter((a) => a.appliesTo(route)).map((a) => ({ ...a }));
  // The route's own codes (`config.errors`) join the answer of their status.
  for (const code of (route.config as RouteConfig)?.errors ?? []) {
    const status = errorStatus(code);
    const answer = answers.find((a) => a.status === status);
    if (!answer) answers.push({ status, codes: [code], appliesTo: () => true });
    else if (!answer.codes.includes(code)) answer.codes = [...answer.codes, code];
  }
  return Object.fromEntries(
    answers
      .sort((a, b) => a.status - b.status)
      .map((a) => [
        String(a.status),
        {
          description: `${a.codes.map((c) => errorMessage(c, 'en')).join(' / ')} (code: ${a.codes.join(', ')})`,
          content: { 'application/problem+json': { schema: problemSchema } },
        },
      ]),
  );
}

/**
 * Wraps the OpenAPI route transform so every operation documents its error answers in one place:
 * 400 and 500 everywhere, 404/414 with path parameters, 413/415/422 on every method but GET and
 * HEAD, 429 with a rate limit; and 304 on routes that send an ETag. A status a route documents
 * itself wins.
 */
export function withErrorResponses(transform: SwaggerTransform): SwaggerTransform {
  return (document) => {
    const { schema, route } = document;
    if (!schema || schema.hide) return transform(document);
    const own = (schema.response ?? {}) as Record<string, unknown>;
    const errors = errorResponsesFor({
      method: String(route.method),
      schema,
      config: route.config,
      url: route.url,
    });
    const out = transform({ ...document, schema: { ...schema, response: { ...errors, ...own } } });
    // Without a success schema @fastify/swagger would have said "200: Default Response"; keep saying it.
    if (!Object.keys(own).some((status) => status.startsWith('2'))) {
      out.schema.response = {
        200: { type: 'null', description: 'Default Response' },
        ...(out.schema.response as Record<string, unknown>),
      };
    }
    // Catalogue reads with `config: { etag: true }` answer a matching If-None-Match with 304 (http/etag.ts).
    if ((route.config as { etag?: boolean } | undefined)?.etag) {
      out.schema.response = {
        304: { type: 'null', description: 'Not Modified: If-None-Match names the current ETag' },
        ...(out.schema.response as Record<string, unknown>),
      };
    }
    return out;
  };
}
