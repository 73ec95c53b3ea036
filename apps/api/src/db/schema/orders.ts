import type {
  CheckoutState,
  DigitalContentConsent,
  OrderStatements,
  PaymentState,
  Section6Declarations,
  ShippingState,
} from '@token/domain/orders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { paymentMethods, products, productVariants } from './catalog.ts';
import { customers } from './customers.ts';

/**
 * Orders (issue 8, Sylius's order model): one bond per order, its items, its payment, its invoice.
 * Money in integer cents. Stock and the investor seat are taken when the order completes, in the one
 * transaction that also allocates the invoice number (decision 011).
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Random and unguessable (32 bytes, base64url): the order's public id in every call. */
    tokenValue: text().notNull().unique(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The bond of the order (one per order); null while the cart is empty. */
    productId: integer().references(() => products.id),
    /** Sylius's order number, given at completion. */
    number: text().unique(),
    checkoutState: text().$type<CheckoutState>().notNull().default('cart'),
    paymentState: text().$type<PaymentState>().notNull().default('new'),
    shippingState: text().$type<ShippingState>().notNull().default('ready'),
    localeCode: text({ enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    currencyCode: text().notNull().default('EUR'),
    itemsTotal: bigint({ mode: 'number' }).notNull().default(0),
    /** spec 3 discount code: the accepted code and what it takes off the items total. */
    discountCode: text(),
    discountTotal: bigint({ mode: 'number' }).notNull().default(0),
    taxTotal: bigint({ mode: 'number' }).notNull().default(0),
    total: bigint({ mode: 'number' }).notNull().default(0),
    notes: text(),
    /** spec 5 statements confirmed at completion. */
    statements: jsonb().$type<OrderStatements>(),
    /** WpPG § 6 self-disclosure given at completion (regulatory notes: stored with the order). */
    declarations: jsonb().$type<Section6Declarations>(),
    /** A collectible's consent to immediate delivery of digital content (§ 356 Abs. 5 BGB, issue 18). */
    digitalContentConsent: jsonb().$type<DigitalContentConsent>(),
    legalDocsConfirmAt: timestamp({ withTimezone: true }),
    /** The legal documents confirmed, with their versions (document id and file hash). */
    legalDocsConfirmed: jsonb().$type<{ id: string; version: string }[]>().notNull().default([]),
    legalDocsSentAt: timestamp({ withTimezone: true }),
    checkoutCompletedAt: timestamp({ withTimezone: true }),
    /** An unpaid bank-transfer order expires at this moment (ORDER_PAYMENT_DAYS). */
    paymentDueAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.customerId, t.checkoutCompletedAt),
    index().on(t.productId, t.checkoutState, t.paymentState),
    index()
      .on(t.paymentDueAt)
      .where(sql`${t.checkoutState} = 'completed' and ${t.paymentState} = 'awaiting_payment'`),
    // At most one open cart per customer (POST orders replaces it).
    uniqueIndex('orders_one_cart_per_customer')
      .on(t.customerId)
      .where(sql`${t.checkoutState} in ('cart', 'addressed', 'payment_selected')`),
    check(
      'orders_totals_not_negative',
      sql`${t.itemsTotal} >= 0 and ${t.taxTotal} >= 0 and ${t.total} >= 0 and ${t.discountTotal} between 0 and ${t.itemsTotal}`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id),
    /** Names at the time of ordering (Sylius keeps them on the item). */
    productName: text().notNull(),
    variantName: text().notNull(),
    quantity: integer().notNull(),
    unitPrice: integer().notNull(),
    originalUnitPrice: integer().notNull(),
    /** VAT of the item's tax category, in basis points (bonds 0, UStG § 4 Nr. 8). */
    taxRateBasisPoints: integer().notNull().default(0),
    subtotal: bigint({ mode: 'number' }).notNull(),
    taxTotal: bigint({ mode: 'number' }).notNull().default(0),
    total: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.orderId),
    uniqueIndex('order_items_one_line_per_variant').on(t.orderId, t.variantId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** The payment of an order (Sylius: one per order here), by bank transfer (`offline`) or card. */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    methodId: integer().references(() => paymentMethods.id),
    state: text().$type<PaymentState>().notNull().default('new'),
    amount: bigint({ mode: 'number' }).notNull().default(0),
    currencyCode: text().notNull().default('EUR'),
    /** The structured reference a transfer quotes; matched against bank statements. */
    paymentReference: text().unique(),
    /** The card partner's ids (checkout session, payment intent). */
    partnerPaymentId: text().unique(),
    partnerSessionId: text(),
    /**
     * The card checkout's attempt (decision 028): each attempt opens its session under its own
     * idempotency key, `cardCheckoutKey` (the attempt and a digest of the session's parameters).
     */
    cardCheckoutAttempt: integer().notNull().default(0),
    cardCheckoutKey: text(),
    /** What the card partner reports refunded of this payment so far, in cents (partial refunds). */
    refundedAmount: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.orderId), index().on(t.state)],
);

/** One invoice per completed order; numbers unique and gap-free per year (decision 011). */
export const invoices = pgTable(
  'invoices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    number: text().notNull().unique(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoices_year_sequence').on(t.year, t.sequence)],
);

/** The last invoice number of each year; `update ... returning` in the completing transaction. */
export const invoiceSequences = pgTable('invoice_sequences', {
  year: integer().primaryKey(),
  lastNumber: integer().notNull().default(0),
});

/**
 * What each investor holds of each offer through completed orders that are neither cancelled nor
 * refunded: the WpPG § 6 total and, by its row count, the distinct investors (spec 1: 149). Written
 * only under the product's row lock, in the transaction that completes or cancels an order.
 */
export const offerSubscriptions = pgTable(
  'offer_subscriptions',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    totalCents: bigint({ mode: 'number' }).notNull(),
    quantity: bigint({ mode: 'number' }).notNull(),
    orders: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.customerId] }),
    check('offer_subscriptions_positive', sql`${t.totalCents} > 0 and ${t.quantity} > 0 and ${t.orders} > 0`),
  ],
);

/**
 * Discount codes (spec 5; demo data): a percentage (basis points) and/or a fixed amount off the items
 * total, optionally for one product only, until a moment.
 */
export const discountCodes = pgTable('discount_codes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** Compared in upper case. */
  code: text().notNull().unique(),
  percentBasisPoints: integer(),
  amountCents: integer(),
  productId: integer().references(() => products.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(true),
  validUntil: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
