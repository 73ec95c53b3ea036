import { createHash } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import type { PaymentConfigurationView } from '@token/domain/orders';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { customers, orderItems, paymentMethods, payments } from '../../db/schema/index.ts';
import {
  CardPartnerRefusal,
  type CardPort,
  type CreateCheckoutSessionInput,
} from '../../partners/card/port.ts';
import { findOwnOrder, type ItemRow, type OrderRow } from './order-rows.ts';

/*
 * The card partner's hosted checkout of a placed card order (issue 15, decision 014). A session is
 * opened as an idempotent step after the completion commits, and again on the investor's
 * `POST .../checkout-session` (a retry after the partner failed, or a session that expired); the
 * spec's `GET .../configuration` only reads it. Partner calls run outside any transaction or lock;
 * the session's id is stored on the payment afterwards. Each attempt has its own idempotency key
 * (decision 028).
 */

type PaymentRow = typeof payments.$inferSelect;

/** The card partner and where it sends the investor back. */
export type CardCheckoutContext = { db: Database; card: CardPort; publicUrl: string };

/** Whether the order is placed and still awaits its payment (the only time a checkout is opened). */
function isAwaitingCardPayment(order: OrderRow): boolean {
  return order.checkoutState === 'completed' && order.paymentState === 'awaiting_payment';
}

type SessionParams = Omit<CreateCheckoutSessionInput, 'db' | 'idempotencyKey'>;

/**
 * The idempotency key of a checkout attempt (decision 028): the payment, the attempt's number and a
 * digest of every parameter the session is opened with. A retry of the attempt sends the same key
 * (Stripe answers the session it opened); changed parameters (the payer's e-mail, the description)
 * make another key, where Stripe would refuse the old one (400 `idempotency_error`).
 */
export function checkoutAttemptKey(paymentId: number, attempt: number, params: SessionParams): string {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        params.orderToken,
        params.amountCents,
        params.currency,
        params.description,
        params.customerEmail,
        params.locale,
        params.successUrl,
        params.cancelUrl,
      ]),
    )
    .digest('hex')
    .slice(0, 24);
  return `checkout-${paymentId}-${attempt}-${digest}`;
}

/**
 * The open checkout session of the payment, or a new one (decision 028). The stored session is reused
 * while it is open and was opened with today's parameters. Otherwise a new attempt begins: an open
 * session is expired first (so no two sessions of one payment can be paid; if it turns out paid, there
 * is nothing to open), and the new session is created under the attempt's key, stored on the payment
 * before the call, so that a call whose answer was lost is retried with the same key. When the partner
 * answers with a failure (Stripe keeps it under the key for 24 hours), the next call begins a new
 * attempt. Null when the payment's session is complete (paid). Throws `partner_unavailable` when the
 * partner fails.
 */
async function openCheckoutSession(
  ctx: CardCheckoutContext,
  facts: { order: OrderRow; payment: PaymentRow; item: ItemRow | null; customerEmail: string | null },
): Promise<string | null> {
  const { order, payment } = facts;
  const back = (path: string) =>
    `${ctx.publicUrl}/payment/${path}?tokenValue=${encodeURIComponent(order.tokenValue)}`;
  const params: SessionParams = {
    orderToken: order.tokenValue,
    amountCents: payment.amount,
    currency: 'EUR',
    description: `${order.number ?? ''} ${facts.item?.productName ?? ''}`.trim(),
    customerEmail: facts.customerEmail,
    locale: order.localeCode,
    successUrl: back('success'),
    cancelUrl: back('cancel'),
  };
  let attempt = Math.max(payment.cardCheckoutAttempt, 1);
  if (payment.partnerSessionId) {
    const existing = await ctx.card.retrieveSession({ db: ctx.db, sessionId: payment.partnerSessionId });
    if (existing?.status === 'complete') return null;
    // A session from before attempts had keys (no key stored) is reused while open, as it was.
    const sameParams =
      payment.cardCheckoutKey === null ||
      payment.cardCheckoutKey === checkoutAttemptKey(payment.id, attempt, params);
    if (existing?.status === 'open' && existing.redirectUrl && sameParams) return existing.redirectUrl;
    if (existing?.status === 'open') {
      const expired = await ctx.card.expireSession({ db: ctx.db, sessionId: existing.sessionId });
      if (expired?.status === 'complete') return null;
    }
    attempt = payment.cardCheckoutAttempt + 1;
  }
  const idempotencyKey = checkoutAttemptKey(payment.id, attempt, params);
  const setAttempt = (values: Partial<PaymentRow>) =>
    ctx.db
      .update(payments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
  if (attempt !== payment.cardCheckoutAttempt || idempotencyKey !== payment.cardCheckoutKey) {
    await setAttempt({
      cardCheckoutAttempt: attempt,
      cardCheckoutKey: idempotencyKey,
      partnerSessionId: null,
    });
  }
  let session: Awaited<ReturnType<CardPort['createCheckoutSession']>>;
  try {
    session = await ctx.card.createCheckoutSession({ db: ctx.db, ...params, idempotencyKey });
  } catch (err) {
    // The partner answered: that answer stays with the key, so the next call takes a new attempt.
    if (err instanceof CardPartnerRefusal) await setAttempt({ cardCheckoutAttempt: attempt + 1 });
    throw err;
  }
  await setAttempt({ partnerSessionId: session.sessionId });
  return session.redirectUrl;
}

/**
 * The completion's last step for a card order, after its transaction committed: opens the checkout
 * session from the rows the completion holds (no read of its own). A failing partner does not fail
 * the completion: the order is placed, and the investor's POST opens the session later.
 */
export async function openCheckoutAfterCompletion(
  ctx: CardCheckoutContext & { log?: FastifyBaseLogger },
  facts: { order: OrderRow; payment: PaymentRow; item: ItemRow; customerEmail: string | null },
): Promise<void> {
  if (!isAwaitingCardPayment(facts.order)) return;
  try {
    await openCheckoutSession(ctx, facts);
  } catch (err) {
    ctx.log?.warn(
      { err, orderId: facts.order.id, paymentId: facts.payment.id },
      'card checkout session not opened at completion; the investor can open it later',
    );
  }
}

/** The customer's payment with its method; `payment_not_found`, `payment_method_not_selected`. */
async function findOwnPayment(db: Database, order: OrderRow, paymentId: number) {
  const [row] = await db
    .select({ payment: payments, method: paymentMethods })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.methodId))
    .where(and(eq(payments.id, paymentId), eq(payments.orderId, order.id)));
  if (!row) throw new AppError('payment_not_found');
  if (!row.method) throw new AppError('payment_method_not_selected');
  return { payment: row.payment, method: row.method };
}

/**
 * POST orders/{token}/payments/{paymentId}/checkout-session: the card partner's checkout for the
 * customer's placed card order awaiting payment, an open session reused or a new one opened (after a
 * failure at completion, or when the session expired). Another customer's order is 404; a bank
 * transfer is `payment_method_unavailable`; an order not awaiting payment is `order_not_payable`.
 */
export async function openCardCheckout(
  opts: CardCheckoutContext & { customerId: number; tokenValue: string; paymentId: number },
): Promise<PaymentConfigurationView> {
  const order = await findOwnOrder(opts.db, opts.customerId, opts.tokenValue);
  const { payment, method } = await findOwnPayment(opts.db, order, opts.paymentId);
  if (method.gateway !== 'card') {
    throw new AppError('payment_method_unavailable', { detail: 'not a card payment' });
  }
  if (!isAwaitingCardPayment(order)) throw new AppError('order_not_payable');
  const [facts] = await opts.db
    .select({ item: orderItems, customerEmail: customers.email })
    .from(customers)
    .leftJoin(orderItems, eq(orderItems.orderId, order.id))
    .where(eq(customers.id, order.customerId))
    .limit(1);
  const redirectUrl = await openCheckoutSession(opts, {
    order,
    payment,
    item: facts?.item ?? null,
    customerEmail: facts?.customerEmail ?? null,
  });
  // A complete session: the payment went through meanwhile (its booking follows the partner's event).
  if (redirectUrl === null) throw new AppError('order_not_payable');
  return {
    gateway: 'card',
    amount: payment.amount,
    currencyCode: payment.currencyCode,
    paymentReference: payment.paymentReference,
    redirectUrl,
  };
}

/**
 * The GET configuration's card redirect, a read: the stored session's hosted page while the partner
 * says it is open, else null (none opened yet, expired, paid, or the partner unreachable: the client
 * then opens one with the POST).
 */
export async function readCheckoutRedirect(
  opts: { db: Database; card?: CardPort; log?: FastifyBaseLogger },
  order: OrderRow,
  payment: PaymentRow,
): Promise<string | null> {
  if (!opts.card || !payment.partnerSessionId || !isAwaitingCardPayment(order)) return null;
  try {
    const session = await opts.card.retrieveSession({ db: opts.db, sessionId: payment.partnerSessionId });
    return session?.status === 'open' ? session.redirectUrl : null;
  } catch (err) {
    opts.log?.warn({ err, paymentId: payment.id }, 'card checkout session not readable');
    return null;
  }
}
