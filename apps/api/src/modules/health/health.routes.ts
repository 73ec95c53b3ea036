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
        summary: 'Health check (database round trip)',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async (request, reply) => {
      try {
        await app.dbHandle.ping();
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return sendProblem(request, reply, 'service_unavailable', 503);
      }
      return { status: 'ok' as const, database: app.dbHandle.kind };
    },
  );
}
