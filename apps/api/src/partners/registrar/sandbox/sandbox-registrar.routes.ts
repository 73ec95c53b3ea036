import { AppError } from '@token/domain/errors';
import { z } from 'zod';
import type { App } from '../../../http/types.ts';
import { sendSandboxPage } from '../../sandbox-pages.ts';
import { isSandboxRegistrar } from '../create-registrar.ts';
import { renderSandboxRegistrarPage, type SandboxRegistrarNotice } from './sandbox-registrar.page.ts';
import { sandboxRegistrarActions } from './sandbox-registrar.ts';

const pageQuery = z.strictObject({
  locale: z.string().max(10).optional(),
  done: z.literal('1').optional(),
});
const instructionParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
const actionForm = z.object({
  action: z.enum(sandboxRegistrarActions),
  reason: z.string().trim().max(200).optional(),
  delaySeconds: z.coerce.number().int().min(1).max(86_400).optional(),
});

/**
 * The sandbox registrar's page (`/sandbox/registrar`, server-rendered, no script, de/en), present
 * only while the sandbox is the registrar and outside production: its balances and instructions, and
 * per open instruction the tester's decision (confirm now, refuse with a reason, delay). CSRF: a
 * decision must name this site as its Origin (browsers send it with the page's own form posts);
 * without one, or from another site, it is refused. Registered by `partners/sandbox-routes.ts`.
 */
export async function sandboxRegistrarRoutes(app: App) {
  const registrar = app.partners.registrar;
  if (!isSandboxRegistrar(registrar) || !app.config.registrar.sandbox.pageEnabled) return;
  const sandbox = registrar.sandbox;
  const publicOrigin = new URL(app.config.publicUrl).origin;

  const page = async (locale: 'de' | 'en', notice?: SandboxRegistrarNotice) =>
    renderSandboxRegistrarPage({
      locale,
      balances: await sandbox.listBalances(app.db, 200),
      instructions: await sandbox.listInstructions(app.db, 100),
      confirmAfterMs: sandbox.confirmAfterMs,
      notice,
    });

  app.get('/sandbox/registrar', { schema: { hide: true, querystring: pageQuery } }, async (request, reply) =>
    sendSandboxPage(reply, 200, await page(request.locale, request.query.done ? 'done' : undefined)),
  );

  app.post(
    '/sandbox/registrar/instructions/:id',
    {
      schema: { hide: true, params: instructionParams, querystring: pageQuery },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { locale } = request;
      const origin = request.headers.origin;
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin === undefined || (origin !== publicOrigin && origin !== ownOrigin)) {
        return sendSandboxPage(reply, 403, await page(locale, 'forbidden'));
      }
      const form = actionForm.safeParse(request.body ?? {});
      if (!form.success) return sendSandboxPage(reply, 422, await page(locale, 'invalid'));
      try {
        await sandbox.act({
          db: app.db,
          id: request.params.id,
          action: form.data.action,
          reason: form.data.reason ?? null,
          ...(form.data.delaySeconds === undefined ? {} : { delaySeconds: form.data.delaySeconds }),
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'not_found')
          return sendSandboxPage(reply, 404, await page(locale, 'not_found'));
        if (err instanceof AppError && err.code === 'invalid_transition')
          return sendSandboxPage(reply, 409, await page(locale, 'refused'));
        throw err;
      }
      request.log.info(
        { instructionId: request.params.id, action: form.data.action },
        'sandbox registrar: tester decision',
      );
      return reply.status(303).header('location', `/sandbox/registrar?locale=${locale}&done=1`).send();
    },
  );
}
