import type { DataExportState, ErasureState, RetentionCategory } from '@token/domain/privacy';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * Data protection (issue 19, decision 024): data exports (GDPR Art. 15/20), erasure requests
 * (Art. 17) and what an erasure kept because a law requires it (Art. 17 (3) (b)).
 */

/** A data export: built by the `privacy.export` job as a zip in the private bucket, kept `dataExportDays`. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().unique().defaultRandom(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    state: text().$type<DataExportState>().notNull().default('pending'),
    /** Random key in the private bucket; null until built and after expiry. */
    storageKey: text(),
    size: bigint({ mode: 'number' }),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    failure: text(),
  },
  (t) => [index().on(t.customerId, t.requestedAt), index().on(t.state, t.expiresAt)],
);

/** An erasure request; one open (`requested`) per customer. */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().unique().defaultRandom(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    state: text().$type<ErasureState>().notNull().default('requested'),
    /** The customer's own words, if any. */
    reason: text(),
    /** The operator's reason of a refusal (mailed to the customer). */
    refusalReason: text(),
    decidedById: integer().references(() => customers.id, { onDelete: 'set null' }),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('erasure_requests_one_open').on(t.customerId).where(sql`${t.state} = 'requested'`),
    index().on(t.state, t.requestedAt),
  ],
);

/**
 * What an erasure kept and locked, one row per category of the retention table: the legal basis, the
 * last day it is kept, a snapshot of the personal data the category needs (the identity, as it was,
 * for GwG) and the files archived for it (invoices as issued). The retention job deletes the
 * category's data when `retainUntil` has passed and sets `purgedAt`. Nothing else reads their data
 * and files; the operator's erasure list and customer file show only category, basis and dates.
 */
export const retainedRecords = pgTable(
  'retained_records',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    erasureRequestId: integer()
      .notNull()
      .references(() => erasureRequests.id, { onDelete: 'cascade' }),
    category: text().$type<RetentionCategory>().notNull(),
    legalBasis: text().notNull(),
    /** Null: kept with the register (eWpG). */
    retainUntil: date({ mode: 'string' }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    storageKeys: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    purgedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('retained_records_customer_category').on(t.customerId, t.category),
    index().on(t.retainUntil).where(sql`${t.purgedAt} is null`),
  ],
);
