import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The sandbox registrar's own books (issue 16, decision 016 "Registrar"): what a crypto-securities
 * registrar keeps on its side, apart from the platform's journal. Instructions received by idempotency
 * key, balances per bond and address, and a fake chain of transactions (0x… 32-byte hashes, block
 * numbers and times). Only the sandbox adapter and its page read or write these tables.
 */

/** An instruction the sandbox registrar received (once per key), and its fate. */
export const sandboxRegistrarInstructions = pgTable(
  'sandbox_registrar_instructions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The platform's idempotency key: the registrar executes a key once. */
    key: text().notNull(),
    kind: text({ enum: ['mint', 'transfer', 'burn'] }).notNull(),
    /** The bond's code (the token contract's identity on a chain). */
    bondCode: text().notNull(),
    tokenId: text(),
    fromAddress: text(),
    toAddress: text(),
    amount: integer().notNull(),
    status: text({ enum: ['pending', 'confirmed', 'refused'] })
      .notNull()
      .default('pending'),
    reason: text(),
    /** When the registrar confirms by itself (a tester may confirm, refuse or delay before). */
    confirmAfter: timestamp({ withTimezone: true }).notNull(),
    /** Bumped by every scheduling or decision: a delivery job of an older version does nothing. */
    version: integer().notNull().default(1),
    /** The webhook's event id, fixed when decided, so every delivery attempt is the same event. */
    eventId: text(),
    blockNumber: bigint({ mode: 'number' }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_registrar_instructions_key').on(t.key),
    index().on(t.status, t.receivedAt),
    check('sandbox_registrar_instructions_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The sandbox chain's balances: tokens of a bond per holder address. */
export const sandboxRegistrarBalances = pgTable(
  'sandbox_registrar_balances',
  {
    bondCode: text().notNull(),
    address: text().notNull(),
    balance: bigint({ mode: 'number' }).notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bondCode, t.address] }),
    check('sandbox_registrar_balances_not_negative', sql`${t.balance} >= 0`),
  ],
);

/** The sandbox's tokens (per bond code) an operator paused: it refuses every instruction on them. */
export const sandboxRegistrarPauses = pgTable('sandbox_registrar_pauses', {
  bondCode: text().primaryKey(),
  pausedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox chain: one transaction per block, numbered, with a 32-byte hash. */
export const sandboxRegistrarTransactions = pgTable('sandbox_registrar_transactions', {
  blockNumber: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  hash: text().notNull().unique(),
  instructionKey: text().notNull(),
  bondCode: text().notNull(),
  kind: text({ enum: ['mint', 'transfer', 'burn'] }).notNull(),
  fromAddress: text(),
  toAddress: text(),
  amount: integer().notNull(),
  blockTime: timestamp({ withTimezone: true }).notNull(),
});
