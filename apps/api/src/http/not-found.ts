import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerRenderer } from '../server-render.ts';
import { sendProblem } from './errors.ts';
import type { App } from './types.ts';

/** A last path segment with a file extension (`/robots.txt`, `/foo.png`), not a page of the SPA. */
const fileLikePath = /\/[^/]*\.[A-Za-z][A-Za-z0-9]{0,7}$/;
/** SPA pages whose last segment may hold a dot: a user name (`/profile/anna.berg`). */
const pagesWithDots = /^\/profile\/[^/]+$/;

/**
 * The methods this API knows (RFC 9110 and PATCH). TRACE is one of them although no route serves
 * it: on an existing path it answers 405 with `Allow` like any other method the path does not serve.
 * Any other method (CONNECT, WebDAV's, PURGE, ...) is not implemented anywhere: 501. OPTIONS is
 * answered here for every existing path.
 */
const knownMethods = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE'];

/** The methods that `path` answers to, by asking the router as a request would (HEAD where GET). */
export function allowedMethods(app: App, path: string): string[] {
  return knownMethods.filter((method) => app.findRoute({ method: method as 'GET', url: path }) !== null);
}

/**
 * What answers when no route matched the method and path:
 * - a path that exists under other methods: 405 with `Allow` (OPTIONS: 204 with `Allow`);
 * - a method the API does not know at all: 501;
 * - GET/HEAD of any other non-API path without a file extension: a public page rendered on the
 *   server (decision 021; unknown pages render page-not-found with 404), else the SPA's index.html; other methods there: 405 with `Allow: GET, HEAD, OPTIONS`;
 * - unknown API paths: 404 `route_not_found`; unknown file-like paths: 404 `not_found`.
 */
export function createNotFoundHandler(
  app: App,
  opts: { hasWeb: boolean; serverRenderer?: ServerRenderer | null },
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    let allowed = allowedMethods(app, path);
    if (
      allowed.length === 0 &&
      opts.hasWeb &&
      !isApi &&
      (!fileLikePath.test(path) || pagesWithDots.test(path))
    ) {
      if (request.method === 'GET' || request.method === 'HEAD') {
        // the public pages are rendered on the server (decision 021); the rest gets the shell
        if (opts.serverRenderer?.renders(path)) return opts.serverRenderer.send(request, reply);
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      allowed = ['GET', 'HEAD'];
    }
    if (allowed.length > 0) {
      reply.header('allow', [...allowed.filter((m) => m !== 'OPTIONS'), 'OPTIONS'].join(', '));
      if (request.method === 'OPTIONS') return reply.code(204).send();
    }
    if (!knownMethods.includes(request.method)) {
      return sendProblem(request, reply, 'not_implemented', 501);
    }
    if (allowed.length > 0) return sendProblem(request, reply, 'method_not_allowed', 405);
    if (isApi || !opts.hasWeb) return sendProblem(request, reply, 'route_not_found', 404);
    return sendProblem(request, reply, 'not_found', 404);
  };
}
