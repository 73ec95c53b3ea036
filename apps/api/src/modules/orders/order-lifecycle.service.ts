import { AppError } from '@token/domain/errors';
import {
  assertCanTransition,
  canBookPaid,
  canBookRefund,
  type OrderView,
  paymentLifecycle,
  shippingLifecycle,
} from '@token/domain/orders';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import { offerSubscriptions, orderItems, orders, payments, productVariants } from '../../db/schema/index.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { queueCreatorSaleMail } from '../collections/creator-sale-mail.ts';
import { bookReferralCommission, reverseOrderCommission } from '../referrals/referrals.service.ts';
import { queueOrderMail } from './order-mails.ts';
import { findOwnOrder, type ItemRow, type OrderRow } from './order-rows.ts';
import { getOrder } from './order-views.service.ts';

/*
 * A placed order's lifecycle: its hold released on cancellation, expiry and refund, and its payment
 * booked as paid or refunded (card events, bank credits, operators).
 */

/**
 * Releases what a placed order holds (decision 011: cancellation, expiry, refund before minting):
 * its tokens on hold and the investor's holding, so their seat among the 149 and their § 6 total.
 * Takes the product lock in the order of `completeOrder`; the caller holds the order's row lock.
 */
async function releaseHold(tx: Tx, order: OrderRow): Promise<ItemRow | null> {
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  if (order.productId !== null) {
    await tx.execute(sql`select id from products where id = ${order.productId} for no key update`);
  }
  if (item) {
    await tx
      .update(productVariants)
      .set({ onHold: sql`greatest(0, ${productVariants.onHold} - ${item.quantity})` })
      .where(eq(productVariants.id, item.variantId));
  }
  if (order.productId !== null && item) {
    const [holding] = await tx
      .update(offerSubscriptions)
      .set({
        totalCents: sql`${offerSubscriptions.totalCents} - ${order.itemsTotal}`,
        quantity: sql`${offerSubscriptions.quantity} - ${item.quantity}`,
        orders: sql`${offerSubscriptions.orders} - 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(offerSubscriptions.productId, order.productId),
          eq(offerSubscriptions.customerId, order.customerId),
          sql`${offerSubscriptions.orders} > 1`,
          sql`${offerSubscriptions.totalCents} > ${order.itemsTotal}`,
        ),
      )
      .returning();
    // The investor's last order of the bond: the seat is free again.
    if (!holding) {
      await tx
        .delete(offerSubscriptions)
        .where(
          and(
            eq(offerSubscriptions.productId, order.productId),
            eq(offerSubscriptions.customerId, order.customerId),
          ),
        );
    }
  }
  return item ?? null;
}

/**
 * Cancels a placed, unpaid order (the investor, an operator, or the expiry job) and releases what it
 * held: the tokens on hold, the investor's holding (and so their seat among the 149), in the lock
 * order of `completeOrder`. Tells the investor by mail. Answers false when the order is no longer
 * awaiting payment (already paid, cancelled or expired: nothing to do).
 */
export async function cancelPlacedOrder(opts: {
  db: Db;
  orderId: number;
  reason: 'expired' | 'investor' | 'operator';
  mail: MailPort;
  publicUrl: string;
  /** Only when its payment is due before this moment (the expiry job). */
  dueBefore?: Date;
}): Promise<boolean> {
  const run = async (tx: Tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, opts.orderId)).for('update');
    if (order?.checkoutState !== 'completed' || order.paymentState !== 'awaiting_payment') return false;
    if (opts.dueBefore && !(order.paymentDueAt && order.paymentDueAt < opts.dueBefore)) return false;
    assertCanTransition(paymentLifecycle, order.paymentState, 'cancelled');
    assertCanTransition(shippingLifecycle, order.shippingState, 'cancelled');
    const item = await releaseHold(tx, order);
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({
        paymentState: 'cancelled',
        shippingState: 'cancelled',
        cancelledAt: now,
        cancelReason: opts.reason,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    await tx
      .update(payments)
      .set({ state: 'cancelled', updatedAt: now })
      .where(eq(payments.orderId, order.id));
    await queueOrderMail(tx, {
      mail: opts.mail,
      publicUrl: opts.publicUrl,
      kind: opts.reason === 'expired' ? 'order_expired' : 'order_cancelled',
      order: updated!,
      item: item ?? null,
    });
    return true;
  };
  return (opts.db as Database).transaction(run);
}

/** PATCH orders/{token}/cancel: the investor cancels their placed order while it awaits payment. */
export async function cancelOwnOrder(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  mail: MailPort;
  publicUrl: string;
}): Promise<OrderView> {
  const order = await findOwnOrder(opts.db, opts.customerId, opts.tokenValue);
  const cancelled = await cancelPlacedOrder({
    db: opts.db,
    orderId: order.id,
    reason: 'investor',
    mail: opts.mail,
    publicUrl: opts.publicUrl,
  });
  if (!cancelled) throw new AppError('order_not_cancellable');
  return getOrder(opts);
}

/**
 * The expiry job's work: every placed bank-transfer order still awaiting payment past its due date
 * is cancelled (each in its own transaction), releasing its tokens and seat. Returns how many.
 */
export async function expireUnpaidOrders(opts: {
  db: Database;
  mail: MailPort;
  publicUrl: string;
  now?: Date;
  limit?: number;
}): Promise<number> {
  const now = opts.now ?? new Date();
  const due = await opts.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.checkoutState, 'completed'),
        eq(orders.paymentState, 'awaiting_payment'),
        lt(orders.paymentDueAt, now),
      ),
    )
    .orderBy(asc(orders.paymentDueAt))
    .limit(opts.limit ?? 500);
  let expired = 0;
  for (const { id } of due) {
    if (
      await cancelPlacedOrder({
        db: opts.db,
        orderId: id,
        reason: 'expired',
        mail: opts.mail,
        publicUrl: opts.publicUrl,
        dueBefore: now,
      })
    ) {
      expired += 1;
    }
  }
  return expired;
}

/** What `bookOrderPaid` did: booked the order, or nothing (with the state it found). */
export type PaymentBooking =
  | { booked: true; order: OrderRow }
  | { booked: false; order: OrderRow | null; state: string | null };

/**
 * Books an order's payment as received, in the caller's transaction: awaiting_payment -> paid (the
 * domain's `canBookPaid` asks the payment lifecycle table), the payment row too, and the "payment
 * received" mail in the outbox.
 * Locks the order row first, so concurrent bookings (webhook retries, a statement imported twice,
 * an operator) book it once: the others find it no longer awaiting payment and answer `booked:
 * false` with its state. The tokens stay on hold until minted (decision 011).
 */
export async function bookOrderPaid(
  tx: Tx,
  opts: { orderId: number; mail: MailPort; publicUrl: string; partnerPaymentId?: string | null },
): Promise<PaymentBooking> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, opts.orderId)).for('update');
  if (!order) return { booked: false, order: null, state: null };
  if (!canBookPaid(order)) return { booked: false, order, state: order.paymentState };
  const now = new Date();
  const [updated] = await tx
    .update(orders)
    .set({ paymentState: 'paid', updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await tx
    .update(payments)
    .set({
      state: 'paid',
      completedAt: now,
      updatedAt: now,
      ...(opts.partnerPaymentId ? { partnerPaymentId: opts.partnerPaymentId } : {}),
    })
    .where(eq(payments.orderId, order.id));
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  await queueOrderMail(tx, {
    mail: opts.mail,
    publicUrl: opts.publicUrl,
    kind: 'order_paid',
    order: updated!,
    item: item ?? null,
  });
  // The creator of a collectible learns of the sale, if their "sale" notification is on (spec 3).
  if (item) {
    await queueCreatorSaleMail(tx, {
      mail: opts.mail,
      publicUrl: opts.publicUrl,
      productId: order.productId,
      sale: { productName: item.productName, quantity: item.quantity, total: item.total },
    });
  }
  // The referral partner's commission for this paid order, once (decision 017).
  await bookReferralCommission(
    tx,
    { kind: 'paid_order', customerId: order.customerId, orderId: order.id },
    now,
  );
  return { booked: true, order: updated! };
}

/**
 * Books a refund in the caller's transaction: paid/authorized -> refunded (the domain's
 * `canBookRefund` asks the lifecycle tables), and releases the tokens on hold and the investor's seat
 * like a cancellation (decision 011: a refund before minting). Answers false when the order is not
 * paid (nothing to refund, or already refunded) or its tokens are minted.
 */
export async function bookOrderRefunded(
  tx: Tx,
  opts: { orderId: number; reason: string; mail: MailPort; publicUrl: string },
): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, opts.orderId)).for('update');
  if (!order || !canBookRefund(order)) return false;
  const item = await releaseHold(tx, order);
  const now = new Date();
  const [updated] = await tx
    .update(orders)
    .set({ paymentState: 'refunded', shippingState: 'cancelled', cancelReason: opts.reason, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await tx.update(payments).set({ state: 'refunded', updatedAt: now }).where(eq(payments.orderId, order.id));
  await queueOrderMail(tx, {
    mail: opts.mail,
    publicUrl: opts.publicUrl,
    kind: 'order_refunded',
    order: updated!,
    item,
  });
  // An accrued commission of this order is reversed; a settled one stays (decision 017).
  await reverseOrderCommission(tx, order.id, now);
  return true;
}
