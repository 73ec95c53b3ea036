import {
  AppError,
  type ErrorCode,
  errorMessage,
  errorStatus,
  isErrorCode,
  localizeViolations,
} from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import type { FastifyReply } from 'fastify';
import { type ExecutionResult, GraphQLError, type GraphQLFormattedError } from 'graphql';

/*
 * GraphQL errors in the catalogue's terms (convention 1): every error carries a catalogue code in
 * `extensions.code` and the catalogue's sentence in the request's language as `message`; the
 * technical reason (graphql-js's wording, a limit's figures) goes to `extensions.detail`. Nothing
 * unexpected leaks: an unknown failure is logged and answered as `internal_error`.
 */

type Execution = ExecutionResult & { statusCode?: number };
type FormatterContext = { reply?: FastifyReply; app?: { log: FastifyReply['log'] } };

type Classified = { code: ErrorCode; status: number; detail?: string; extra?: Record<string, unknown> };

function classify(error: GraphQLError, log: FastifyReply['log'] | undefined): Classified {
  const original = error.originalError as (Error & { statusCode?: number; code?: string }) | undefined;
  if (original instanceof AppError) {
    return {
      code: original.code,
      status: original.status,
      ...(original.detail ? { detail: original.detail } : {}),
      ...(original.violations ? { extra: { violations: original.violations } } : {}),
    };
  }
  const declared = error.extensions?.code;
  if (typeof declared === 'string' && isErrorCode(declared)) {
    const { code: _code, ...extra } = error.extensions;
    return { code: declared, status: errorStatus(declared), detail: error.message, extra };
  }
  if (!original || original instanceof GraphQLError) {
    // graphql-js's own: a syntax error, an unknown field, a wrong argument type, a bad variable.
    return { code: 'graphql_invalid_query', status: 400, detail: error.message };
  }
  const status = original.statusCode ?? 500;
  if (status === 413) return { code: 'payload_too_large', status };
  if (status === 415) return { code: 'unsupported_media_type', status };
  if (status >= 400 && status < 500)
    return { code: 'graphql_invalid_query', status: 400, detail: original.message };
  log?.error({ err: original }, 'unhandled GraphQL error');
  return { code: 'internal_error', status: 500 };
}

/** Mercurius' validation errors carry the real ones in `originalError.errors`. */
function flatten(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.flatMap((error) => {
    const inner = (error.originalError as { errors?: unknown } | undefined)?.errors;
    if (Array.isArray(inner))
      return inner.map((e) =>
        e instanceof GraphQLError
          ? e
          : new GraphQLError(String((e as Error).message ?? e), { originalError: e as Error }),
      );
    return [error];
  });
}

/**
 * Mercurius' `errorFormatter`: catalogue codes and sentences. The status follows mercurius: 200
 * whenever data came back (GraphQL over HTTP), else the errors' common status (400 for a malformed
 * or refused query, 401 for a customer field without a valid token), else 400.
 */
export function formatGraphQLErrors(execution: Execution, ctx: FormatterContext) {
  const request = ctx.reply?.request;
  const locale: Locale = request?.locale ?? 'de';
  const log = ctx.reply?.log ?? ctx.app?.log;
  const classified = flatten(execution.errors ?? []).map((error) => ({ error, ...classify(error, log) }));
  const errors: GraphQLFormattedError[] = classified.map(({ error, code, status, detail, extra }) => {
    const { violations, ...rest } = (extra ?? {}) as { violations?: AppError['violations'] };
    return {
      message: errorMessage(code, locale),
      ...(error.locations ? { locations: error.locations } : {}),
      ...(error.path ? { path: error.path } : {}),
      extensions: {
        code,
        status,
        ...(detail ? { detail } : {}),
        ...(violations ? { violations: localizeViolations(violations, locale) } : {}),
        ...rest,
      },
    };
  });
  const data = execution.data;
  const anyData = data != null && Object.values(data).some((v) => v !== null);
  let statusCode = 200;
  if (!anyData) {
    const statuses = new Set(classified.map((c) => c.status));
    statusCode =
      statuses.size === 1
        ? [...statuses][0]!
        : execution.statusCode && execution.statusCode >= 400
          ? execution.statusCode
          : 400;
    if (data != null && statuses.size === 1 && statusCode >= 500) statusCode = 500;
  }
  return { statusCode, response: { data: data ?? null, errors } };
}
