import { AppError } from '@token/domain/errors';
import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { withRawJsonBody } from '../../http/webhooks.ts';
import { isSandboxCustody } from '../../partners/custody/create-custody.ts';
import { receiveCustodyWebhook } from './custody-webhook.service.ts';

/**
 * The sandbox custodian's webhooks (convention 4): the signature is checked over the raw body
 * (constant time, 5-minute window) before anything is read; each event is recorded once and
 * applied by the `custody.registrar-status` job. Forged or expired: 401; seen before: 200, nothing.
 */
export async function walletWebhookRoutes(app: App) {
  withRawJsonBody(app);

  app.post(
    '/wallets/webhook/sandbox',
    {
      config: { errors: ['webhook_signature_invalid'] },
      schema: {
        tags: ['wallets'],
        summary:
          'Webhook of the sandbox custodian: signed registrar status reports (header webhook-signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">)',
        querystring: z.strictObject({}),
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const custody = app.partners.custody;
      // Only the sandbox custodian reports here; with another custodian this endpoint takes nothing.
      if (!isSandboxCustody(custody) || !custody.webhooks) throw new AppError('webhook_signature_invalid');
      const check = custody.webhooks.verify({
        rawBody: request.rawBody ?? Buffer.alloc(0),
        headers: request.headers,
      });
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, 'custody webhook refused');
        if (check.reason === 'signature') throw new AppError('webhook_signature_invalid');
        throw new AppError('invalid_body', { detail: 'not a registrar status event' });
      }
      const outcome = await receiveCustodyWebhook({
        db: app.db,
        custody,
        provider: custody.webhooks.provider,
        event: check.event,
        raw: request.body,
      });
      request.log.info({ eventId: check.event.eventId, outcome }, 'custody webhook received');
      return reply
        .type('application/json; charset=utf-8')
        .send({ received: true, duplicate: outcome === 'duplicate' });
    },
  );
}
