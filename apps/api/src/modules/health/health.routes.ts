import { z } from 'zod';
import { sendProblem } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';

/** Liveness and readiness: answers 200 only when the database answers. */
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
}
