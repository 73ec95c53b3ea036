import type { BankCreditNote, BankCreditStatus } from '@token/domain/payments';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * Payments by bank transfer and card (issue 8): the platform's record of incoming bank credits and
 * card payments, and the sandbox partners' own books (what the bank and the card provider would keep
 * on their side).
 */

/** How a bank credit stands in the reconciliation (the domain's list). */
export { type BankCreditStatus, bankCreditStatuses } from '@token/domain/payments';

/**
 * Every credit on the issuers' collection accounts, from the sandbox bank's webhook or an imported
 * camt.053/054 file. The bank's entry reference is unique: the same booking arriving twice (webhook
 * and statement, or a file imported twice) is recorded once. `matchedOrderId` points at the order it
 * paid (or, for partial and excess credits, the order whose reference it carries).
 */
export const bankCredits = pgTable(
  'bank_credits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Where it came from: `sandbox` (the sandbox bank's webhook) or `camt` (an imported statement). */
    source: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    remittanceText: text(),
    structuredReference: text(),
    debtorName: text(),
    debtorIban: text(),
    bookingDate: date({ mode: 'string' }).notNull(),
    valueDate: date({ mode: 'string' }),
    /** The bank's unique id of the booking (AcctSvcrRef / NtryRef / the sandbox's reference). */
    entryReference: text().notNull(),
    /** The statement or notification it was read from (camt), null for webhooks. */
    statementId: text(),
    status: text().$type<BankCreditStatus>().notNull().default('unmatched'),
    matchedOrderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    /** The matcher's or the operator's note (why partial, who assigned or returned it), as a code with its figures. */
    note: jsonb().$type<BankCreditNote>(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_credits_entry_reference_unique').on(t.entryReference),
    index('bank_credits_status_idx').on(t.status, t.receivedAt),
    index('bank_credits_order_idx').on(t.matchedOrderId),
    check('bank_credits_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'bank_credits_status_known',
      sql`${t.status} in ('unmatched', 'matched', 'partial', 'excess', 'duplicate', 'returned')`,
    ),
  ],
);

/** The sandbox bank's own bookings on the collection account (what a bank keeps). */
export const sandboxBankEntries = pgTable(
  'sandbox_bank_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The bank's unique reference of the booking (AcctSvcrRef in its camt files). */
    entryReference: text().notNull(),
    /** The id of the "credit booked" webhook: the same for every delivery attempt. */
    eventId: text().notNull(),
    accountIban: text().notNull(),
    debtorName: text().notNull(),
    debtorIban: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull().default('EUR'),
    remittanceText: text(),
    bookingDate: date({ mode: 'string' }).notNull(),
    bookedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_bank_entries_reference_unique').on(t.entryReference),
    uniqueIndex('sandbox_bank_entries_event_unique').on(t.eventId),
    check('sandbox_bank_entries_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** The sandbox card provider's checkout sessions (Stripe's Checkout Session, as the sandbox keeps it). */
export const sandboxCardSessions = pgTable(
  'sandbox_card_sessions',
  {
    /** `cs_test_…`: 256 random bits, the only key to the hosted page. */
    id: text().primaryKey(),
    paymentIntentId: text().notNull(),
    orderToken: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    description: text().notNull(),
    customerEmail: text(),
    locale: text().notNull(),
    successUrl: text().notNull(),
    cancelUrl: text().notNull(),
    idempotencyKey: text().notNull(),
    /** open -> challenge (3-D Secure) -> complete | expired; open -> failed attempts stay open. */
    status: text().notNull().default('open'),
    /** unpaid | paid | refunded | partially_refunded. */
    paymentStatus: text().notNull().default('unpaid'),
    /** The 3-D Secure code shown on the challenge page while `status` is `challenge`. */
    challengeCode: text(),
    refundedCents: bigint({ mode: 'number' }).notNull().default(0),
    /** The last decline reason (card_declined, authentication_failed), for the page. */
    lastError: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_card_sessions_intent_unique').on(t.paymentIntentId),
    check('sandbox_card_sessions_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The sandbox card provider's idempotency keys, kept as Stripe keeps them (decision 028): the first
 * answer to a key (a failure too) with the endpoint and a digest of the parameters it came with; the
 * same key with other parameters is refused, and a key is forgotten 24 hours after its first use.
 */
export const sandboxCardRequests = pgTable(
  'sandbox_card_requests',
  {
    idempotencyKey: text().primaryKey(),
    /** `checkout.sessions.create`, `checkout.sessions.expire`, `refunds.create`. */
    endpoint: text().notNull(),
    paramsDigest: text().notNull(),
    /** The answer kept: its HTTP-like status and body. */
    statusCode: integer().notNull(),
    response: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_card_requests_created_idx').on(t.createdAt)],
);

/** A card payment as the platform knows it from the provider's events (one row per checkout session). */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    sessionId: text().notNull(),
    paymentIntentId: text(),
    orderToken: text(),
    amountCents: bigint({ mode: 'number' }),
    /** The last state reported: paid, pending, expired, failed, partially_refunded, refunded. */
    status: text().notNull(),
    /** The provider event that set the status (partner_events.event_id). */
    lastEventId: text().notNull(),
    lastEventType: text().notNull(),
    refundedCents: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_payments_session_unique').on(t.provider, t.sessionId),
    index('card_payments_order_token_idx').on(t.orderToken),
  ],
);
