import { mailContext } from '../mail/mail-context.ts';
import {
  applyCardPaymentEvent,
  bookCardEvent,
  isRefundEvent,
} from '../modules/payments/card-payments.service.ts';
import type { cardPaymentEventJob } from './card-payment-event.job.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';

/**
 * `applyCardPaymentEvent` keeps the payment's state in `card_payments`, and `bookCardEvent` books
 * the order (paid, refunded in part or in full, or a payment it did not need refunded or flagged).
 * Idempotent.
 */
export async function handleCardPaymentEvent(
  ctx: JobContext,
  payload: JobPayload<typeof cardPaymentEventJob>,
): Promise<void> {
  const { db, partners, log } = ctx;
  const result = await applyCardPaymentEvent({ db, ...payload });
  // Booking the order is idempotent (the order row lock and its state; a refund by the amount booked
  // so far), so a retried job books once. A refund is booked even when `card_payments` had it already:
  // a job that stopped between the two steps finishes on its retry.
  const booked =
    result === 'stale' && !isRefundEvent(payload.event)
      ? 'none'
      : await bookCardEvent({
          db,
          card: partners.card,
          partnerEventId: payload.partnerEventId,
          event: payload.event,
          booking: await mailContext(ctx),
        });
  log.info(
    { eventId: payload.event.id, type: payload.event.type, result, booked },
    'card payment event applied',
  );
}
