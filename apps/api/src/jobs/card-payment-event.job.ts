import { z } from 'zod';
import { applyCardPaymentEvent, bookCardEvent } from '../modules/payments/card-payments.service.ts';
import { findShopChannel } from '../modules/reference/reference.service.ts';
import { cardEventStatuses } from '../partners/card/port.ts';
import { defineJob } from './job.ts';

/**
 * A card provider's event (enqueued with the recorded event, in the same transaction):
 * `applyCardPaymentEvent` keeps the payment's state in `card_payments`, and `bookCardEvent` books
 * the order (paid, refunded, or a late payment refunded or flagged). Idempotent.
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
  async handler({ db, partners, log }, payload) {
    const result = await applyCardPaymentEvent({ db, ...payload });
    // Booking the order is idempotent (the order row lock and its state), so a retried job books once.
    const channel = await findShopChannel({ db });
    const publicUrl = channel?.hostname ? `https://${channel.hostname}` : 'http://localhost:3000';
    const booked =
      result === 'stale'
        ? 'none'
        : await bookCardEvent({
            db,
            card: partners.card,
            partnerEventId: payload.partnerEventId,
            event: payload.event,
            booking: { mail: partners.mail, publicUrl },
          });
    log.info(
      { eventId: payload.event.id, type: payload.event.type, result, booked },
      'card payment event applied',
    );
  },
});
