import { z } from 'zod';
import { sendProblem } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { withRawJsonBody } from '../../http/webhooks.ts';
import type { CardEvent } from '../../partners/card/port.ts';
import { receiveBankWebhook } from './bank-credits.service.ts';
import { receiveCardWebhook } from './card-payments.service.ts';

const receiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** The card event read while verifying, handed from preValidation to the handler. */
const verifiedCardEvents = new WeakMap<object, CardEvent>();

/**
 * The payment partners' webhooks (convention 4), in their own scope so the raw body is kept: the
 * signature is checked over it before anything is read (401 when forged or outside the 5-minute
 * window); each event is recorded once by its id (a repeat answers 200 and changes nothing) and
 * handed to its job in the same transaction.
 */
export async function paymentWebhookRoutes(app: App) {
  withRawJsonBody(app);

  app.post(
    '/payments/bank/webhook/:provider',
    {
      config: { errors: ['webhook_signature_invalid'] },
      schema: {
        tags: ['payments'],
        summary:
          'The bank\'s "credit booked" webhook (sandbox bank: header webhook-signature t=<unix>,v1=<HMAC-SHA256 of "t.body">); enqueues bank.credit-received',
        params: z.strictObject({ provider: z.enum(['sandbox']) }),
        querystring: z.strictObject({}),
        body: z.record(z.string(), z.unknown()),
        response: { 200: receiptSchema },
      },
      preValidation: async (request, reply) => {
        const bank = app.partners.bank;
        const provider = (request.params as { provider?: string }).provider;
        if (!bank || provider !== bank.provider) return sendProblem(request, reply, 'not_found', 404);
        const check = bank.verifyWebhook({
          rawBody: request.rawBody ?? Buffer.alloc(0),
          headers: request.headers,
        });
        if (!check.ok) {
          request.log.warn({ provider, reason: check.reason }, 'bank webhook refused');
          return sendProblem(request, reply, 'webhook_signature_invalid', 401);
        }
      },
    },
    async (request) => {
      const bank = app.partners.bank!;
      const receipt = await receiveBankWebhook({
        db: app.db,
        bank,
        body: request.body,
        rawBody: request.rawBody ?? Buffer.alloc(0),
        log: request.log,
      });
      return { received: true as const, duplicate: receipt.duplicate };
    },
  );

  app.post(
    '/payments/card/webhook/:provider',
    {
      config: { errors: ['webhook_signature_invalid'] },
      schema: {
        tags: ['payments'],
        summary:
          'The card provider\'s webhook (Stripe: Stripe-Signature; sandbox: webhook-signature; both t=<unix>,v1=<HMAC-SHA256 of "t.body">, 300 s tolerance); records the event once and enqueues card.payment-event',
        params: z.strictObject({ provider: z.enum(['sandbox', 'stripe']) }),
        querystring: z.strictObject({}),
        body: z.record(z.string(), z.unknown()),
        response: { 200: receiptSchema },
      },
      preValidation: async (request, reply) => {
        const card = app.partners.card;
        const provider = (request.params as { provider?: string }).provider;
        if (provider !== card.provider) return sendProblem(request, reply, 'not_found', 404);
        const check = card.verifyWebhook({
          rawBody: request.rawBody ?? Buffer.alloc(0),
          headers: request.headers,
        });
        if (!check.ok) {
          request.log.warn({ provider, reason: check.reason }, 'card webhook refused');
          return sendProblem(request, reply, 'webhook_signature_invalid', 401);
        }
        verifiedCardEvents.set(request, check.event);
      },
    },
    async (request) => {
      const event = verifiedCardEvents.get(request);
      if (!event) throw new Error('card webhook handled without its verified event');
      const receipt = await receiveCardWebhook({
        db: app.db,
        provider: app.partners.card.provider,
        event,
        body: request.body,
      });
      return { received: true as const, duplicate: receipt.duplicate };
    },
  );
}
