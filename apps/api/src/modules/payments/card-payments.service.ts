import { and, eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { cardPayments, partnerEvents } from '../../db/schema/index.ts';
import { recordPartnerEvent } from '../../http/webhooks.ts';
import { cardPaymentEventJob } from '../../jobs/card-payment-event.job.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { CardEvent, CardEventStatus } from '../../partners/card/port.ts';

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
