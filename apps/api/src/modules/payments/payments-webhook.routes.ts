import { z } from 'zod';
import { sendProblem } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { withRawJsonBody } from '../../http/webhooks.ts';
import { receiveBankWebhook } from './bank-credits.service.ts';

const receiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

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
}
