import {
  type ReferralCommissionKind,
  type ReferralCommissionStatus,
  referralCommissionKinds,
  referralCommissionStatuses,
} from '@token/domain/referrals';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { orders } from './orders.ts';
import { payouts } from './servicing.ts';

/*
 * Referral commissions (issue 17, spec 1 and 3, decision 017 "Referral commissions"): one row per
 * commission event, booked with its ledger posting in the transaction of the event (the referred
 * customer approved, an order of theirs paid); settled per partner into commission statements, each
 * paid by one payout of type `commission`.
 */

/** A commission statement: everything accrued for one partner when an operator settled it. */
export const referralStatements = pgTable(
  'referral_statements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer()
      .notNull()
      .references(() => customers.id),
    /** The booking days of the first and the last commission settled. */
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    totalCents: bigint({ mode: 'number' }).notNull(),
    payoutId: integer()
      .notNull()
      .references(() => payouts.id),
    createdBy: integer()
      .notNull()
      .references(() => customers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.partnerId, t.id), check('referral_statements_total', sql`${t.totalCents} > 0`)],
);

export const referralCommissions = pgTable(
  'referral_commissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer()
      .notNull()
      .references(() => customers.id),
    referredCustomerId: integer()
      .notNull()
      .references(() => customers.id),
    kind: text({ enum: referralCommissionKinds }).$type<ReferralCommissionKind>().notNull(),
    /** The paid order (kind `paid_order`); null for `registered_customer`. */
    orderId: integer().references(() => orders.id),
    /** The partner's terms at the moment of the event, in cents. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    status: text({ enum: referralCommissionStatuses })
      .$type<ReferralCommissionStatus>()
      .notNull()
      .default('accrued'),
    /** The ledger posting that booked it (`referral_commission:...`). */
    postingId: text().notNull(),
    bookedOn: date({ mode: 'string' }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    statementId: integer().references(() => referralStatements.id),
    reversedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One event, one commission: once per referred customer, once per order.
    uniqueIndex('referral_commissions_customer_once')
      .on(t.referredCustomerId)
      .where(sql`${t.kind} = 'registered_customer'`),
    uniqueIndex('referral_commissions_order_once').on(t.orderId).where(sql`${t.kind} = 'paid_order'`),
    index().on(t.partnerId, t.status),
    check('referral_commissions_amount', sql`${t.amountCents} > 0`),
    check('referral_commissions_order', sql`(${t.kind} = 'paid_order') = (${t.orderId} is not null)`),
  ],
);
