import { AppError } from '@token/domain/errors';
import { canBookRefund } from '@token/domain/orders';
import type { BankCreditView } from '@token/domain/payments';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import type { BankCreditStatus } from '../../db/schema/index.ts';
import {
  bankCredits,
  cardPayments,
  complianceAuditLog,
  customers,
  invoices,
  orders,
  paymentMethods,
  payments,
} from '../../db/schema/index.ts';
import type { CardPort } from '../../partners/card/port.ts';
import { bookOrderPaid, bookOrderRefunded } from '../orders/order-lifecycle.service.ts';
import { toOrderView } from '../orders/order-views.service.ts';
import type { BookingContext } from './bank-credits.service.ts';

/*
 * The operators' payment decisions (issue 8, /api/v2/admin/): the order file, mark paid, refund,
 * the bank credits' reconciliation list, assign and return. Every decision writes its audit row in
 * the transaction that makes it; partner calls (card refunds) happen before, outside any lock.
 */

type OrderRow = typeof orders.$inferSelect;

async function orderByToken(db: Database | Tx, tokenValue: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.tokenValue, tokenValue));
  if (order?.checkoutState !== 'completed') throw new AppError('order_not_found');
  return order;
}

async function audit(
  tx: Tx,
  values: { customerId: number; operatorId: number; action: string; reason: string; details: object },
) {
  await tx.insert(complianceAuditLog).values({
    customerId: values.customerId,
    actorId: values.operatorId,
    action: values.action,
    reason: values.reason,
    details: values.details,
  });
}

function toCreditView(
  c: typeof bankCredits.$inferSelect,
  order: { tokenValue: string; number: string | null; total: number } | null,
): BankCreditView {
  return {
    id: c.id,
    source: c.source,
    amountCents: c.amountCents,
    currency: c.currency,
    remittanceText: c.remittanceText,
    structuredReference: c.structuredReference,
    debtorName: c.debtorName,
    debtorIban: c.debtorIban,
    bookingDate: c.bookingDate,
    entryReference: c.entryReference,
    status: c.status,
    note: c.note,
    matchedOrder: order?.tokenValue ? order : null,
    receivedAt: c.receivedAt.toISOString(),
  };
}

export const creditListFilters = ['open', 'matched', 'returned', 'all'] as const;
const openStatuses: BankCreditStatus[] = ['unmatched', 'partial', 'excess', 'duplicate'];

/** GET bank-credits?status=: the reconciliation list, newest first (default open). */
export async function listBankCredits(opts: {
  db: Database;
  status: (typeof creditListFilters)[number];
  page: Page;
}): Promise<{ items: BankCreditView[]; totalItems: number }> {
  const where =
    opts.status === 'all'
      ? undefined
      : opts.status === 'open'
        ? inArray(bankCredits.status, openStatuses)
        : eq(bankCredits.status, opts.status);
  const [rows, [total]] = await Promise.all([
    opts.db
      .select({
        credit: bankCredits,
        tokenValue: orders.tokenValue,
        number: orders.number,
        total: orders.total,
      })
      .from(bankCredits)
      .leftJoin(orders, eq(orders.id, bankCredits.matchedOrderId))
      .where(where)
      .orderBy(desc(bankCredits.receivedAt), desc(bankCredits.id))
      .limit(opts.page.itemsPerPage)
      .offset((opts.page.page - 1) * opts.page.itemsPerPage),
    opts.db.select({ n: count() }).from(bankCredits).where(where),
  ]);
  return {
    items: rows.map((r) =>
      toCreditView(
        r.credit,
        r.tokenValue ? { tokenValue: r.tokenValue, number: r.number, total: r.total! } : null,
      ),
    ),
    totalItems: total?.n ?? 0,
  };
}

/** GET orders/{token}: the operator's order file. */
export async function getOrderFile(opts: { db: Database; tokenValue: string }) {
  const { db } = opts;
  const [row] = await db
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.tokenValue, opts.tokenValue));
  if (!row || row.order.checkoutState === 'cart') throw new AppError('order_not_found');
  const { order, customer } = row;
  const [view, paymentRows, invoiceRows, creditRows, auditRows, cardRows] = await Promise.all([
    toOrderView(db, order),
    db
      .select({ payment: payments, methodCode: paymentMethods.code, gateway: paymentMethods.gateway })
      .from(payments)
      .leftJoin(paymentMethods, eq(paymentMethods.id, payments.methodId))
      .where(eq(payments.orderId, order.id))
      .orderBy(asc(payments.id)),
    db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.orderId, order.id)),
    db
      .select()
      .from(bankCredits)
      .where(eq(bankCredits.matchedOrderId, order.id))
      .orderBy(asc(bankCredits.id)),
    db
      .select({
        at: complianceAuditLog.createdAt,
        operator: customers.email,
        action: complianceAuditLog.action,
        reason: complianceAuditLog.reason,
      })
      .from(complianceAuditLog)
      .leftJoin(customers, eq(customers.id, complianceAuditLog.actorId))
      .where(
        and(
          eq(complianceAuditLog.customerId, order.customerId),
          sql`${complianceAuditLog.details}->>'tokenValue' = ${order.tokenValue}`,
        ),
      )
      .orderBy(desc(complianceAuditLog.createdAt)),
    db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.orderToken, order.tokenValue))
      .orderBy(desc(cardPayments.id)),
  ]);
  const card = cardRows[0] ?? null;
  return {
    ...view,
    customer: {
      uuid: customer.uuid,
      email: customer.email,
      fullName: [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.email,
      accountType: customer.accountType,
    },
    // the shop's payment view (method IRI and code, reference, amounts) plus the card partner's ids
    payments: view.payments.map((vp) => {
      const p = paymentRows.find((r) => r.payment.id === vp.id);
      const isCard = p?.gateway === 'card';
      return {
        ...vp,
        cardSessionId: isCard ? (p.payment.partnerSessionId ?? card?.sessionId ?? null) : null,
        cardPaymentIntentId: isCard ? (p.payment.partnerPaymentId ?? card?.paymentIntentId ?? null) : null,
        refundedAmount: p?.payment.refundedAmount ?? 0,
      };
    }),
    invoices: invoiceRows,
    bankCredits: creditRows.map((c) =>
      toCreditView(c, { tokenValue: order.tokenValue, number: order.number, total: order.total }),
    ),
    auditLog: auditRows.map((a) => ({
      at: a.at.toISOString(),
      operator: a.operator,
      action: a.action,
      reason: a.reason,
    })),
  };
}

/** POST orders/{token}/mark-paid: awaiting_payment -> paid with a reason. */
export async function markOrderPaidAsOperator(
  opts: { db: Database; operatorId: number; tokenValue: string; reason: string } & BookingContext,
) {
  const order = await orderByToken(opts.db, opts.tokenValue);
  await opts.db.transaction(async (tx) => {
    const booking = await bookOrderPaid(tx, {
      orderId: order.id,
      mail: opts.mail,
      publicUrl: opts.publicUrl,
    });
    if (!booking.booked) throw new AppError('order_not_payable');
    await audit(tx, {
      customerId: order.customerId,
      operatorId: opts.operatorId,
      action: 'order_marked_paid',
      reason: opts.reason,
      details: { order: order.number, tokenValue: order.tokenValue, total: order.total },
    });
  });
  return getOrderFile(opts);
}

/**
 * POST orders/{token}/refund: paid/authorized -> refunded. A card payment's rest (what was not
 * refunded yet) is refunded through the card partner first (outside any lock; the idempotency key is
 * the payment's with that amount, so a retry does not refund twice); a bank transfer is marked refunded (the operator transfers it back). Releases the
 * tokens and the seat (decision 011).
 */
export async function refundOrderAsOperator(
  opts: {
    db: Database;
    card: CardPort;
    operatorId: number;
    tokenValue: string;
    reason: string;
  } & BookingContext,
) {
  const order = await orderByToken(opts.db, opts.tokenValue);
  // The booking's own rule (paid per spec 4, tokens not minted), asked before the card is refunded.
  if (!canBookRefund(order)) throw new AppError('order_not_refundable');
  const [payment] = await opts.db
    .select({ payment: payments, gateway: paymentMethods.gateway })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.methodId))
    .where(eq(payments.orderId, order.id));
  let partnerRefund: string | null = null;
  if (payment?.gateway === 'card') {
    const [card] = await opts.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.orderToken, order.tokenValue))
      .orderBy(desc(cardPayments.id));
    const intent = payment.payment.partnerPaymentId ?? card?.paymentIntentId ?? null;
    if (!intent) throw new AppError('order_not_refundable', { detail: 'no card payment intent known' });
    // What the card partner has not refunded yet (decision 028: partial refunds are booked as they
    // come); the key names the amount, so a retry refunds once and a later refund of the rest is new.
    const remaining = payment.payment.amount - payment.payment.refundedAmount;
    const refund = await opts.card.refund({
      db: opts.db,
      paymentIntentId: intent,
      amountCents: remaining,
      idempotencyKey: `refund-payment-${payment.payment.id}-${remaining}`,
    });
    if (refund.status === 'failed') throw new AppError('card_refund_failed');
    partnerRefund = refund.refundId;
  }
  await opts.db.transaction(async (tx) => {
    const refunded = await bookOrderRefunded(tx, {
      orderId: order.id,
      reason: 'operator_refund',
      mail: opts.mail,
      publicUrl: opts.publicUrl,
    });
    if (!refunded) throw new AppError('order_not_refundable');
    await audit(tx, {
      customerId: order.customerId,
      operatorId: opts.operatorId,
      action: 'order_refunded',
      reason: opts.reason,
      details: { order: order.number, tokenValue: order.tokenValue, total: order.total, partnerRefund },
    });
  });
  return getOrderFile(opts);
}

async function creditForUpdate(tx: Tx, id: number) {
  const [credit] = await tx.select().from(bankCredits).where(eq(bankCredits.id, id)).for('update');
  if (!credit) throw new AppError('bank_credit_not_found');
  if (credit.status === 'matched' || credit.status === 'returned') throw new AppError('bank_credit_closed');
  return credit;
}

/**
 * POST bank-credits/{id}/assign: books an open credit on an order awaiting payment. With the credits
 * assigned before, when they add up to the total the order is paid (all its credits matched); else
 * the credit stays open as partial (excess when above) with the amount received noted.
 */
export async function assignBankCredit(
  opts: {
    db: Database;
    operatorId: number;
    creditId: number;
    orderTokenValue: string;
    reason: string;
  } & BookingContext,
): Promise<BankCreditView> {
  const order = await orderByToken(opts.db, opts.orderTokenValue);
  await opts.db.transaction(async (tx) => {
    const credit = await creditForUpdate(tx, opts.creditId);
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (locked?.paymentState !== 'awaiting_payment') throw new AppError('order_not_payable');
    const [sum] = await tx
      .select({ cents: sql<string>`coalesce(sum(${bankCredits.amountCents}), 0)` })
      .from(bankCredits)
      .where(
        and(
          eq(bankCredits.matchedOrderId, order.id),
          inArray(bankCredits.status, ['partial']),
          sql`${bankCredits.id} <> ${credit.id}`,
        ),
      );
    const received = Number(sum?.cents ?? 0) + credit.amountCents;
    if (received === locked.total) {
      const booking = await bookOrderPaid(tx, {
        orderId: order.id,
        mail: opts.mail,
        publicUrl: opts.publicUrl,
      });
      if (!booking.booked) throw new AppError('order_not_payable');
      await tx
        .update(bankCredits)
        .set({ status: 'matched', updatedAt: new Date() })
        .where(and(eq(bankCredits.matchedOrderId, order.id), eq(bankCredits.status, 'partial')));
      await tx
        .update(bankCredits)
        .set({
          status: 'matched',
          matchedOrderId: order.id,
          note: { code: 'assigned_paid', order: order.number, receivedCents: received },
          updatedAt: new Date(),
        })
        .where(eq(bankCredits.id, credit.id));
    } else {
      await tx
        .update(bankCredits)
        .set({
          status: received < locked.total ? 'partial' : 'excess',
          matchedOrderId: order.id,
          note: {
            code: 'assigned_partial',
            order: order.number,
            receivedCents: received,
            totalCents: locked.total,
          },
          updatedAt: new Date(),
        })
        .where(eq(bankCredits.id, credit.id));
    }
    await audit(tx, {
      customerId: order.customerId,
      operatorId: opts.operatorId,
      action: 'bank_credit_assigned',
      reason: opts.reason,
      details: {
        order: order.number,
        tokenValue: order.tokenValue,
        bankCredit: credit.id,
        amountCents: credit.amountCents,
        receivedCents: received,
      },
    });
  });
  return creditView(opts.db, opts.creditId);
}

/** POST bank-credits/{id}/return: the operator sends an open credit back; marked `returned`. */
export async function returnBankCredit(opts: {
  db: Database;
  operatorId: number;
  creditId: number;
  reason: string;
}): Promise<BankCreditView> {
  await opts.db.transaction(async (tx) => {
    const credit = await creditForUpdate(tx, opts.creditId);
    await tx
      .update(bankCredits)
      .set({ status: 'returned', note: { code: 'returned', reason: opts.reason }, updatedAt: new Date() })
      .where(eq(bankCredits.id, credit.id));
    // The audit log is per customer: a credit for an order names its investor; else the operator.
    const [order] = credit.matchedOrderId
      ? await tx.select().from(orders).where(eq(orders.id, credit.matchedOrderId))
      : [];
    await audit(tx, {
      customerId: order?.customerId ?? opts.operatorId,
      operatorId: opts.operatorId,
      action: 'bank_credit_returned',
      reason: opts.reason,
      details: {
        bankCredit: credit.id,
        amountCents: credit.amountCents,
        entryReference: credit.entryReference,
        ...(order ? { order: order.number, tokenValue: order.tokenValue } : {}),
      },
    });
  });
  return creditView(opts.db, opts.creditId);
}

async function creditView(db: Database, id: number): Promise<BankCreditView> {
  const [row] = await db
    .select({
      credit: bankCredits,
      tokenValue: orders.tokenValue,
      number: orders.number,
      total: orders.total,
    })
    .from(bankCredits)
    .leftJoin(orders, eq(orders.id, bankCredits.matchedOrderId))
    .where(eq(bankCredits.id, id));
  if (!row) throw new AppError('bank_credit_not_found');
  return toCreditView(
    row.credit,
    row.tokenValue ? { tokenValue: row.tokenValue, number: row.number, total: row.total! } : null,
  );
}
