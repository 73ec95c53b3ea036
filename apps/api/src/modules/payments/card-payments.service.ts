import { and, eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { cardPayments, orders, partnerEvents } from '../../db/schema/index.ts';
import { cardPaymentEventJob } from '../../jobs/card-payment-event.job.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { CardEvent, CardEventStatus, CardPort } from '../../partners/card/port.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { bookOrderPaid, bookOrderRefunded } from '../orders/order-lifecycle.service.ts';
import { recordPartnerEvent } from '../partner-events/partner-events.service.ts';

/**
 * Card payments as the provider reports them (issue 8). Each verified event is recorded once by its
 * id; the `card.payment-event` job keeps one `card_payments` row per checkout session with the latest
 * state. Booking the order as paid (or refunding a payment that arrives for an expired or cancelled
 * order) is the order process's step, which reads `card_payments`; this module records and stops.
 */

/**
 * Events arrive out of order (Stripe does not promise an order): a state only moves forward, so a
 * late "failed" never overwrites "paid", and nothing overwrites "refunded".
 */
const rank: Record<Exclude<CardEventStatus, 'ignored'>, number> = {
  pending: 1,
  failed: 1,
  expired: 2,
  paid: 3,
  refunded: 4,
};

/** Records a verified event once and enqueues its job in the same transaction. */
export async function receiveCardWebhook(opts: {
  db: Database;
  provider: string;
  event: CardEvent;
  body: unknown;
}): Promise<{ duplicate: boolean }> {
  const { db, provider, event } = opts;
  return db.transaction(async (tx) => {
    const id = await recordPartnerEvent(tx, {
      provider: `card-${provider}`,
      eventId: event.id,
      type: event.type,
      payload: opts.body,
    });
    if (id === null) return { duplicate: true };
    if (event.status === 'ignored') {
      await tx
        .update(partnerEvents)
        .set({ processedAt: new Date(), error: 'ignored_event_type' })
        .where(eq(partnerEvents.id, id));
    } else {
      await enqueueJob(tx, cardPaymentEventJob, { provider, partnerEventId: id, event });
    }
    return { duplicate: false };
  });
}

export type AppliedCardEvent = 'created' | 'updated' | 'stale' | 'unknown_payment';

/**
 * Applies an event to `card_payments`: a new session's first event creates its row; later events
 * move it forward (see `rank`); an event naming only a payment intent updates the row of that intent
 * or, if none exists yet, opens one keyed by the intent. The event is marked processed.
 */
export async function applyCardPaymentEvent(opts: {
  db: Db;
  provider: string;
  partnerEventId: number;
  event: CardEvent;
}): Promise<AppliedCardEvent> {
  const { db, provider, event } = opts;
  if (event.status === 'ignored') return 'stale';
  const status = event.status;
  return db.transaction(async (tx) => {
    const done = async (result: AppliedCardEvent, error: string | null = null) => {
      await tx
        .update(partnerEvents)
        .set({ processedAt: new Date(), error })
        .where(eq(partnerEvents.id, opts.partnerEventId));
      return result;
    };
    const key = event.sessionId ?? event.paymentIntentId;
    if (!key) return done('unknown_payment', 'no_session_or_payment_intent');
    const [existing] = await tx
      .select()
      .from(cardPayments)
      .where(
        event.sessionId
          ? and(eq(cardPayments.provider, provider), eq(cardPayments.sessionId, event.sessionId))
          : and(
              eq(cardPayments.provider, provider),
              eq(cardPayments.paymentIntentId, event.paymentIntentId!),
            ),
      )
      .for('update');
    const refunded = status === 'refunded' ? (event.amountCents ?? 0) : undefined;
    if (!existing) {
      const [inserted] = await tx
        .insert(cardPayments)
        .values({
          provider,
          sessionId: key,
          paymentIntentId: event.paymentIntentId,
          orderToken: event.orderToken,
          amountCents: status === 'refunded' ? null : event.amountCents,
          status,
          lastEventId: event.id,
          lastEventType: event.type,
          ...(refunded !== undefined ? { refundedCents: refunded } : {}),
        })
        .onConflictDoNothing({ target: [cardPayments.provider, cardPayments.sessionId] })
        .returning({ id: cardPayments.id });
      // A concurrent job created it first: the job's retry applies this event as an update.
      if (!inserted) throw new Error('card payment row created concurrently; the job retries');
      return done('created');
    }
    const current = existing.status as Exclude<CardEventStatus, 'ignored'>;
    const moves =
      rank[status] > rank[current] || (status === 'refunded' && (refunded ?? 0) > existing.refundedCents);
    if (!moves) return done('stale');
    await tx
      .update(cardPayments)
      .set({
        status,
        lastEventId: event.id,
        lastEventType: event.type,
        paymentIntentId: existing.paymentIntentId ?? event.paymentIntentId,
        orderToken: existing.orderToken ?? event.orderToken,
        ...(status !== 'refunded' && event.amountCents !== null ? { amountCents: event.amountCents } : {}),
        ...(refunded !== undefined ? { refundedCents: refunded } : {}),
        updatedAt: new Date(),
      })
      .where(eq(cardPayments.id, existing.id));
    return done('updated');
  });
}

/**
 * Books what a card event means for its order (after `applyCardPaymentEvent` recorded it): `paid`
 * -> the order awaiting payment is paid (state tables, mail), once, under the order's row lock;
 * `refunded` -> the paid order is refunded (stock and seat released). A payment arriving for an
 * order no longer awaiting payment (expired, cancelled) is refunded through the partner outside any
 * transaction (idempotency key from the intent); if that fails, the event is flagged on
 * `partner_events.error` for the operators — never lost. Failures and expiry change nothing: the
 * order keeps awaiting another attempt.
 */
export async function bookCardEvent(opts: {
  db: Database;
  card: CardPort;
  partnerEventId: number;
  event: CardEvent;
  booking: { mail: MailPort; publicUrl: string };
}): Promise<'paid' | 'refunded' | 'refunded_late_payment' | 'flagged' | 'none'> {
  const { db, event } = opts;
  if (!event.orderToken || (event.status !== 'paid' && event.status !== 'refunded')) return 'none';
  const [order] = await db.select().from(orders).where(eq(orders.tokenValue, event.orderToken));
  if (!order) return 'none';
  if (event.status === 'refunded') {
    const done = await db.transaction((tx) =>
      bookOrderRefunded(tx, { orderId: order.id, reason: 'card_refunded', ...opts.booking }),
    );
    return done ? 'refunded' : 'none';
  }
  const booking = await db.transaction((tx) =>
    bookOrderPaid(tx, { orderId: order.id, partnerPaymentId: event.paymentIntentId, ...opts.booking }),
  );
  if (booking.booked) return 'paid';
  if (booking.state !== 'cancelled') return 'none';
  // Paid for an order that expired or was cancelled meanwhile: give the money back.
  try {
    if (!event.paymentIntentId || !event.amountCents) throw new Error('no payment intent or amount');
    const refund = await opts.card.refund({
      db,
      paymentIntentId: event.paymentIntentId,
      amountCents: event.amountCents,
      idempotencyKey: `late-payment-${event.paymentIntentId}`,
    });
    if (refund.status === 'failed') throw new Error('refund failed');
    return 'refunded_late_payment';
  } catch (err) {
    await db
      .update(partnerEvents)
      .set({ error: `late_payment_refund_failed: ${(err as Error).message}`.slice(0, 500) })
      .where(eq(partnerEvents.id, opts.partnerEventId));
    return 'flagged';
  }
}
