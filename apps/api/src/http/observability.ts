import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppConfig } from '../config.ts';
import { httpRequestDuration, httpRequests, httpRequestsInFlight } from '../observability/metrics.ts';
import { runWithRequestId } from '../observability/request-context.ts';
import { renderMetrics } from '../observability/state-metrics.ts';
import { sendProblem } from './errors.ts';
import type { App } from './types.ts';

/** A route's label: its pattern (`/api/v2/shop/orders/:tokenValue`), never the raw URL. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Request metrics and the request context (decision 027): every answer is counted and timed by
 * method, route pattern and status; the handler runs with the request id as the current context,
 * so the jobs it enqueues and the partner calls it makes log the same id.
 */
export function registerObservability(app: App, opts: { state: Registry }) {
  app.addHook('onRequest', (_request, reply, done) => {
    httpRequestsInFlight.inc();
    // `close` fires for answered and abandoned requests alike.
    reply.raw.once('close', () => httpRequestsInFlight.dec());
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: routeLabel(request), status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  // The rest of the request runs inside the context (hooks with `done` continue synchronously).
  app.addHook('preHandler', (request, _reply, done) => {
    runWithRequestId(request.id, done);
  });

  const { metrics } = app.config.operations;
  // Registered even when switched off, so production answers a plain 404 rather than the web app.
  app.get('/metrics', { schema: { hide: true }, config: { auth: 'public' } }, async (request, reply) => {
    if (metrics.port !== undefined || (!metrics.token && !metrics.openOnApiPort)) {
      return sendProblem(request, reply, 'not_found', 404);
    }
    return answerMetrics(request, reply, metrics.token, opts.state);
  });
}

/** Answers a scrape, or 401 without the operator's metrics token when one is configured. */
async function answerMetrics(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | undefined,
  state: Registry,
) {
  if (token && !isBearer(request.headers.authorization, token)) {
    reply.header('www-authenticate', 'Bearer realm="metrics"');
    return sendProblem(request, reply, 'unauthorized', 401);
  }
  const { contentType, body } = await renderMetrics(state);
  return reply.type(contentType).header('cache-control', 'no-store').send(body);
}

function isBearer(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * METRICS_PORT: /metrics on a listener of its own (bind it to the operators' network), nothing else
 * there; the token is asked for here too when METRICS_TOKEN is set. Returns how to close it.
 */
export async function listenMetricsPort(opts: {
  config: AppConfig;
  state: Registry;
}): Promise<{ port: number; close: () => Promise<void> } | null> {
  const { port, token } = opts.config.operations.metrics;
  if (port === undefined) return null;
  const server = Fastify({ logger: false });
  server.decorateRequest('locale', 'en');
  server.get('/metrics', (request, reply) => answerMetrics(request, reply, token, opts.state));
  await server.listen({ port, host: opts.config.host });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => server.close(),
  };
}
