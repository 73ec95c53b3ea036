import { AppError } from '@token/domain/errors';
import { z } from 'zod';
import type { App } from '../../../http/types.ts';
import { isForeignOrigin, sendSandboxPage } from '../../sandbox-pages.ts';
import { isSandboxCustody } from '../create-custody.ts';
import {
  renderSandboxCustodyErrorPage,
  renderSandboxCustodyListPage,
  renderSandboxCustodyWalletPage,
  type SandboxCustodyNotice,
} from './sandbox-custody.page.ts';
import { type SandboxDecision, sandboxDecisions } from './sandbox-custody.ts';

const pageQuery = z.strictObject({
  locale: z.string().max(10).optional(),
  done: z.enum(sandboxDecisions).optional(),
});
const walletParams = z.object({ walletId: z.uuid() });
const decisionForm = z.object({
  decision: z.enum(sandboxDecisions),
  message: z.string().trim().max(2000).optional(),
});

/**
 * The sandbox custodian's tester page (`/sandbox/custody/{walletId}`, server-rendered, no script,
 * de/en): shows a wallet and its registrar status and lets a tester approve at once, ask for more
 * information or reject, as the partner's staff would. The wallet id (random, 122 bits) is the
 * capability; the private key is never shown. Present only while the sandbox is the custody partner;
 * registered (with the form parser) by `partners/sandbox-routes.ts`.
 */
export async function sandboxCustodyRoutes(app: App) {
  const custody = app.partners.custody;
  if (!isSandboxCustody(custody)) return;
  const sandbox = custody.sandbox;
  const publicOrigin = new URL(app.config.publicUrl).origin;
  const walletPath = (walletId: string) => `/sandbox/custody/${encodeURIComponent(walletId)}`;

  // The list of wallets shows every holder's reference: outside production only.
  if (app.config.env !== 'production') {
    app.get(
      '/sandbox/custody',
      { schema: { hide: true, querystring: z.strictObject({ locale: z.string().max(10).optional() }) } },
      async (request, reply) =>
        sendSandboxPage(
          reply,
          200,
          renderSandboxCustodyListPage({
            locale: request.locale,
            wallets: await sandbox.listWallets(app.db, 50),
            delaySeconds: sandbox.delaySeconds,
          }),
        ),
    );
  }

  app.get(
    '/sandbox/custody/:walletId',
    { schema: { hide: true, params: walletParams, querystring: pageQuery } },
    async (request, reply) => {
      const { locale } = request;
      const { walletId } = request.params;
      const wallet = await sandbox.findWallet(app.db, walletId);
      if (!wallet) {
        const html = renderSandboxCustodyErrorPage({ locale, kind: 'not_found', path: walletPath(walletId) });
        return sendSandboxPage(reply, 404, html);
      }
      const notice = request.query.done ? ('done' as const) : undefined;
      return sendSandboxPage(
        reply,
        200,
        renderSandboxCustodyWalletPage({ locale, wallet, delaySeconds: sandbox.delaySeconds, notice }),
      );
    },
  );

  app.post(
    '/sandbox/custody/:walletId',
    {
      schema: { hide: true, params: walletParams, querystring: pageQuery },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { locale } = request;
      const { walletId } = request.params;
      const path = walletPath(walletId);
      // A decision posted from another site is refused (CSRF), as on the other sandbox partners' pages.
      if (isForeignOrigin(request, publicOrigin)) {
        return sendSandboxPage(
          reply,
          403,
          renderSandboxCustodyErrorPage({ locale, kind: 'forbidden', path }),
        );
      }
      const wallet = await sandbox.findWallet(app.db, walletId);
      if (!wallet) {
        return sendSandboxPage(
          reply,
          404,
          renderSandboxCustodyErrorPage({ locale, kind: 'not_found', path }),
        );
      }
      const page = (status: number, notice: SandboxCustodyNotice) =>
        sendSandboxPage(
          reply,
          status,
          renderSandboxCustodyWalletPage({ locale, wallet, delaySeconds: sandbox.delaySeconds, notice }),
        );
      const form = decisionForm.safeParse(request.body ?? {});
      if (!form.success) return page(422, 'invalid');
      const decision: SandboxDecision = form.data.decision;
      try {
        await sandbox.decide(app.db, { walletId, status: decision, message: form.data.message || null });
      } catch (err) {
        if (err instanceof AppError && err.code === 'invalid_transition') return page(409, 'refused');
        throw err;
      }
      request.log.info({ walletId, decision }, 'sandbox custody: tester decision');
      return reply.status(303).header('location', `${path}?locale=${locale}&done=${decision}`).send();
    },
  );
}
