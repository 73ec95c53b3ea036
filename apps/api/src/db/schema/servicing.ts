import type { BondTerms, LedgerLine, PayoutType, PostingKind } from '@token/domain/servicing';
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
import { products } from './catalog.ts';
import { customers } from './customers.ts';

/*
 * Bond servicing (issue 17): the terms in versions, the coupon runs with their per-holder preview,
 * the payouts they approve, and the servicing ledger (convention 8), append-only like the register.
 */

/** Each save of a bond's terms is a new version; the highest version is in force. */
export const bondTerms = pgTable(
  'bond_terms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    /** 1, 2, 3, ... per bond. */
    version: integer().notNull(),
    /** The terms as `bondTermsSchema` validated them. */
    terms: jsonb().$type<BondTerms>().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => customers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bond_terms_version').on(t.productId, t.version)],
);

export const couponRunStatuses = ['prepared', 'approved', 'paid', 'partially_failed'] as const;
export type CouponRunStatus = (typeof couponRunStatuses)[number];

export const couponRunKinds = ['coupon', 'redemption'] as const;
export type CouponRunKind = (typeof couponRunKinds)[number];

/**
 * A holder's line of a run's preview: the register on the record date and the allocation's coupon;
 * in a redemption run also the nominal repaid (tokens × nominal per token).
 */
export type CouponRunHolderLine = {
  customerId: number;
  tokens: number;
  amountCents: number;
  redemptionCents?: number;
};

/** One coupon period's run: prepared from the register on the record date, approved once. */
export const couponRuns = pgTable(
  'coupon_runs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    periodIndex: integer().notNull(),
    /** `redemption`: the final period, paid with the nominal; its approval burns every token. */
    kind: text({ enum: couponRunKinds }).$type<CouponRunKind>().notNull().default('coupon'),
    /** The terms version the run was computed on. */
    termsVersion: integer().notNull(),
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    paymentDate: date({ mode: 'string' }).notNull(),
    recordDate: date({ mode: 'string' }).notNull(),
    status: text({ enum: couponRunStatuses }).$type<CouponRunStatus>().notNull().default('prepared'),
    /** The accrual fraction as the schedule gave it ("num/den"). */
    accrualFraction: text().notNull(),
    outstandingTokens: bigint({ mode: 'number' }).notNull(),
    totalCents: bigint({ mode: 'number' }).notNull(),
    paidCents: bigint({ mode: 'number' }).notNull(),
    remainderCents: bigint({ mode: 'number' }).notNull(),
    /** The nominal repaid to the holders (a redemption run; 0 for a coupon run). */
    redemptionCents: bigint({ mode: 'number' }).notNull().default(0),
    /** The preview per holder, as approval writes it into payouts. */
    holders: jsonb().$type<CouponRunHolderLine[]>().notNull(),
    /** The operator who prepared it; null when the platform prepared it after its record date. */
    preparedBy: integer().references(() => customers.id),
    preparedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvedBy: integer().references(() => customers.id),
    approvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('coupon_runs_period').on(t.productId, t.periodIndex)],
);

export const payoutRowStatuses = ['pending', 'paid', 'failed'] as const;
export type PayoutRowStatus = (typeof payoutRowStatuses)[number];

/**
 * What one holder is paid by one run; or (type `commission`) what a referral partner is paid by one
 * commission statement, with no run and no bond (referrals.ts).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Null only for a commission payout. */
    runId: integer().references(() => couponRuns.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** Null only for a commission payout. */
    productId: integer().references(() => products.id),
    type: text().$type<PayoutType>().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** Of `amountCents`, the nominal repaid (a redemption); the rest is interest. */
    nominalCents: bigint({ mode: 'number' }).notNull().default(0),
    tokens: bigint({ mode: 'number' }).notNull(),
    payoutDate: date({ mode: 'string' }).notNull(),
    periodStart: date({ mode: 'string' }),
    periodEnd: date({ mode: 'string' }),
    status: text({ enum: payoutRowStatuses }).$type<PayoutRowStatus>().notNull().default('pending'),
    paidAt: timestamp({ withTimezone: true }),
    /** Why the payout failed: the bank's return reason (ISO 20022, e.g. `AC04`) or the operator's words. */
    failureReason: text(),
    failedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_run_customer').on(t.runId, t.customerId),
    index().on(t.customerId, t.payoutDate, t.id),
    check('payouts_amount', sql`${t.amountCents} >= 0`),
    check('payouts_nominal', sql`${t.nominalCents} >= 0 and ${t.nominalCents} <= ${t.amountCents}`),
    check(
      'payouts_run_product',
      sql`(${t.type} = 'commission' and ${t.runId} is null and ${t.productId} is null) or (${t.type} <> 'commission' and ${t.runId} is not null and ${t.productId} is not null)`,
    ),
  ],
);

/** The servicing ledger: one row per domain posting (id = the posting's id); append-only. */
export const ledgerPostings = pgTable('ledger_postings', {
  id: text().primaryKey(),
  kind: text().$type<PostingKind>().notNull(),
  bookedOn: date({ mode: 'string' }).notNull(),
  lines: jsonb().$type<LedgerLine[]>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
