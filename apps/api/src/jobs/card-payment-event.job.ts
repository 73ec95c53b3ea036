import { z } from 'zod';
import { cardEventStatuses } from '../partners/card/port.ts';
import { defineJob } from './job.ts';

/**
 * A card provider's event, enqueued with the recorded event in the same transaction; handled by
 * `card-payment-event.handler.ts`.
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
});
