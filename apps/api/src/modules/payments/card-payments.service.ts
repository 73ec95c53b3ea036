import type { AuditAction } from '@token/domain/compliance';
import { and, eq } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import { cardPayments, complianceAuditLog, orders, partnerEvents, payments } from '../../db/schema/index.ts';
import { cardPaymentEventJob } from '../../jobs/card-payment-event.job.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { CardEvent, CardEventStatus, CardPort } from '../../partners/card/port.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { bookOrderPaid, bookOrderRefunded } from '../orders/order-lifecycle.service.ts';
import { recordPartnerEvent } from '../partner-events/partner-events.service.ts';

/**
 * Card payments as the provider reports them (issue 8). Each verified event is recorded once by its
 * id; the `card.payment-event` job keeps one `card_payments` row per checkout session with the latest
 * state, and books what it means for the order: paid, refunded in part or in full (decision 028), or
 * a payment the order did not need given back.
 */

/**
 * Events arrive out of order (Stripe does not promise an order): a state only moves forward, so a
 * late "failed" never overwrites "paid", and nothing overwrites "refunded"; refunds move forward by
 * the amount refunded so far.
 */
const rank: Record<Exclude<CardEventStatus, 'ignored'>, number> = {
  pending: 1,
  failed: 1,
  expired: 2,
  paid: 3,
  partially_refunded: 4,
  refunded: 5,
};

/** Whether the event reports a refund (`charge.refunded`, in part or in full). */
export function isRefundEvent(event: Pick<CardEvent, 'status'>): boolean {
  return event.status === 'refunded' || event.status === 'partially_refunded';
}

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
    const refunded = isRefundEvent(event) ? (event.amountCents ?? 0) : undefined;
    if (!existing) {
      const [inserted] = await tx
        .insert(cardPayments)
        .values({
          provider,
          sessionId: key,
          paymentIntentId: event.paymentIntentId,
          orderToken: event.orderToken,
          amountCents: refunded !== undefined ? null : event.amountCents,
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
      rank[status] > rank[current] || (refunded !== undefined && refunded > existing.refundedCents);
    if (!moves) return done('stale');
    await tx
      .update(cardPayments)
      .set({
        status: rank[status] >= rank[current] ? status : current,
        lastEventId: event.id,
        lastEventType: event.type,
        paymentIntentId: existing.paymentIntentId ?? event.paymentIntentId,
        orderToken: existing.orderToken ?? event.orderToken,
        ...(refunded === undefined && event.amountCents !== null ? { amountCents: event.amountCents } : {}),
        ...(refunded !== undefined ? { refundedCents: refunded } : {}),
        updatedAt: new Date(),
      })
      .where(eq(cardPayments.id, existing.id));
    return done('updated');
  });
}

/** What booking a card event did to its order. */
export type CardBooking =
  | 'paid'
  | 'partially_refunded'
  | 'refunded'
  | 'refunded_late_payment'
  | 'refunded_duplicate_payment'
  | 'flagged'
  | 'none';

type OrderRow = typeof orders.$inferSelect;
type BookingContext = { mail: MailPort; publicUrl: string };

/** A system entry (no operator) in the order's audit log, shown in the operator's order file. */
async function auditCardEvent(
  tx: Db,
  order: OrderRow,
  action: AuditAction,
  details: Record<string, string | number | boolean | null>,
) {
  await tx.insert(complianceAuditLog).values({
    customerId: order.customerId,
    actorId: null,
    action,
    reason: null,
    details: { order: order.number, tokenValue: order.tokenValue, ...details },
  });
}

/**
 * Books what a card event means for its order (after `applyCardPaymentEvent` recorded it): `paid`
 * -> the order awaiting payment is paid (state tables, mail), once, under the order's row lock;
 * a refund -> `bookCardRefund`. A payment the order did not need (the order expired or was
 * cancelled meanwhile, or a second session of a paid order was paid: decision 028) is refunded
 * through the partner outside any transaction (idempotency key from the intent); if that fails, the
 * event is flagged on `partner_events.error` — never lost. Either way the order's audit log tells the
 * operators. Failures and expiry change nothing: the order keeps awaiting another attempt.
 */
export async function bookCardEvent(opts: {
  db: Database;
  card: CardPort;
  partnerEventId: number;
  event: CardEvent;
  booking: BookingContext;
}): Promise<CardBooking> {
  const { db, event } = opts;
  if (!event.orderToken || (event.status !== 'paid' && !isRefundEvent(event))) return 'none';
  const [order] = await db.select().from(orders).where(eq(orders.tokenValue, event.orderToken));
  if (!order) return 'none';
  if (isRefundEvent(event)) {
    return db.transaction((tx) => bookCardRefund(tx, { order, event, booking: opts.booking }));
  }
  const booking = await db.transaction((tx) =>
    bookOrderPaid(tx, { orderId: order.id, partnerPaymentId: event.paymentIntentId, ...opts.booking }),
  );
  if (booking.booked) return 'paid';
  if (!booking.order) return 'none';
  // The payment the order was booked with, reported again (a retried or second event of its session).
  const [payment] = await db
    .select({ partnerPaymentId: payments.partnerPaymentId })
    .from(payments)
    .where(eq(payments.orderId, order.id));
  if (!event.paymentIntentId || payment?.partnerPaymentId === event.paymentIntentId) return 'none';
  if (booking.state === 'new' || booking.state === 'awaiting_payment') return 'none';
  // Paid for an order that expired or was cancelled, or paid a second time: give the money back.
  const kind = booking.state === 'cancelled' ? 'late' : 'duplicate';
  const facts = { paymentIntentId: event.paymentIntentId, amountCents: event.amountCents, eventId: event.id };
  try {
    if (!event.amountCents) throw new Error('no amount');
    const refund = await opts.card.refund({
      db,
      paymentIntentId: event.paymentIntentId,
      amountCents: event.amountCents,
      idempotencyKey: `${kind}-payment-${event.paymentIntentId}`,
    });
    if (refund.status === 'failed') throw new Error('refund failed');
    await auditCardEvent(db, order, 'card_payment_returned', { ...facts, kind, refundId: refund.refundId });
    return kind === 'late' ? 'refunded_late_payment' : 'refunded_duplicate_payment';
  } catch (err) {
    const error = `${kind}_payment_refund_failed: ${(err as Error).message}`.slice(0, 500);
    await db.transaction(async (tx) => {
      await tx.update(partnerEvents).set({ error }).where(eq(partnerEvents.id, opts.partnerEventId));
      await auditCardEvent(tx, order, 'card_payment_flagged', { ...facts, kind, error });
    });
    return 'flagged';
  }
}

/**
 * Books a refund the card partner reports (`charge.refunded`, decision 028), in the caller's
 * transaction under the order's row lock: the payment's `refundedAmount` becomes the amount refunded
 * so far (cents); only a full refund books the order refunded and releases its tokens and seat
 * (`bookOrderRefunded`). Idempotent: an event whose amount is booked already (the same event again,
 * or an older one arriving late) changes nothing. A refund of another payment than the one the order
 * was paid with (a late or second payment given back) leaves the order alone.
 */
export async function bookCardRefund(
  tx: Tx,
  opts: { order: OrderRow; event: CardEvent; booking: BookingContext },
): Promise<CardBooking> {
  const { event } = opts;
  const [order] = await tx.select().from(orders).where(eq(orders.id, opts.order.id)).for('update');
  if (!order) return 'none';
  const [payment] = await tx.select().from(payments).where(eq(payments.orderId, order.id)).for('update');
  if (!payment || !event.paymentIntentId || payment.partnerPaymentId !== event.paymentIntentId) return 'none';
  const refundedSoFar = event.amountCents ?? 0;
  if (refundedSoFar <= payment.refundedAmount) return 'none';
  const full = event.status === 'refunded' || refundedSoFar >= payment.amount;
  await tx
    .update(payments)
    .set({ refundedAmount: refundedSoFar, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  await auditCardEvent(tx, order, 'card_refund_received', {
    refundedCents: refundedSoFar - payment.refundedAmount,
    totalRefundedCents: refundedSoFar,
    paymentCents: payment.amount,
    full,
    eventId: event.id,
  });
  if (!full) return 'partially_refunded';
  const released = await bookOrderRefunded(tx, {
    orderId: order.id,
    reason: 'card_refunded',
    ...opts.booking,
  });
  return released ? 'refunded' : 'none';
}
