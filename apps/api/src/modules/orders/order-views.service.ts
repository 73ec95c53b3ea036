import type { Locale } from '@token/domain/i18n';
import {
  type InvoiceView,
  isOrderPaid,
  type OrderPaymentView,
  type OrderView,
  orderKindOf,
  orderListStatus,
} from '@token/domain/orders';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { prepared } from '../../db/prepared.ts';
import {
  invoices,
  orderItems,
  orders,
  paymentMethods,
  payments,
  products,
  productTranslations,
  productVariants,
  taxCategories,
} from '../../db/schema/index.ts';
import { findOwnOrder, type ItemRow, type OrderRow } from './order-rows.ts';

/*
 * Reading orders (spec 3/4/7): an order's view from its rows, the customer's order and lists, the
 * invoices of an order.
 *
 * The reader's language (issue 15): an item keeps the product name it was placed under (the invoice,
 * the mails and the answers of the checkout's calls use it); the customer's reads (`getOrder`,
 * `listOrders` with a `locale`) name the product as it is currently named in the reader's language,
 * so an order placed in German reads in English on English pages. A product without a name in that
 * language keeps the stored one.
 */

type ViewItem = {
  item: ItemRow;
  variantCode: string;
  productCode: string;
  /** The product's current name in the reader's language, when the read asked for one. */
  readerName?: string | null;
  /** The product's tax category (`isSecurity` tells a bond from a collectible). */
  taxCategory: { code: string; rateBasisPoints: number } | null;
};
type ViewPayment = { payment: typeof payments.$inferSelect; methodCode: string | null };

/** The order's view from its rows (spec 3/4): items with their codes, payments with their methods. */
export function orderViewOf(o: OrderRow, items: ViewItem[], orderPayments: ViewPayment[]): OrderView {
  const { status } = orderListStatus(o);
  const viewItems = items.map(({ item, variantCode, productCode, readerName, taxCategory }) => ({
    id: item.id,
    productName: readerName || item.productName,
    productCode,
    variantName: item.variantName,
    variant: variantCode,
    variantCode,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    originalUnitPrice: item.originalUnitPrice,
    subtotal: item.subtotal,
    taxTotal: item.taxTotal,
    total: item.total,
    taxCategory,
  }));
  return {
    id: o.id,
    tokenValue: o.tokenValue,
    number: o.number,
    checkoutState: o.checkoutState,
    paymentState: o.paymentState,
    shippingState: o.shippingState,
    paid: isOrderPaid(o),
    listStatus: status,
    kind: orderKindOf(viewItems[0]),
    currencyCode: o.currencyCode,
    localeCode: o.localeCode,
    legalDocsConfirmAt: o.legalDocsConfirmAt?.toISOString() ?? null,
    legalDocsConfirmed: o.legalDocsConfirmed,
    legalDocsSentAt: o.legalDocsSentAt?.toISOString() ?? null,
    items: viewItems,
    itemsTotal: o.itemsTotal,
    discountCode: o.discountCode,
    discountTotal: o.discountTotal,
    taxTotal: o.taxTotal,
    total: o.total,
    payments: orderPayments.map(({ payment, methodCode }) => toPaymentView(payment, methodCode)),
    notes: o.notes,
    statements: o.statements ?? null,
    declarations: o.declarations ?? null,
    digitalContentConsent: o.digitalContentConsent ?? null,
    checkoutCompletedAt: o.checkoutCompletedAt?.toISOString() ?? null,
    paymentDueAt: o.paymentDueAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

function toPaymentView(payment: typeof payments.$inferSelect, methodCode: string | null): OrderPaymentView {
  return {
    id: payment.id,
    method: methodCode,
    methodCode,
    state: payment.state,
    amount: payment.amount,
    currencyCode: payment.currencyCode,
    paymentReference: payment.paymentReference,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
  };
}

/**
 * Orders' items and payments in one statement: a row per item and payment of each order (an order has
 * one line and one or few payments), collated by `viewsFrom`. With `locale` (a value or a
 * placeholder), each item also carries its product's name in that language (one translation per
 * product and language: no extra rows).
 */
function viewRows(db: Db, which: SQL, locale?: ReturnType<typeof sql.placeholder> | Locale) {
  return db
    .select({
      orderId: orders.id,
      item: orderItems,
      variantCode: productVariants.code,
      productCode: products.code,
      readerName: locale === undefined ? sql<string | null>`null` : productTranslations.name,
      taxCategoryCode: taxCategories.code,
      taxRate: taxCategories.rateBasisPoints,
      payment: payments,
      methodCode: paymentMethods.code,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(
      productTranslations,
      locale === undefined
        ? sql`false`
        : and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)),
    )
    .leftJoin(taxCategories, eq(taxCategories.id, products.taxCategoryId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.methodId))
    .where(which)
    .orderBy(asc(orderItems.id), asc(payments.id));
}
type ViewRow = Awaited<ReturnType<typeof viewRows>>[number];

/** The views of `orders` from their `viewRows`: each item and payment once, in id order. */
function viewsFrom(orderRows: OrderRow[], rows: ViewRow[]): OrderView[] {
  const items = new Map<number, Map<number, ViewItem>>();
  const orderPayments = new Map<number, Map<number, ViewPayment>>();
  const of = <T>(m: Map<number, Map<number, T>>, id: number) => {
    let inner = m.get(id);
    if (!inner) {
      inner = new Map();
      m.set(id, inner);
    }
    return inner;
  };
  for (const r of rows) {
    if (r.item && r.variantCode !== null && r.productCode !== null) {
      of(items, r.orderId).set(r.item.id, {
        item: r.item,
        variantCode: r.variantCode,
        productCode: r.productCode,
        readerName: r.readerName,
        taxCategory:
          r.taxCategoryCode === null ? null : { code: r.taxCategoryCode, rateBasisPoints: r.taxRate ?? 0 },
      });
    }
    if (r.payment)
      of(orderPayments, r.orderId).set(r.payment.id, { payment: r.payment, methodCode: r.methodCode });
  }
  const byId = <T>(m: Map<number, T> | undefined) =>
    [...(m ?? new Map<number, T>()).entries()].sort(([x], [y]) => x - y).map(([, v]) => v);
  return orderRows.map((o) => orderViewOf(o, byId(items.get(o.id)), byId(orderPayments.get(o.id))));
}

/** The read behind every order call's answer (`prepared`, decision 011). */
const viewRowsOfOrder = prepared('order_view_rows', (db) =>
  viewRows(db, eq(orders.id, sql.placeholder('orderId'))),
);

/** The same, with the products named in the reader's language (placeholder `locale`). */
const viewRowsOfOrderIn = prepared('order_view_rows_in_locale', (db) =>
  viewRows(db, eq(orders.id, sql.placeholder('orderId')), sql.placeholder('locale')),
);

/** One order's view, read outside any transaction (after the change it answers has committed). */
export async function toOrderView(db: Database, row: OrderRow): Promise<OrderView> {
  return viewsFrom([row], await viewRowsOfOrder(db).execute({ orderId: row.id }))[0]!;
}

/** Several orders' views (lists), in one statement; with `locale`, products named in it. */
export async function toOrderViews(db: Db, rows: OrderRow[], locale?: Locale): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  return viewsFrom(
    rows,
    await viewRows(
      db,
      inArray(
        orders.id,
        rows.map((o) => o.id),
      ),
      locale,
    ),
  );
}

/**
 * GET orders/{token}: the customer's order (any state); with `locale`, its products named in the
 * reader's language (without, as placed).
 */
export async function getOrder(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  locale?: Locale;
}): Promise<OrderView> {
  const row = await findOwnOrder(opts.db, opts.customerId, opts.tokenValue);
  if (opts.locale === undefined) return toOrderView(opts.db, row);
  return viewsFrom(
    [row],
    await viewRowsOfOrderIn(opts.db).execute({ orderId: row.id, locale: opts.locale }),
  )[0]!;
}

/**
 * GET orders: the customer's placed orders, newest checkout first (spec 7), paged, products named in
 * `locale`; with `paidOnly`, only the paid ones (`isOrderPaid`: paid or authorized; GraphQL `paidOrders`).
 */
export async function listOrders(opts: {
  db: Database;
  customerId: number;
  page: Page;
  locale: Locale;
  paidOnly?: boolean;
}) {
  const { db, customerId, page } = opts;
  const where = and(
    eq(orders.customerId, customerId),
    eq(orders.checkoutState, 'completed'),
    opts.paidOnly ? inArray(orders.paymentState, ['paid', 'authorized']) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.checkoutCompletedAt), desc(orders.id))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { items: await toOrderViews(db, rows, opts.locale), totalItems: total?.n ?? 0 };
}

/** GET orders/{token}/invoices: the invoice of a placed order (Sylius invoicing plugin: one per order). */
export async function listOrderInvoices(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
}): Promise<InvoiceView[]> {
  const order = await findOwnOrder(opts.db, opts.customerId, opts.tokenValue);
  const rows = await opts.db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, order.id))
    .orderBy(asc(invoices.id));
  return rows.map((i) => ({
    id: i.id,
    number: i.number,
    year: i.year,
    order: order.tokenValue,
    orderTokenValue: order.tokenValue,
    issuedAt: i.issuedAt.toISOString(),
    total: order.total,
    currencyCode: order.currencyCode,
    localeCode: order.localeCode,
  }));
}
