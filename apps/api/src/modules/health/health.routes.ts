import { z } from 'zod';
import { sendProblem } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { checkReadiness, type ReadinessSources } from './readiness.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What `/api/health/ready` checks besides the database (set by `buildApp`). */
    readinessSources: ReadinessSources;
  }
}

const readinessChecks = z.object({
  database: z.boolean(),
  migrations: z.boolean(),
  /** null where this process runs no job runner. */
  jobs: z.boolean().nullable(),
  shuttingDown: z.boolean(),
});

/**
 * `/api/health`: the database round trip (kept as it is: clients and the bench use it); `/api/health/live`:
 * the process answers (no database), for restarts; `/api/health/ready`: whether to send traffic here,
 * 503 with the reasons while not (decision 027).
 */
export async function healthRoutes(app: App) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Health check (database round trip) and the environment the process runs in',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['pglite', 'postgres']),
            // The web app shows the demo accounts' login hint outside production (they exist only there).
            environment: z.enum(['development', 'production', 'test']),
          }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.dbHandle.ping();
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return sendProblem(request, reply, 'service_unavailable', 503);
      }
      return { status: 'ok' as const, database: app.dbHandle.kind, environment: app.config.env };
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process runs and answers (no database); restart it when this fails',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness: database answers, migrations current, job runner fetching, not shutting down; 503 with the reasons otherwise',
        response: { 200: z.object({ status: z.literal('ready'), checks: readinessChecks }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const readiness = await checkReadiness({ handle: app.dbHandle, ...app.readinessSources });
      if (!readiness.ready) {
        request.log.warn({ readiness }, 'not ready');
        return sendProblem(request, reply, 'service_unavailable', 503, {
          detail: `Not ready: ${readiness.reasons.join('; ')}`,
        });
      }
      return { status: 'ready' as const, checks: readiness.checks };
    },
  );
}
