import { AppError } from '@token/domain/errors';
import { isCheckoutEditable } from '@token/domain/orders';
import { orderPaymentReference, referencePrefixPattern } from '@token/domain/payments';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { type orderItems, orders } from '../../db/schema/index.ts';

/*
 * Orders (issue 8, spec 4 order flow, spec 7 order calls, Sylius's order model). Services take one
 * options object with `db` and know no HTTP (convention 2). Every call finds the order by its token
 * AND the customer: another customer's token is `order_not_found` (404, convention 3). The rules
 * are the domain's (`evaluateSubscription`, `buyBlockers`, the lifecycle tables); completion checks
 * them all again under the product's row lock, in the transaction that takes the stock, the investor
 * seat and the invoice number (decision 011).
 *
 * This module: the shared reads and helpers of the order services (the row types, the customer's
 * own order by token, the editable check, the order number and the payment reference).
 */

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;

/** The 404 of an order that is not the caller's (or does not exist). */
export function orderNotFound(): AppError {
  return new AppError('order_not_found');
}

/** The order number: its id, nine digits (`000000123`). */
export function orderNumberOf(orderId: number): string {
  return String(orderId).padStart(9, '0');
}

/**
 * The structured payment reference (ISO 11649, `RF…`) an investor quotes on a transfer: the product
 * configuration's prefix (or `TW`) and the order number, so the bank credit finds its order again.
 */
export function newPaymentReference(prefix: string | null, orderId: number): string {
  const p = (prefix ?? '').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  return orderPaymentReference(referencePrefixPattern.test(p) ? p : 'TW', orderNumberOf(orderId));
}

/** The customer's order by token, optionally locked (`for update`); 404 when not theirs. */
export async function findOwnOrder(
  db: Db,
  customerId: number,
  tokenValue: string,
  lock = false,
): Promise<OrderRow> {
  const statement = lock ? ownOrderLocked(db) : ownOrder(db);
  const [row] = await statement.execute({ tokenValue, customerId });
  if (!row) throw orderNotFound();
  return row;
}

/** The condition of the customer's own order by token (placeholders `tokenValue`, `customerId`). */
export const ownOrderWhere = and(
  eq(orders.tokenValue, sql.placeholder('tokenValue')),
  eq(orders.customerId, sql.placeholder('customerId')),
);
const ownOrder = prepared('own_order', (db) => db.select().from(orders).where(ownOrderWhere));
const ownOrderLocked = prepared('own_order_locked', (db) =>
  db.select().from(orders).where(ownOrderWhere).for('update'),
);

/** Throws `order_not_editable` once the checkout is completed or cancelled. */
export function assertEditable(order: OrderRow): void {
  if (!isCheckoutEditable(order.checkoutState)) throw new AppError('order_not_editable');
}

/**
 * The customer's order locked (`for update`) for a change of the checkout: 404 when not theirs,
 * `order_not_editable` once placed or cancelled (the domain's editable states). Every checkout step
 * before completion (cart, legal documents, payment method) starts here, inside its transaction.
 */
export async function lockEditableOrder(tx: Tx, customerId: number, tokenValue: string): Promise<OrderRow> {
  const order = await findOwnOrder(tx, customerId, tokenValue, true);
  assertEditable(order);
  return order;
}

/** The order's product; `order_empty` while it has no item. */
export async function requireProduct(order: OrderRow): Promise<number> {
  if (order.productId === null) throw new AppError('order_empty');
  return order.productId;
}
