import { mailContext } from '../mail/mail-context.ts';
import { applyCardPaymentEvent, bookCardEvent } from '../modules/payments/card-payments.service.ts';
import type { cardPaymentEventJob } from './card-payment-event.job.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';

/**
 * `applyCardPaymentEvent` keeps the payment's state in `card_payments`, and `bookCardEvent` books
 * the order (paid, refunded, or a late payment refunded or flagged). Idempotent.
 */
export async function handleCardPaymentEvent(
  ctx: JobContext,
  payload: JobPayload<typeof cardPaymentEventJob>,
): Promise<void> {
  const { db, partners, log } = ctx;
  const result = await applyCardPaymentEvent({ db, ...payload });
  // Booking the order is idempotent (the order row lock and its state), so a retried job books once.
  const booked =
    result === 'stale'
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
