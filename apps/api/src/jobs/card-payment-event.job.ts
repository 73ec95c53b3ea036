import { z } from 'zod';
import { applyCardPaymentEvent } from '../modules/payments/card-payments.service.ts';
import { cardEventStatuses } from '../partners/card/port.ts';
import { defineJob } from './job.ts';

/**
 * A card provider's event (enqueued with the recorded event, in the same transaction):
 * `applyCardPaymentEvent` keeps the payment's state in `card_payments`. Idempotent.
 */
export const cardPaymentEventJob = defineJob({
  name: 'card.payment-event',
  payload: z.object({
    provider: z.string().min(1).max(40),
    partnerEventId: z.number().int().positive(),
    event: z.object({
      id: z.string().min(1).max(255),
      type: z.string().min(1).max(255),
      sessionId: z.string().max(255).nullable(),
      paymentIntentId: z.string().max(255).nullable(),
      orderToken: z.string().max(255).nullable(),
      amountCents: z.number().int().min(0).nullable(),
      status: z.enum(cardEventStatuses),
    }),
  }),
  async handler({ db, log }, payload) {
    const result = await applyCardPaymentEvent({ db, ...payload });
    log.info({ eventId: payload.event.id, type: payload.event.type, result }, 'card payment event applied');
  },
});
