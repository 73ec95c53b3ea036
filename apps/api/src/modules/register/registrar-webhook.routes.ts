import { AppError } from '@token/domain/errors';
import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { withRawJsonBody } from '../../http/webhooks.ts';
import { isSandboxRegistrar } from '../../partners/registrar/create-registrar.ts';
import { receiveRegistrarWebhook } from './registrar-events.service.ts';

/**
 * The sandbox registrar's webhooks (convention 4): the signature is checked over the raw body
 * (constant time, 5-minute window) before anything is read; each event is recorded once by its id
 * and booked by the `registrar.event` job, enqueued in the same transaction. Forged or expired: 401,
 * nothing recorded; seen before: 200, nothing.
 */
export async function registrarWebhookRoutes(app: App) {
  withRawJsonBody(app);

  app.post(
    '/registrar/webhook/sandbox',
    {
      config: { errors: ['webhook_signature_invalid'] },
      schema: {
        tags: ['register'],
        summary:
          'Webhook of the sandbox registrar: instruction confirmed or refused (header webhook-signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">); enqueues registrar.event',
        querystring: z.strictObject({}),
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const registrar = app.partners.registrar;
      // Only the sandbox registrar reports here; with another registrar this endpoint takes nothing.
      if (!isSandboxRegistrar(registrar) || !registrar.webhooks)
        throw new AppError('webhook_signature_invalid');
      const check = registrar.webhooks.verify({
        rawBody: request.rawBody ?? Buffer.alloc(0),
        headers: request.headers,
      });
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, 'registrar webhook refused');
        if (check.reason === 'signature') throw new AppError('webhook_signature_invalid');
        throw new AppError('invalid_body', { detail: 'not a registrar instruction event' });
      }
      const outcome = await receiveRegistrarWebhook({
        db: app.db,
        provider: registrar.webhooks.provider,
        registrar: registrar.kind,
        event: check.event,
        raw: request.body,
      });
      request.log.info(
        { eventId: check.event.eventId, key: check.event.key, outcome },
        'registrar webhook received',
      );
      return reply
        .type('application/json; charset=utf-8')
        .send({ received: true, duplicate: outcome === 'duplicate' });
    },
  );
}
