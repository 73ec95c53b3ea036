import { AppError } from '@token/domain/errors';
import type { OrderView } from '@token/domain/orders';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { complianceAuditLog, customers, orders } from '../../db/schema/index.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { greetingName } from '../accounts/account-mail.service.ts';
import { cancelPlacedOrder } from './order-lifecycle.service.ts';
import { orderNotFound } from './order-rows.ts';
import { toOrderView, toOrderViews } from './order-views.service.ts';

/*
 * The operators' order file (/api/v2/admin/orders): placed orders found and filtered, and cancelled
 * with an audited reason.
 */

export type OperatorOrderRow = OrderView & { customer: { uuid: string; email: string; name: string } };

/**
 * Placed orders for operators, newest first: `search` finds an order number, a token, a payment
 * reference or a customer's e-mail (case-insensitive); `paymentState` filters.
 */
export async function listOrdersForOperator(opts: {
  db: Database;
  search?: string | undefined;
  paymentState?: OrderView['paymentState'] | undefined;
  page: Page;
}): Promise<{ items: OperatorOrderRow[]; totalItems: number }> {
  const { db, page } = opts;
  const term = opts.search?.trim().toLowerCase();
  const where = and(
    eq(orders.checkoutState, 'completed'),
    opts.paymentState ? eq(orders.paymentState, opts.paymentState) : undefined,
    term
      ? sql`(${orders.number} = ${term} or ${orders.tokenValue} = ${opts.search?.trim()} or lower(${customers.email}) like ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
          or exists (select 1 from payments p where p.order_id = ${orders.id} and lower(p.payment_reference) = ${term}))`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, customer: customers })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(desc(orders.checkoutCompletedAt), desc(orders.id))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(where),
  ]);
  const views = await toOrderViews(
    db,
    rows.map((r) => r.order),
  );
  return {
    items: views.map((view, i) => {
      const c = rows[i]!.customer;
      return { ...view, customer: { uuid: c.uuid, email: c.email, name: greetingName(c) } };
    }),
    totalItems: total?.n ?? 0,
  };
}

/**
 * An operator cancels a placed order awaiting payment, with a reason written to the append-only
 * audit log in the same transaction as the release of its tokens and seat.
 */
export async function cancelOrderAsOperator(opts: {
  db: Database;
  operatorId: number;
  tokenValue: string;
  reason: string;
  mail: MailPort;
  publicUrl: string;
}): Promise<OrderView> {
  const [order] = await opts.db.select().from(orders).where(eq(orders.tokenValue, opts.tokenValue));
  if (!order) throw orderNotFound();
  await opts.db.transaction(async (tx) => {
    const cancelled = await cancelPlacedOrder({
      db: tx,
      orderId: order.id,
      reason: 'operator',
      mail: opts.mail,
      publicUrl: opts.publicUrl,
    });
    if (!cancelled) throw new AppError('order_not_cancellable');
    await tx.insert(complianceAuditLog).values({
      customerId: order.customerId,
      actorId: opts.operatorId,
      action: 'order_cancelled',
      reason: opts.reason,
      details: { order: order.number, tokenValue: order.tokenValue, total: order.total },
    });
  });
  const [fresh] = await opts.db.select().from(orders).where(eq(orders.id, order.id));
  return toOrderView(opts.db, fresh!);
}
