import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, errorMessage } from '@token/domain/errors';
import { negotiateLocale } from '@token/domain/i18n';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { type Problem, sendProblem } from './errors.ts';

type ClientError = Error & { code?: string; rawPacket?: unknown };

const rawOf = (err: ClientError) => (Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined);

/** A request line longer than this, when the header block overflows, is a too-long URL (414). */
const maxRequestLine = 8 * 1024;
/** RFC 9110 `token`: a well-formed method the server does not know answers 501, garbage 400. */
const methodToken = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ /;

/** The status and catalogue code for an error Node's HTTP parser raised before Fastify saw a request. */
export function clientErrorProblem(err: ClientError): { status: number; code: ErrorCode } {
  const raw =
    rawOf(err)
      ?.subarray(0, 64 * 1024)
      .toString('latin1') ?? '';
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW': {
      const lineEnd = raw.indexOf('\r\n');
      return lineEnd === -1 || lineEnd > maxRequestLine
        ? { status: 414, code: 'uri_too_long' }
        : { status: 431, code: 'headers_too_large' };
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout' };
    case 'HPE_INVALID_METHOD':
      return methodToken.test(raw)
        ? { status: 501, code: 'not_implemented' }
        : { status: 400, code: 'bad_request' };
    default:
      // Raw non-ASCII bytes in the URL or a header, broken framing, a wrong HTTP version.
      return { status: 400, code: 'bad_request' };
  }
}

/** The caller's language from the raw bytes, as far as an Accept-Language line can be found. */
function localeOf(raw: Buffer | undefined) {
  const head = raw?.subarray(0, 64 * 1024).toString('latin1') ?? '';
  const match = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(head);
  return negotiateLocale(undefined, match?.[1]);
}

/**
 * Fastify's `clientErrorHandler`: what Node's parser refuses (over-long headers or URL, raw
 * non-ASCII bytes, malformed methods) answers problem+json with the catalogue's code instead of
 * Fastify's default JSON. Written to the socket by hand: there is no request object yet.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, err: ClientError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code } = clientErrorProblem(err);
  const locale = localeOf(rawOf(err));
  const requestId = randomUUID();
  const problem: Problem = {
    type: 'about:blank',
    title: errorMessage(code, locale),
    status,
    detail: errorMessage(code, locale),
    code,
    requestId,
  };
  const body = JSON.stringify(problem);
  this.log.debug({ err, status, requestId }, 'client error');
  // As Node itself does: answer only when no response to an earlier pipelined request is in flight.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/problem+json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      `X-Request-Id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  // Whatever the client still sends is not read; close once the answer is out.
  socket.destroySoon();
}

/**
 * Fastify's `frameworkErrors`: what the router refuses (bad percent-encoding, an over-long path
 * parameter) answers problem+json in the caller's language.
 */
export function frameworkErrorHandler(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  request.locale = negotiateLocale(undefined, request.headers['accept-language']);
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void sendProblem(request, reply, status === 414 ? 'uri_too_long' : 'bad_request', status);
}
