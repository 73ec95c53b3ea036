import { AppError } from '@token/domain/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../../http/types.ts';
import { findShopChannel } from '../../../modules/reference/reference.service.ts';
import { isForeignOrigin, sandboxPageLocale, sendSandboxPage } from '../../sandbox-pages.ts';
import { isSandboxCard } from '../create-card.ts';
import {
  renderSandboxCardErrorPage,
  renderSandboxCardPage,
  type SandboxCardErrorKind,
} from './sandbox-card.page.ts';
import { sandboxCardActions, sandboxCardSessionIdPattern } from './sandbox-card.ts';

const formSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{40}$/),
  action: z.enum(sandboxCardActions),
  code: z.string().max(20).optional(),
});

/**
 * The sandbox card provider's hosted checkout (registered while it is the provider):
 * `GET /sandbox/card/{sessionId}` shows the session; `POST /sandbox/card/{sessionId}/actions` applies
 * the payer's choice and redirects (303) to the success or cancel URL or back to the page. CSRF: the
 * session id is 256 random bits; each form carries a token bound to the session's state; a POST from
 * another origin is refused.
 */
export async function sandboxCardRoutes(app: App) {
  const card = app.partners.card;
  if (!isSandboxCard(card)) return;
  const sandbox = card.sandbox;
  const publicOrigin = new URL(app.config.publicUrl).origin;

  const error = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    kind: SandboxCardErrorKind,
  ) => {
    const { sessionId } = request.params as { sessionId: string };
    const html = renderSandboxCardErrorPage({ kind, locale: sandboxPageLocale(request), sessionId });
    return sendSandboxPage(reply, status, html);
  };

  app.get('/sandbox/card/:sessionId', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = request.params as { sessionId: string };
    const session = await sandbox.findSession(app.db, sessionId);
    if (!session) return error(request, reply, 404, 'not_found');
    const channel = await findShopChannel({ db: app.db });
    return sendSandboxPage(
      reply,
      200,
      renderSandboxCardPage({
        session,
        locale: sandboxPageLocale(request, session.locale),
        token: sandbox.formToken(session),
        merchant: channel?.companyName ?? 'Tokenwerk',
        delaySeconds: sandbox.delaySeconds,
      }),
    );
  });

  app.post('/sandbox/card/:sessionId/actions', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = request.params as { sessionId: string };
    if (!sandboxCardSessionIdPattern.test(sessionId)) return error(request, reply, 404, 'not_found');
    if (isForeignOrigin(request, publicOrigin)) return error(request, reply, 403, 'forbidden');
    const form = formSchema.safeParse(request.body);
    if (!form.success) return error(request, reply, 400, 'bad_request');
    try {
      const outcome = await sandbox.act({
        db: app.db,
        sessionId,
        token: form.data.token,
        action: form.data.action,
        ...(form.data.code !== undefined ? { code: form.data.code } : {}),
      });
      const to = outcome.redirect ?? `/sandbox/card/${sessionId}?locale=${sandboxPageLocale(request)}`;
      return reply.status(303).header('cache-control', 'no-store').redirect(to, 303);
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') return error(request, reply, 404, 'not_found');
      if (err instanceof AppError && err.code === 'invalid_transition')
        return error(request, reply, 409, 'conflict');
      throw err;
    }
  });
}
