import { randomBytes } from 'node:crypto';
import { type CompanyType, isProfessionalInvestor } from '@token/domain/accounts';
import { buyBlockers, buyRefusalCode } from '@token/domain/buying';
import { availableQuantity } from '@token/domain/catalog';
import { shopChannelCode } from '@token/domain/channel';
import { AppError, type ErrorCode } from '@token/domain/errors';
import { type Locale, translatedField } from '@token/domain/i18n';
import {
  assertCanTransition,
  type CheckoutState,
  type CompleteOrderInput,
  checkoutLifecycle,
  discountCents,
  evaluateSubscription,
  type InvoiceView,
  investmentLimitCents,
  isCheckoutEditable,
  isOrderPaid,
  type OrderPaymentView,
  type OrderView,
  orderListStatus,
  type PaymentConfigurationView,
  paymentDueAt,
  paymentLifecycle,
  type Section6Declarations,
  type Subscriber,
  type SubscriptionAnswer,
  type SubscriptionRefusal,
  shippingLifecycle,
} from '@token/domain/orders';
import {
  buildEpcQrPayload,
  isValidCreditorReference,
  orderPaymentReference,
  referencePrefixPattern,
} from '@token/domain/payments';
import type { BankAccountView } from '@token/domain/reference';
import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Page } from '../../db/paging.ts';
import { param, prepared } from '../../db/prepared.ts';
import {
  channelPricings,
  complianceAuditLog,
  customers,
  discountCodes,
  invoices,
  legalDocuments,
  mediaFiles,
  offerSubscriptions,
  orderItems,
  orders,
  paymentMethods,
  payments,
  productPaymentConfigurations,
  products,
  productTranslations,
  productVariants,
  productVariantTranslations,
  taxCategories,
  wallets,
} from '../../db/schema/index.ts';
import type { CardPort } from '../../partners/card/port.ts';
import type { MailAttachment, MailPort } from '../../partners/mail/port.ts';
import { greetingName } from '../accounts/account-mail.service.ts';
import { type ChannelRow, channelBankAccount, findShopChannel } from '../reference/reference.service.ts';
import { type OrderMailKind, renderOrderMail } from './order-mails.ts';

/*
 * Orders (issue 8, spec 4 order flow, spec 7 order calls, Sylius's order model). Services take one
 * options object with `db` and know no HTTP (convention 2). Every call finds the order by its token
 * AND the customer: another customer's token is `order_not_found` (404, convention 3). The rules
 * are the domain's (`evaluateSubscription`, `buyBlockers`, the lifecycle tables); completion checks
 * them all again under the product's row lock, in the transaction that takes the stock, the investor
 * seat and the invoice number (decision 011).
 */

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

function orderNotFound(): AppError {
  return new AppError('order_not_found');
}

/** A new order token: 32 random bytes, base64url (unguessable; the order's only public id). */
function newTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

/** The order number: its id, nine digits (`000000123`). */
export function orderNumberOf(orderId: number): string {
  return String(orderId).padStart(9, '0');
}

/**
 * The structured payment reference (ISO 11649, `RF…`) an investor quotes on a transfer: the product
 * configuration's prefix (or `TW`) and the order number, so the bank credit finds its order again.
 */
function newPaymentReference(prefix: string | null, orderId: number): string {
  const p = (prefix ?? '').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  return orderPaymentReference(referencePrefixPattern.test(p) ? p : 'TW', orderNumberOf(orderId));
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** The customer's order by token, optionally locked (`for update`); 404 when not theirs. */
async function findOwnOrder(db: Db, customerId: number, tokenValue: string, lock = false): Promise<OrderRow> {
  const statement = lock ? ownOrderLocked(db) : ownOrder(db);
  const [row] = await statement.execute({ tokenValue, customerId });
  if (!row) throw orderNotFound();
  return row;
}

const ownOrderWhere = and(
  eq(orders.tokenValue, sql.placeholder('tokenValue')),
  eq(orders.customerId, sql.placeholder('customerId')),
);
const ownOrder = prepared('own_order', (db) => db.select().from(orders).where(ownOrderWhere));
const ownOrderLocked = prepared('own_order_locked', (db) =>
  db.select().from(orders).where(ownOrderWhere).for('update'),
);

function assertEditable(order: OrderRow): void {
  if (!isCheckoutEditable(order.checkoutState)) throw new AppError('order_not_editable');
}

type ViewItem = { item: ItemRow; variantCode: string; productCode: string };
type ViewPayment = { payment: typeof payments.$inferSelect; methodCode: string | null };

/** The order's view from its rows (spec 3/4): items with their codes, payments with their methods. */
function orderViewOf(o: OrderRow, items: ViewItem[], orderPayments: ViewPayment[]): OrderView {
  const { status } = orderListStatus(o);
  return {
    id: o.id,
    tokenValue: o.tokenValue,
    number: o.number,
    checkoutState: o.checkoutState,
    paymentState: o.paymentState,
    shippingState: o.shippingState,
    paid: isOrderPaid(o),
    listStatus: status,
    currencyCode: o.currencyCode,
    localeCode: o.localeCode,
    legalDocsConfirmAt: o.legalDocsConfirmAt?.toISOString() ?? null,
    legalDocsConfirmed: o.legalDocsConfirmed,
    legalDocsSentAt: o.legalDocsSentAt?.toISOString() ?? null,
    items: items.map(({ item, variantCode, productCode }) => ({
      id: item.id,
      productName: item.productName,
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
    })),
    itemsTotal: o.itemsTotal,
    discountCode: o.discountCode,
    discountTotal: o.discountTotal,
    taxTotal: o.taxTotal,
    total: o.total,
    payments: orderPayments.map(({ payment, methodCode }) => toPaymentView(payment, methodCode)),
    notes: o.notes,
    statements: o.statements ?? null,
    declarations: o.declarations ?? null,
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
 * one line and one or few payments), collated by `viewsFrom`.
 */
function viewRows(db: Db, which: SQL) {
  return db
    .select({
      orderId: orders.id,
      item: orderItems,
      variantCode: productVariants.code,
      productCode: products.code,
      payment: payments,
      methodCode: paymentMethods.code,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId))
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

/** One order's view, read outside any transaction (after the change it answers has committed). */
export async function toOrderView(db: Database, row: OrderRow): Promise<OrderView> {
  return viewsFrom([row], await viewRowsOfOrder(db).execute({ orderId: row.id }))[0]!;
}

/** Several orders' views (lists), in one statement. */
async function toOrderViews(db: Db, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  return viewsFrom(
    rows,
    await viewRows(
      db,
      inArray(
        orders.id,
        rows.map((o) => o.id),
      ),
    ),
  );
}

/** GET orders/{token}: the customer's order (any state). */
export async function getOrder(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
}): Promise<OrderView> {
  return toOrderView(opts.db, await findOwnOrder(opts.db, opts.customerId, opts.tokenValue));
}

/** GET orders: the customer's placed orders, newest checkout first (spec 7), paged. */
export async function listOrders(opts: { db: Database; customerId: number; page: Page }) {
  const { db, customerId, page } = opts;
  const where = and(eq(orders.customerId, customerId), eq(orders.checkoutState, 'completed'));
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
  return { items: await toOrderViews(db, rows), totalItems: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// The cart
// ---------------------------------------------------------------------------------------------

/** The customer's cart, locked, and whether it has items (one cart per customer: a unique index). */
const openCartOf = prepared('order_open_cart', (db) =>
  db
    .select({
      id: orders.id,
      hasItems: sql<boolean>`exists (select 1 from ${orderItems} i where i.order_id = ${orders}.id)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, sql.placeholder('customerId')),
        inArray(orders.checkoutState, ['cart', 'addressed', 'payment_selected']),
      ),
    )
    .for('update'),
);

const cartCreated = prepared('order_cart_created', (db) =>
  db
    .insert(orders)
    .values({ tokenValue: param('tokenValue'), customerId: param('customerId'), localeCode: param('locale') })
    .returning(),
);
const cartPaymentCreated = prepared('order_cart_payment_created', (db) =>
  db
    .insert(payments)
    .values({ orderId: param('orderId'), state: 'new', amount: 0 })
    .returning(),
);

/**
 * POST orders: a new cart in the investor's language. spec 4: "an existing non-empty order is deleted
 * and recreated"; an empty cart is handed out again.
 */
export async function createOrder(opts: {
  db: Database;
  customerId: number;
  locale: Locale;
}): Promise<OrderView> {
  const { db, customerId, locale } = opts;
  const replaceCart = () =>
    db.transaction(async (tx) => {
      const [open] = await openCartOf(tx).execute({ customerId });
      if (open) {
        if (!open.hasItems) {
          const [same] = await tx
            .update(orders)
            .set({ localeCode: locale, updatedAt: new Date() })
            .where(eq(orders.id, open.id))
            .returning();
          return { row: same!, payment: null };
        }
        await tx.delete(orders).where(eq(orders.id, open.id));
      }
      const [created] = await cartCreated(tx).execute({ tokenValue: newTokenValue(), customerId, locale });
      const [payment] = await cartPaymentCreated(tx).execute({ orderId: created!.id });
      return { row: created!, payment: payment! };
    });
  let cart: Awaited<ReturnType<typeof replaceCart>>;
  try {
    cart = await replaceCart();
  } catch (err) {
    // Two POST orders of one customer at once: the other one's cart won the one-cart index; take
    // the turn again (it now finds that cart and replaces or reuses it).
    if (!isUniqueViolation(err, 'orders_one_cart_per_customer')) throw err;
    cart = await replaceCart();
  }
  // A new cart's answer from the rows just written: no items, its one payment without a method.
  return cart.payment
    ? orderViewOf(cart.row, [], [{ payment: cart.payment, methodCode: null }])
    : toOrderView(db, cart.row);
}

/** DELETE orders/{token}: spec 2 "the order is deleted" when the investor leaves the process; carts only. */
export async function deleteOrder(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
}): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, opts.customerId, opts.tokenValue, true);
    if (!isCheckoutEditable(order.checkoutState)) throw new AppError('order_not_cancellable');
    await tx.delete(orders).where(eq(orders.id, order.id));
  });
}

/** The variant by code or IRI (`/api/v2/shop/product-variants/{code}`), with what the rules read. */
export function variantCodeOf(productVariant: string): string {
  const m = /^\/api\/v2\/shop\/product-variants\/([^/?#]+)$/.exec(productVariant);
  return m ? decodeURIComponent(m[1]!) : productVariant;
}

// What the order flow reads of a product, its variant and the buyer: only these columns are selected
// (decision 011, Measured: building and mapping whole rows of 30-50 columns was a large part of
// the API's CPU per order).
const offerProductColumns = {
  id: products.id,
  code: products.code,
  enabled: products.enabled,
  allowToBuy: products.allowToBuy,
  professionalOnly: products.professionalOnly,
  quantityStep: products.quantityStep,
  minimumSubscriptionCents: products.minimumSubscriptionCents,
  maximumOrderCentsNonProfessional: products.maximumOrderCentsNonProfessional,
  investorLimit: products.investorLimit,
};
const offerVariantColumns = {
  id: productVariants.id,
  code: productVariants.code,
  enabled: productVariants.enabled,
  tracked: productVariants.tracked,
  onHand: productVariants.onHand,
  onHold: productVariants.onHold,
};
const buyerColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  accountType: customers.accountType,
  companyType: customers.companyType,
  roles: customers.roles,
  kycPassed: customers.kycPassed,
  status: customers.status,
  cryptoRegistrarStatus: customers.cryptoRegistrarStatus,
};
type Picked<T extends Record<string, { _: { data: unknown; notNull: boolean } }>> = {
  [K in keyof T]: T[K]['_']['notNull'] extends true ? T[K]['_']['data'] : T[K]['_']['data'] | null;
};

type OfferFacts = {
  product: Picked<typeof offerProductColumns>;
  variant: Picked<typeof offerVariantColumns>;
  price: number;
  originalPrice: number;
  taxRateBasisPoints: number;
  productName: string;
  variantName: string;
};

/** `{ de: { name }, en: { name } }` from a statement's `json_object_agg(locale, name)`. */
function namesByLocale(names: Record<string, string> | null): Record<string, { name: string }> {
  return Object.fromEntries(Object.entries(names ?? {}).map(([locale, name]) => [locale, { name }]));
}

/** The offer of a variant (by code or id) with the names in every language, in one statement. */
function offerStatement(db: Db, variant: SQL) {
  return db
    .select({
      product: offerProductColumns,
      variant: offerVariantColumns,
      price: channelPricings.price,
      originalPrice: channelPricings.originalPrice,
      taxRate: taxCategories.rateBasisPoints,
      productNames: sql<Record<string, string> | null>`(select json_object_agg(t.locale, t.name)
        from ${productTranslations} t where t.product_id = ${products}.id)`,
      variantNames: sql<Record<string, string> | null>`(select json_object_agg(t.locale, t.name)
        from ${productVariantTranslations} t where t.variant_id = ${productVariants}.id)`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(
      channelPricings,
      and(
        eq(channelPricings.variantId, productVariants.id),
        eq(channelPricings.channelCode, shopChannelCode),
      ),
    )
    .leftJoin(taxCategories, eq(taxCategories.id, products.taxCategoryId))
    .where(and(variant, eq(products.enabled, true), eq(productVariants.enabled, true)));
}
const offerByCode = prepared('offer_by_code', (db) =>
  offerStatement(db, eq(productVariants.code, sql.placeholder('variantCode'))),
);
const offerById = prepared('offer_by_id', (db) =>
  offerStatement(db, eq(productVariants.id, sql.placeholder('variantId'))),
);

/**
 * The offer by variant code or id, with the product's and variant's names in every language, in one
 * statement (decision 011, Measured: every statement of the order flow costs CPU in both processes).
 */
async function findOffer(
  db: Db,
  where: { variantCode: string } | { variantId: number },
  locale: Locale,
): Promise<OfferFacts | null> {
  const [row] =
    'variantCode' in where
      ? await offerByCode(db).execute({ variantCode: where.variantCode })
      : await offerById(db).execute({ variantId: where.variantId });
  if (!row) return null;
  const productName = translatedField(namesByLocale(row.productNames), locale, 'name') ?? row.product.code;
  const variantName = translatedField(namesByLocale(row.variantNames), locale, 'name') ?? productName;
  return {
    product: row.product,
    variant: row.variant,
    price: row.price,
    originalPrice: row.originalPrice ?? row.price,
    taxRateBasisPoints: row.taxRate ?? 0,
    productName,
    variantName,
  };
}

type BuyerFacts = {
  customer: Picked<typeof buyerColumns>;
  hasWallet: boolean;
  isProfessional: boolean;
};

type Holding = { existingTotalCents: number; isExistingInvestor: boolean; distinctInvestors: number };

const buyerOf = prepared('order_buyer', (db) => {
  const customerId = sql.placeholder('customerId');
  const productId = sql.placeholder('productId');
  return db
    .select({
      customer: buyerColumns,
      hasWallet: sql<boolean>`exists (select 1 from ${wallets} w where w.customer_id = ${customerId})`,
      mine: sql<number | null>`(select s.total_cents from ${offerSubscriptions} s
        where s.product_id = ${productId} and s.customer_id = ${customerId})`,
      investors: sql<number>`(select count(*)::int from ${offerSubscriptions} s
        where s.product_id = ${productId})`,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
});

/**
 * The buyer, whether they have a wallet, what they hold of the offer and how many investors hold it,
 * in one statement.
 */
async function findBuyer(
  db: Db,
  customerId: number,
  productId: number,
): Promise<BuyerFacts & { holding: Holding }> {
  const [row] = await buyerOf(db).execute({ customerId, productId });
  if (!row) throw orderNotFound();
  return {
    customer: row.customer,
    hasWallet: row.hasWallet === true,
    isProfessional: isProfessionalInvestor(row.customer.roles),
    holding: {
      existingTotalCents: row.mine === null ? 0 : Number(row.mine),
      isExistingInvestor: row.mine !== null,
      distinctInvestors: Number(row.investors),
    },
  };
}

/** spec 5 buy eligibility (the domain's `buyBlockers`, also used by card and page): throws its code. */
function assertMayBuy(buyer: BuyerFacts, offer: OfferFacts): void {
  const blockers = buyBlockers(
    {
      allowToBuy: offer.product.allowToBuy,
      professionalOnly: offer.product.professionalOnly,
      enabled: offer.product.enabled,
      defaultVariant: offer.variant,
    },
    {
      hasWallet: buyer.hasWallet,
      kycPassed: buyer.customer.kycPassed,
      status: buyer.customer.status,
      cryptoRegistrarStatus: buyer.customer.cryptoRegistrarStatus,
      isProfessional: buyer.isProfessional,
    },
  );
  const code = buyRefusalCode(blockers);
  if (code) throw new AppError(code, { detail: blockers.join(', ') });
}

/** The buyer as the domain's § 6 rules see them. */
function subscriberOf(buyer: BuyerFacts): Subscriber {
  return {
    accountType: buyer.customer.accountType,
    companyType: (buyer.customer.companyType as CompanyType | null) ?? null,
    isProfessional: buyer.isProfessional,
  };
}

/** The domain's answer for `quantity` of the offer to this buyer. */
function evaluate(
  buyer: BuyerFacts,
  offer: OfferFacts,
  holding: Holding,
  quantity: number,
  declarations: Section6Declarations | null,
): SubscriptionAnswer {
  return evaluateSubscription({
    subscriber: subscriberOf(buyer),
    offer: {
      unitPriceCents: offer.price,
      quantityStep: offer.product.quantityStep,
      professionalOnly: offer.product.professionalOnly,
      minimumSubscriptionCents: offer.product.minimumSubscriptionCents,
      maximumOrderCentsNonProfessional: offer.product.maximumOrderCentsNonProfessional,
      investorLimit: offer.product.investorLimit,
      availableQuantity: offer.variant.tracked ? availableQuantity(offer.variant) : null,
    },
    holding,
    quantity,
    declarations,
  });
}

// The error answered for each refusal: the catalogue has one code per refusal.
const refusalError: Record<SubscriptionRefusal, ErrorCode> = {
  professional_only: 'professional_only',
  quantity_invalid: 'quantity_invalid',
  quantity_step: 'quantity_step',
  minimum_subscription: 'minimum_subscription',
  maximum_order: 'maximum_order',
  investment_limit_exceeded: 'investment_limit_exceeded',
  investor_limit_reached: 'investor_limit_reached',
  insufficient_stock: 'insufficient_stock',
};

/** Throws the first refusal's code (the detail names all of them and the largest quantity allowed). */
function assertAllowed(answer: SubscriptionAnswer): void {
  const [first] = answer.refusals;
  if (!first) return;
  throw new AppError(refusalError[first], {
    detail: `${answer.refusals.join(', ')}; largest quantity allowed: ${answer.maxQuantity}`,
  });
}

/** The sums of an order's items and the product of its (one) line, in one statement. */
const itemSumsOf = prepared('order_item_sums', (db) =>
  db
    .select({
      items: sql<number>`coalesce(sum(${orderItems.subtotal}), 0)::bigint`,
      tax: sql<number>`coalesce(sum(${orderItems.taxTotal}), 0)::bigint`,
      total: sql<number>`coalesce(sum(${orderItems.total}), 0)::bigint`,
      productId: sql<number | null>`min(${productVariants.productId})`,
    })
    .from(orderItems)
    .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(eq(orderItems.orderId, sql.placeholder('orderId'))),
);

const orderTotalsChanged = prepared('order_totals_changed', (db) =>
  db
    .update(orders)
    .set({
      itemsTotal: param('itemsTotal'),
      discountCode: param('discountCode'),
      discountTotal: param('discountTotal'),
      taxTotal: param('taxTotal'),
      total: param('total'),
      productId: param('productId'),
      checkoutState: param('checkoutState'),
      updatedAt: param('at'),
    })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .returning(),
);
const paymentReset = prepared('order_payment_reset', (db) =>
  db
    .update(payments)
    .set({ amount: param('amount'), methodId: null, updatedAt: param('at') })
    .where(eq(payments.orderId, sql.placeholder('orderId'))),
);

/** Recomputes the order's totals from its items; the payment follows the total (spec 3: integer cents). */
async function recomputeTotals(tx: Tx, order: OrderRow, checkoutState: CheckoutState): Promise<OrderRow> {
  const [sum] = await itemSumsOf(tx).execute({ orderId: order.id });
  const itemsTotal = Number(sum?.items ?? 0);
  const productId = sum?.productId ?? null;
  // A code that no longer holds (expired, other bond, empty order) is dropped, not kept silently.
  const code =
    order.discountCode && productId !== null
      ? await findDiscountCode(tx, order.discountCode, productId)
      : null;
  const discountTotal = code ? discountCents(itemsTotal, code) : 0;
  const total = Number(sum?.total ?? 0) - discountTotal;
  assertCanTransition(checkoutLifecycle, order.checkoutState, checkoutState);
  const at = new Date().toISOString();
  const [updated] = await orderTotalsChanged(tx).execute({
    orderId: order.id,
    itemsTotal,
    discountCode: code ? code.code : null,
    discountTotal,
    taxTotal: Number(sum?.tax ?? 0),
    total,
    productId,
    checkoutState,
    at,
  });
  // A changed order needs its payment method chosen again (its maximum may no longer hold).
  await paymentReset(tx).execute({ orderId: order.id, amount: total, at });
  return updated!;
}

/** An enabled, unexpired discount code valid for the product (codes compare in upper case). */
async function findDiscountCode(db: Db, code: string, productId: number) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.code, code.trim().toUpperCase()),
        eq(discountCodes.enabled, true),
        sql`(${discountCodes.validUntil} is null or ${discountCodes.validUntil} > now())`,
        sql`(${discountCodes.productId} is null or ${discountCodes.productId} = ${productId})`,
      ),
    );
  return row ?? null;
}

/**
 * PATCH orders/{token}/coupon: applies a discount code (null removes it). spec 5: an unknown,
 * expired or foreign code is `discount_code_invalid`. Like any change of the order, it goes back to
 * the cart and the payment method is chosen again (its amount changed).
 */
export async function applyDiscountCode(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  couponCode: string | null;
}): Promise<OrderView> {
  const row = await opts.db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, opts.customerId, opts.tokenValue, true);
    assertEditable(order);
    if (opts.couponCode === null) return recomputeTotals(tx, { ...order, discountCode: null }, 'cart');
    const code =
      order.productId !== null ? await findDiscountCode(tx, opts.couponCode, order.productId) : null;
    if (!code) throw new AppError('discount_code_invalid');
    return recomputeTotals(tx, { ...order, discountCode: code.code }, 'cart');
  });
  return toOrderView(opts.db, row);
}

function lineAmounts(quantity: number, offer: Pick<OfferFacts, 'price' | 'taxRateBasisPoints'>) {
  const subtotal = quantity * offer.price;
  // VAT follows the tax category (regulatory notes): bonds 0 (UStG § 4 Nr. 8), fees 19 % on top.
  const taxTotal = Math.round((subtotal * offer.taxRateBasisPoints) / 10_000);
  return { subtotal, taxTotal, total: subtotal + taxTotal };
}

/** Every rule of the cart for `quantity` of the offer (no § 6 declarations yet). */
async function checkCartLine(db: Db, customerId: number, offer: OfferFacts, quantity: number): Promise<void> {
  const buyer = await findBuyer(db, customerId, offer.product.id);
  assertMayBuy(buyer, offer);
  assertAllowed(evaluate(buyer, offer, buyer.holding, quantity, null));
}

const itemAdded = prepared('order_item_added', (db) =>
  db.insert(orderItems).values({
    orderId: param('orderId'),
    variantId: param('variantId'),
    productName: param('productName'),
    variantName: param('variantName'),
    quantity: param('quantity'),
    unitPrice: param('unitPrice'),
    originalUnitPrice: param('originalUnitPrice'),
    taxRateBasisPoints: param('taxRateBasisPoints'),
    subtotal: param('subtotal'),
    taxTotal: param('taxTotal'),
    total: param('total'),
  }),
);

/**
 * POST orders/{token}/items: adds tokens of a variant (its IRI or code). One bond per order; the same
 * variant again adds to its line (Sylius). Every rule that can be judged before completion is checked.
 */
export async function addOrderItem(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  productVariant: string;
  quantity: number;
}): Promise<OrderView> {
  const { db, customerId } = opts;
  const row = await db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, customerId, opts.tokenValue, true);
    assertEditable(order);
    const offer = await findOffer(tx, { variantCode: variantCodeOf(opts.productVariant) }, order.localeCode);
    if (!offer) throw new AppError('variant_not_found');
    const lines = await itemRowsOf(tx).execute({ orderId: order.id });
    if (lines.some((l) => l.variantId !== offer.variant.id)) throw new AppError('one_product_per_order');
    const existing = lines[0];
    const quantity = (existing?.quantity ?? 0) + opts.quantity;
    if (!Number.isSafeInteger(opts.quantity) || opts.quantity < 1) throw new AppError('quantity_invalid');
    await checkCartLine(tx, customerId, offer, quantity);
    const amounts = lineAmounts(quantity, offer);
    if (existing) {
      await tx
        .update(orderItems)
        .set({ quantity, ...amounts, unitPrice: offer.price, originalUnitPrice: offer.originalPrice })
        .where(eq(orderItems.id, existing.id));
    } else {
      await itemAdded(tx).execute({
        orderId: order.id,
        variantId: offer.variant.id,
        productName: offer.productName,
        variantName: offer.variantName,
        quantity,
        unitPrice: offer.price,
        originalUnitPrice: offer.originalPrice,
        taxRateBasisPoints: offer.taxRateBasisPoints,
        ...amounts,
      });
    }
    return recomputeTotals(tx, order, 'cart');
  });
  return toOrderView(db, row);
}

const itemRowsOf = prepared('order_item_rows', (db) =>
  db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.id)),
);

async function findOwnItem(tx: Tx, order: OrderRow, itemId: number): Promise<ItemRow> {
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)));
  if (!item) throw new AppError('order_item_not_found');
  return item;
}

/** PATCH orders/{token}/items/{itemId}: a new quantity (spec 4: the web reverts on failure). */
export async function changeOrderItemQuantity(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  itemId: number;
  quantity: number;
}): Promise<OrderView> {
  const { db, customerId } = opts;
  const row = await db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, customerId, opts.tokenValue, true);
    assertEditable(order);
    const item = await findOwnItem(tx, order, opts.itemId);
    const offer = await findOffer(tx, { variantId: item.variantId }, order.localeCode);
    if (!offer) throw new AppError('variant_not_found');
    await checkCartLine(tx, customerId, offer, opts.quantity);
    await tx
      .update(orderItems)
      .set({ quantity: opts.quantity, ...lineAmounts(opts.quantity, offer), unitPrice: offer.price })
      .where(eq(orderItems.id, item.id));
    return recomputeTotals(tx, order, 'cart');
  });
  return toOrderView(db, row);
}

/** DELETE orders/{token}/items/{itemId}. */
export async function removeOrderItem(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  itemId: number;
}): Promise<OrderView> {
  const row = await opts.db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, opts.customerId, opts.tokenValue, true);
    assertEditable(order);
    const item = await findOwnItem(tx, order, opts.itemId);
    await tx.delete(orderItems).where(eq(orderItems.id, item.id));
    return recomputeTotals(tx, order, 'cart');
  });
  return toOrderView(opts.db, row);
}

// ---------------------------------------------------------------------------------------------
// Legal documents
// ---------------------------------------------------------------------------------------------

type LegalDocumentRow = {
  id: string;
  title: string;
  version: string;
  storageKey: string;
  fileName: string;
  mimeType: string;
};

const legalDocumentsOf = prepared('order_legal_documents', (db) =>
  db
    .select({
      id: legalDocuments.uuid,
      title: legalDocuments.title,
      locale: legalDocuments.locale,
      version: mediaFiles.sha256,
      storageKey: mediaFiles.storageKey,
      fileName: mediaFiles.fileName,
      mimeType: mediaFiles.mimeType,
    })
    .from(legalDocuments)
    .innerJoin(mediaFiles, eq(mediaFiles.id, legalDocuments.mediaFileId))
    .where(eq(legalDocuments.productId, sql.placeholder('productId')))
    .orderBy(asc(legalDocuments.position), asc(legalDocuments.id)),
);

/** The legal documents of a product in the investor's language (documents for every language too). */
async function productLegalDocuments(db: Db, productId: number, locale: Locale): Promise<LegalDocumentRow[]> {
  const rows = await legalDocumentsOf(db).execute({ productId });
  const mine = rows.filter((r) => r.locale === null || r.locale === locale);
  return (mine.length > 0 ? mine : rows).map(({ locale: _locale, ...r }) => ({
    ...r,
    version: r.version ?? '',
  }));
}

async function requireProduct(order: OrderRow): Promise<number> {
  if (order.productId === null) throw new AppError('order_empty');
  return order.productId;
}

const legalDocumentsConfirmed = prepared('order_legal_documents_confirmed', (db) =>
  db
    .update(orders)
    .set({
      legalDocsConfirmAt: param('at'),
      legalDocsConfirmed: param('confirmed'),
      checkoutState: param('checkoutState'),
      updatedAt: param('at'),
    })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .returning(),
);

/**
 * PATCH orders/{token}/legal-documents-confirm: records the moment and the documents' versions (their
 * file hashes) the investor confirmed; the confirmation step (spec 2) moves the cart to `addressed`.
 */
export async function confirmLegalDocuments(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
}): Promise<OrderView> {
  const row = await opts.db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, opts.customerId, opts.tokenValue, true);
    assertEditable(order);
    const productId = await requireProduct(order);
    const documents = await productLegalDocuments(tx, productId, order.localeCode);
    const next: CheckoutState = order.checkoutState === 'cart' ? 'addressed' : order.checkoutState;
    assertCanTransition(checkoutLifecycle, order.checkoutState, next);
    const [updated] = await legalDocumentsConfirmed(tx).execute({
      orderId: order.id,
      at: new Date().toISOString(),
      confirmed: JSON.stringify(documents.map((d) => ({ id: d.id, version: d.version }))),
      checkoutState: next,
    });
    return updated!;
  });
  return toOrderView(opts.db, row);
}

/**
 * PATCH orders/{token}/legal-documents-send: mails the product's legal documents in the investor's
 * language. The mail is written to the outbox in this transaction (its delivery is the mail job's,
 * at most once); it carries the documents' download links.
 */
export async function sendLegalDocuments(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  mail: MailPort;
  publicUrl: string;
}): Promise<OrderView> {
  const row = await opts.db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, opts.customerId, opts.tokenValue, true);
    const productId = await requireProduct(order);
    const documents = await productLegalDocuments(tx, productId, order.localeCode);
    const [item] = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).limit(1);
    await queueOrderMail(tx, {
      mail: opts.mail,
      publicUrl: opts.publicUrl,
      kind: 'order_legal_documents',
      order,
      item: item ?? null,
      documents: documents.map((d) => ({
        title: d.title,
        url: `${opts.publicUrl}/api/v2/shop/legal-documents/${d.id}`,
      })),
      // The PDFs themselves travel as attachments (read from storage by the delivery job).
      attachments: documents.map((d) => ({
        filename: pdfFileName(d.title),
        contentType: d.mimeType,
        storageKey: d.storageKey,
      })),
    });
    const [updated] = await tx
      .update(orders)
      .set({ legalDocsSentAt: new Date(), updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    return updated!;
  });
  return toOrderView(opts.db, row);
}

// ---------------------------------------------------------------------------------------------
// Payment
// ---------------------------------------------------------------------------------------------

/** The payment method by its IRI (`/api/v2/shop/payment-methods/{code}`) or code. */
export function paymentMethodCodeOf(value: string): string {
  const m = /^\/api\/v2\/shop\/payment-methods\/([^/?#]+)$/.exec(value);
  return m ? decodeURIComponent(m[1]!) : value;
}

type MethodChoice = {
  method: typeof paymentMethods.$inferSelect;
  configuration: typeof productPaymentConfigurations.$inferSelect | null;
};

const methodChoiceOf = prepared('order_method_choice', (db) => {
  const productId = sql.placeholder('productId');
  return db
    .select({
      method: paymentMethods,
      configuration: productPaymentConfigurations,
      configured: sql<boolean>`exists (select 1 from ${productPaymentConfigurations} c
        where c.product_id = ${productId})`,
    })
    .from(paymentMethods)
    .leftJoin(
      productPaymentConfigurations,
      and(
        eq(productPaymentConfigurations.paymentMethodId, paymentMethods.id),
        eq(productPaymentConfigurations.productId, productId),
      ),
    )
    .where(and(eq(paymentMethods.code, sql.placeholder('methodCode')), eq(paymentMethods.enabled, true)))
    .limit(1);
});

/**
 * Whether the method may pay this order: enabled, and when the product has payment configurations,
 * configured and enabled for it with the order total within its maximum.
 */
async function findMethodChoice(db: Db, order: OrderRow, methodCode: string): Promise<MethodChoice> {
  const productId = await requireProduct(order);
  // One statement: the method, its configuration for the product, and whether the product has any.
  const [row] = await methodChoiceOf(db).execute({ productId, methodCode });
  if (!row) throw new AppError('payment_method_unavailable', { detail: 'unknown or disabled method' });
  const { method, configuration } = row;
  if (row.configured !== true) return { method, configuration: null };
  if (!configuration?.enabled) {
    throw new AppError('payment_method_unavailable', { detail: 'not configured for this product' });
  }
  if (configuration.maximumAmountCents !== null && order.total > configuration.maximumAmountCents) {
    throw new AppError('payment_method_unavailable', {
      detail: `order total above the method's maximum of ${configuration.maximumAmountCents} cents`,
    });
  }
  return { method, configuration };
}

const paymentOfOrder = prepared('order_payment', (db) =>
  db
    .select()
    .from(payments)
    .where(
      and(eq(payments.id, sql.placeholder('paymentId')), eq(payments.orderId, sql.placeholder('orderId'))),
    ),
);

const paymentMethodChosen = prepared('order_payment_method_chosen', (db) =>
  db
    .update(payments)
    .set({
      methodId: param('methodId'),
      amount: param('amount'),
      paymentReference: param('paymentReference'),
      updatedAt: param('at'),
    })
    .where(eq(payments.id, sql.placeholder('paymentId'))),
);
const orderStateChanged = prepared('order_state_changed', (db) =>
  db
    .update(orders)
    .set({ checkoutState: param('checkoutState'), updatedAt: param('at') })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .returning(),
);

/** PATCH orders/{token}/payments/{paymentId}: the payment method (`offline` or the card method). */
export async function selectPaymentMethod(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  paymentId: number;
  paymentMethod: string;
}): Promise<OrderView> {
  const row = await opts.db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, opts.customerId, opts.tokenValue, true);
    assertEditable(order);
    const [payment] = await paymentOfOrder(tx).execute({ paymentId: opts.paymentId, orderId: order.id });
    if (!payment) throw new AppError('payment_not_found');
    if (order.total <= 0) throw new AppError('order_empty');
    const { method, configuration } = await findMethodChoice(
      tx,
      order,
      paymentMethodCodeOf(opts.paymentMethod),
    );
    const at = new Date().toISOString();
    await paymentMethodChosen(tx).execute({
      paymentId: payment.id,
      methodId: method.id,
      amount: order.total,
      paymentReference:
        payment.paymentReference ??
        newPaymentReference(configuration?.paymentReferencePrefix ?? null, order.id),
      at,
    });
    assertCanTransition(checkoutLifecycle, order.checkoutState, 'payment_selected');
    const [updated] = await orderStateChanged(tx).execute({
      orderId: order.id,
      checkoutState: 'payment_selected',
      at,
    });
    return updated!;
  });
  return toOrderView(opts.db, row);
}

/**
 * The GiroCode (EPC069-12) a banking app scans: the account, the amount and the structured reference;
 * null when the account or amount cannot be encoded (the page then shows the details alone).
 */
function girocodeOf(account: BankAccountView | null, amountCents: number, reference: string): string | null {
  if (!account || amountCents <= 0) return null;
  try {
    return buildEpcQrPayload({
      name: account.holder,
      iban: account.iban,
      bic: account.bic || null,
      amountCents,
      ...(isValidCreditorReference(reference) ? { reference } : { remittanceText: reference }),
    });
  } catch {
    return null;
  }
}

/** The account an offline payment goes to: the product's own, else the channel's. */
function collectionAccountOf(
  configuration: MethodChoice['configuration'],
  channel: ChannelRow | null,
): BankAccountView | null {
  if (configuration?.bankIban && configuration.bankAccountHolder) {
    return {
      holder: configuration.bankAccountHolder,
      iban: configuration.bankIban,
      bic: configuration.bankBic ?? '',
      bankName: configuration.bankName ?? '',
    };
  }
  return channel ? channelBankAccount(channel) : null;
}

/** `collectionAccountOf`, reading the channel only when the product has no account of its own. */
async function collectionAccount(
  db: Db,
  configuration: MethodChoice['configuration'],
): Promise<BankAccountView | null> {
  const own = collectionAccountOf(configuration, null);
  return own ?? collectionAccountOf(null, await findShopChannel({ db }));
}

/**
 * GET orders/{token}/payments/{paymentId}/configuration: for bank transfer the issuer's account, the
 * amount and the reference; for card what the client needs to go to the provider (the redirect
 * comes with the card partner).
 */
export async function getPaymentConfiguration(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  paymentId: number;
  /** The card partner (card payments get a checkout session) and where it sends the investor back. */
  card?: CardPort;
  publicUrl?: string;
}): Promise<PaymentConfigurationView> {
  const order = await findOwnOrder(opts.db, opts.customerId, opts.tokenValue);
  const [row] = await opts.db
    .select({ payment: payments, method: paymentMethods })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.methodId))
    .where(and(eq(payments.id, opts.paymentId), eq(payments.orderId, order.id)));
  if (!row) throw new AppError('payment_not_found');
  if (!row.method) throw new AppError('payment_method_not_selected');
  const { payment, method } = row;
  if (method.gateway === 'offline') {
    const [configuration] = order.productId
      ? await opts.db
          .select()
          .from(productPaymentConfigurations)
          .where(
            and(
              eq(productPaymentConfigurations.productId, order.productId),
              eq(productPaymentConfigurations.paymentMethodId, method.id),
            ),
          )
      : [];
    const bankAccount = await collectionAccount(opts.db, configuration ?? null);
    const paymentReference = payment.paymentReference ?? '';
    return {
      gateway: 'offline',
      amount: payment.amount,
      currencyCode: payment.currencyCode,
      paymentReference,
      bankAccount,
      dueAt: order.paymentDueAt?.toISOString() ?? null,
      epcQrPayload: girocodeOf(bankAccount, payment.amount, paymentReference),
    };
  }
  return {
    gateway: 'card',
    amount: payment.amount,
    currencyCode: payment.currencyCode,
    paymentReference: payment.paymentReference,
    redirectUrl: await cardCheckoutUrl(opts, order, payment),
  };
}

/**
 * The card partner's hosted checkout for a placed card order awaiting payment: an open session of
 * the payment is reused, else one is created with an idempotency key from the payment id (and the
 * session it replaces), so repeated calls open one session. The partner call runs outside any
 * transaction or lock; the session id is stored afterwards. Null before the order is placed.
 */
async function cardCheckoutUrl(
  opts: { db: Database; card?: CardPort; publicUrl?: string },
  order: OrderRow,
  payment: typeof payments.$inferSelect,
): Promise<string | null> {
  if (!opts.card || !opts.publicUrl) return null;
  if (order.checkoutState !== 'completed' || order.paymentState !== 'awaiting_payment') return null;
  let replaces = '';
  if (payment.partnerSessionId) {
    const existing = await opts.card.retrieveSession({ db: opts.db, sessionId: payment.partnerSessionId });
    replaces = `-after-${payment.partnerSessionId}`;
    if (existing?.status === 'complete') return null;
    if (existing?.status === 'open') replaces = '';
  }
  const [customer] = await opts.db.select().from(customers).where(eq(customers.id, order.customerId));
  const [item] = await opts.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const back = (path: string) =>
    `${opts.publicUrl}/payment/${path}?tokenValue=${encodeURIComponent(order.tokenValue)}`;
  const session = await opts.card.createCheckoutSession({
    db: opts.db,
    orderToken: order.tokenValue,
    amountCents: payment.amount,
    currency: 'EUR',
    description: `${order.number ?? ''} ${item?.productName ?? ''}`.trim(),
    customerEmail: customer?.email ?? null,
    locale: order.localeCode,
    successUrl: back('success'),
    cancelUrl: back('cancel'),
    idempotencyKey: `payment-${payment.id}${replaces}`,
  });
  if (session.sessionId !== payment.partnerSessionId) {
    await opts.db
      .update(payments)
      .set({ partnerSessionId: session.sessionId, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
  }
  return session.redirectUrl;
}

// ---------------------------------------------------------------------------------------------
// Completion: never oversold
// ---------------------------------------------------------------------------------------------

/** The customer's order locked, with its items, payments and their methods (own-order condition). */
const completionContextOf = prepared('order_completion_context', (db) =>
  db
    .select({ order: orders, item: orderItems, payment: payments, method: paymentMethods })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.methodId))
    .where(ownOrderWhere)
    .orderBy(asc(orderItems.id), asc(payments.id))
    .for('update', { of: orders }),
);

const orderPlaced = prepared('order_placed', (db) =>
  db
    .update(orders)
    .set({
      checkoutState: 'completed',
      paymentState: 'awaiting_payment',
      number: param('number'),
      notes: param('notes'),
      statements: param('statements'),
      declarations: param('declarations'),
      checkoutCompletedAt: param('at'),
      paymentDueAt: param('dueAt'),
      updatedAt: param('at'),
    })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .returning(),
);
const paymentAwaited = prepared('order_payment_awaited', (db) =>
  db
    .update(payments)
    .set({
      state: 'awaiting_payment',
      amount: param('amount'),
      paymentReference: param('paymentReference'),
      updatedAt: param('at'),
    })
    .where(eq(payments.id, sql.placeholder('paymentId')))
    .returning(),
);

/**
 * PATCH orders/{token}/complete: stores the statements and § 6 declarations and places the order.
 * One transaction, locks always in this order: the order row (and this order's payment and outbox
 * mail, written before any shared lock), the product row (`for no key update`, serialising
 * completions and cancellations of one bond), the variant (conditional update), the investor's
 * holding, the invoice counter of the year. Under the product lock every rule is checked
 * again with fresh figures, so neither the stock, the 149 investors nor the § 6 total can be
 * exceeded by concurrent orders. The confirmation mail is written to the outbox in the same
 * transaction and sent after commit (no partner call under a lock).
 */
export async function completeOrder(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  input: CompleteOrderInput;
  paymentDays: number;
  mail: MailPort;
  publicUrl: string;
}): Promise<OrderView> {
  const { db, customerId, input } = opts;
  return db.transaction(async (tx) => {
    // The order locked, with its item and its payment and method, in one statement (decision 011,
    // Measured: the completion's CPU is the bound, and every statement costs it in both processes).
    const context = await completionContextOf(tx).execute({ tokenValue: opts.tokenValue, customerId });
    const order = context[0]?.order;
    if (!order) throw orderNotFound();
    assertEditable(order);
    const item = context[0]?.item;
    if (!item || order.productId === null) throw new AppError('order_empty');
    if (context.some((r) => r.item?.id !== item.id)) throw new AppError('one_product_per_order');
    if (!order.legalDocsConfirmAt) throw new AppError('legal_documents_not_confirmed');
    const payment = context[0]?.payment;
    const method = context[0]?.method;
    if (!payment || !method || order.checkoutState !== 'payment_selected') {
      throw new AppError('payment_method_not_selected');
    }
    // First, under this order's own row lock only: what no other order changes (the offer's terms, the
    // buyer, the method's rules) and this order's own writes (state, payment, the outbox mail).
    // Decision 011 (Measured): everything done under the product lock below serialises every
    // completion of the bond, so only the figures that concurrent orders change are read there.
    const offer = await findOffer(tx, { variantId: item.variantId }, order.localeCode);
    if (!offer) throw new AppError('variant_not_found');
    const buyer = await findBuyer(tx, customerId, offer.product.id);
    assertMayBuy(buyer, offer);
    // Every rule with the figures read so far; the ones concurrent orders change are guarded again,
    // fresh, under the bond's lock below.
    assertAllowed(evaluate(buyer, offer, buyer.holding, item.quantity, input.declarations));
    // The method's rules again (its maximum, its configuration may have changed meanwhile).
    const { configuration } = await findMethodChoice(tx, order, method.code);
    const now = new Date();
    const offline = method.gateway === 'offline';
    const dueAt = offline ? paymentDueAt(now, opts.paymentDays) : null;
    assertCanTransition(checkoutLifecycle, order.checkoutState, 'completed');
    assertCanTransition(paymentLifecycle, order.paymentState, 'awaiting_payment');
    const [updated] = await orderPlaced(tx).execute({
      orderId: order.id,
      number: orderNumberOf(order.id),
      notes: input.notes ?? null,
      statements: JSON.stringify(input.statements),
      declarations: JSON.stringify(input.declarations),
      at: now.toISOString(),
      dueAt: dueAt?.toISOString() ?? null,
    });
    const [awaiting] = await paymentAwaited(tx).execute({
      paymentId: payment.id,
      amount: updated!.total,
      paymentReference:
        payment.paymentReference ??
        newPaymentReference(configuration?.paymentReferencePrefix ?? null, order.id),
      at: now.toISOString(),
    });
    const channel = await findShopChannel({ db: tx });
    await queueOrderMail(tx, {
      mail: opts.mail,
      publicUrl: opts.publicUrl,
      kind: 'order_completed',
      order: updated!,
      item,
      customer: buyer.customer,
      channel,
      bankAccount: offline ? collectionAccountOf(configuration, channel) : null,
      paymentReference: offline ? (awaiting?.paymentReference ?? null) : null,
    });

    // Then the bond's serial section in one call (migration 0010, decision 011: every round trip
    // under the bond's row lock is serial time for all its orders): the lock, the fresh holding,
    // investor count and stock compared with the bounds the domain computed, and, only when all
    // three hold, the tokens on hold, the holding and the invoice number of the year.
    const { rows: placed } = await tx.execute<{
      refusal: SubscriptionRefusal | null;
      invoice_number: string | null;
    }>(sql`
      select refusal, invoice_number from place_order_hold(
        ${order.productId}::int, ${item.variantId}::int, ${customerId}::int, ${order.id}::int,
        ${item.quantity}::int, ${item.quantity * offer.price}::bigint, ${order.itemsTotal}::bigint,
        ${investmentLimitCents(subscriberOf(buyer), input.declarations)}::bigint,
        ${offer.product.investorLimit}::int, ${now.toISOString()}::timestamptz)`);
    const refusal = placed[0]?.refusal;
    if (refusal) throw new AppError(refusalError[refusal]);
    if (!placed[0]?.invoice_number) throw new AppError('insufficient_stock');
    // The answer from the rows in hand: nothing of it changed since they were read or written.
    return orderViewOf(
      updated!,
      [{ item, variantCode: offer.variant.code, productCode: offer.product.code }],
      // One row per payment: the order has one item (checked above).
      context.flatMap(({ payment: p, method: m }) =>
        p ? [{ payment: p.id === awaiting!.id ? awaiting! : p, methodCode: m?.code ?? null }] : [],
      ),
    );
  });
}

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

// ---------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Mail
// ---------------------------------------------------------------------------------------------

async function queueOrderMail(
  tx: Db,
  opts: {
    mail: MailPort;
    publicUrl: string;
    kind: OrderMailKind;
    order: OrderRow;
    item: ItemRow | null;
    /** The order's customer and the shop channel when the caller has them already read. */
    customer?: Pick<typeof customers.$inferSelect, 'email' | 'firstName' | 'lastName'>;
    channel?: ChannelRow | null;
    bankAccount?: BankAccountView | null;
    paymentReference?: string | null;
    documents?: { title: string; url: string }[];
    attachments?: MailAttachment[];
  },
): Promise<void> {
  const customer =
    opts.customer ??
    (
      await tx
        .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(eq(customers.id, opts.order.customerId))
    )[0];
  if (!customer) return;
  const channel = opts.channel !== undefined ? opts.channel : await findShopChannel({ db: tx });
  const platform = channel?.name ?? 'Tokenwerk';
  const { subject, text } = renderOrderMail(opts.kind, opts.order.localeCode, {
    name: greetingName(customer),
    platform,
    number: opts.order.number ?? '',
    productName: opts.item?.productName ?? '',
    quantity: opts.item?.quantity ?? 0,
    total: opts.order.total,
    bankAccount: opts.bankAccount ?? null,
    paymentReference: opts.paymentReference ?? null,
    dueDate: opts.order.paymentDueAt,
    detailsUrl: `${opts.publicUrl}/order-details/${opts.order.tokenValue}`,
    documents: opts.documents ?? [],
  });
  await opts.mail.queue(tx, {
    to: customer.email,
    from: channel?.contactEmail ?? 'noreply@tokenwerk.example',
    subject,
    text,
    template: opts.kind,
    ...(opts.attachments?.length ? { attachments: opts.attachments } : {}),
  });
}

/** A document title as a safe PDF file name (`Wertpapier-Informationsblatt.pdf`). */
function pdfFileName(title: string): string {
  const base = title
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .trim()
    .slice(0, 120);
  return `${base || 'document'}.pdf`;
}

// ---------------------------------------------------------------------------------------------
// Operators (/api/v2/admin/orders)
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Payments booked (issue 8 wiring: card events, bank credits, operators)
// ---------------------------------------------------------------------------------------------

export type PaymentBooking =
  | { booked: true; order: OrderRow }
  | { booked: false; order: OrderRow | null; state: string | null };

/**
 * Books an order's payment as received, in the caller's transaction: awaiting_payment -> paid (the
 * payment lifecycle table), the payment row too, and the "payment received" mail in the outbox.
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
  if (order.checkoutState !== 'completed' || order.paymentState !== 'awaiting_payment') {
    return { booked: false, order, state: order.paymentState };
  }
  assertCanTransition(paymentLifecycle, order.paymentState, 'paid');
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
  return { booked: true, order: updated! };
}

/**
 * Books a refund in the caller's transaction: paid/authorized -> refunded (payment lifecycle), and
 * releases the tokens on hold and the investor's seat like a cancellation (decision 011: a refund
 * before minting). Answers false when the order is not paid (nothing to refund, or already refunded).
 */
export async function bookOrderRefunded(
  tx: Tx,
  opts: { orderId: number; reason: string; mail: MailPort; publicUrl: string },
): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, opts.orderId)).for('update');
  if (!order || order.checkoutState !== 'completed') return false;
  if (order.paymentState !== 'paid' && order.paymentState !== 'authorized') return false;
  if (order.shippingState !== 'ready') return false;
  // authorized -> refunded is not in the table: an authorized card payment is captured as paid first.
  if (order.paymentState === 'authorized') assertCanTransition(paymentLifecycle, 'authorized', 'paid');
  assertCanTransition(paymentLifecycle, 'paid', 'refunded');
  assertCanTransition(shippingLifecycle, order.shippingState, 'cancelled');
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
  return true;
}
