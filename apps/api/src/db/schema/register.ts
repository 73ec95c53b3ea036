import type { RegisterCause } from '@token/domain/register';
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
  uuid,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog.ts';
import { customers } from './customers.ts';

/*
 * The crypto-securities register (eWpG, issue 16, decision 016). One append-only journal per bond
 * (`register_entries`, chained by SHA-256); the head and the holdings are projections of it kept in
 * the same transaction as each entry, so that a transfer locks one holding row and an append one head
 * row. The journal is the record; the chain check recomputes the projections from it and compares.
 * Register rows are never deleted with a customer (no cascade): the register outlives the account.
 */

export const registerEntries = pgTable(
  'register_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    /** 1, 2, 3, ... per bond, without gaps. */
    sequence: integer().notNull(),
    kind: text({ enum: ['mint', 'transfer', 'burn', 'reversal'] }).notNull(),
    fromCustomerId: integer().references(() => customers.id),
    toCustomerId: integer().references(() => customers.id),
    /** Whole tokens, > 0. */
    amount: integer().notNull(),
    cause: jsonb().$type<RegisterCause>().notNull(),
    recordedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    previousHash: text().notNull(),
    hash: text().notNull(),
    /** The registrar's confirmation: transaction hash, block time and the holders' addresses. */
    transactionHash: text(),
    blockTime: timestamp({ withTimezone: true }),
    fromAddress: text(),
    toAddress: text(),
    instructionId: bigint({ mode: 'number' }).references(() => registrarInstructions.id),
  },
  (t) => [
    uniqueIndex('register_entries_sequence').on(t.productId, t.sequence),
    uniqueIndex('register_entries_instruction').on(t.instructionId),
    index().on(t.fromCustomerId, t.productId, t.sequence),
    index().on(t.toCustomerId, t.productId, t.sequence),
    // The minted tokens of an order (minting.service.ts `mintedTokensOf`): its mints, and what reverses them.
    index('register_entries_mint_order').on(sql`(${t.cause}->>'orderId')`).where(sql`${t.kind} = 'mint'`),
    index('register_entries_reversal_of')
      .on(t.productId, sql`((${t.cause}->>'reverses')::int)`)
      .where(sql`${t.kind} = 'reversal'`),
    check('register_entries_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** A bond's register head: the last entry (the next one chains to it) and the totals. */
export const registerHeads = pgTable(
  'register_heads',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id),
    lastSequence: integer().notNull().default(0),
    lastHash: text().notNull(),
    minted: bigint({ mode: 'number' }).notNull().default(0),
    burned: bigint({ mode: 'number' }).notNull().default(0),
    /** Holders with a balance above zero (the 149-investor limit counts these). */
    holders: integer().notNull().default(0),
    /** An operator paused the bond's token: transfers are refused (`bond_paused`) until unpaused. */
    paused: boolean().notNull().default(false),
    /** When the pause state last changed (null: never paused). */
    pausedChangedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('register_heads_supply', sql`${t.minted} >= ${t.burned}`)],
);

/**
 * Each holder's tokens of a bond: the balance the journal gives, and the tokens held back for
 * transfers the registrar has not confirmed yet (never more than the balance).
 */
export const registerHoldings = pgTable(
  'register_holdings',
  {
    productId: integer()
      .notNull()
      .references(() => products.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    balance: bigint({ mode: 'number' }).notNull().default(0),
    pendingOut: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * The reason of a disposal restriction on these tokens (eWpG § 17 (1) Nr. 6, e.g. a pledge or an
     * attachment order); null when none. A restricted holding may not be transferred.
     */
    disposalRestriction: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.customerId] }),
    index().on(t.customerId),
    check('register_holdings_balance', sql`${t.balance} >= 0`),
    check('register_holdings_pending', sql`${t.pendingOut} >= 0 and ${t.pendingOut} <= ${t.balance}`),
  ],
);

/**
 * An instruction to the registrar (mint, transfer, burn) with its idempotency key; the journal
 * records the entry when the registrar confirms it.
 */
export const registrarInstructions = pgTable(
  'registrar_instructions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().unique().defaultRandom(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    kind: text({ enum: ['mint', 'transfer', 'burn'] }).notNull(),
    fromCustomerId: integer().references(() => customers.id),
    toCustomerId: integer().references(() => customers.id),
    fromAddress: text(),
    toAddress: text(),
    amount: integer().notNull(),
    cause: jsonb().$type<RegisterCause>().notNull(),
    /** Sent with every submission of the instruction; the registrar executes a key once. */
    idempotencyKey: text().notNull().unique(),
    status: text({ enum: ['submitted', 'confirmed', 'refused'] })
      .notNull()
      .default('submitted'),
    refusalReason: text(),
    transactionHash: text(),
    blockTime: timestamp({ withTimezone: true }),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the platform last handed it to the registrar (null: not yet, the submit job will). */
    sentAt: timestamp({ withTimezone: true }),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.productId, t.status),
    index().on(t.submittedAt).where(sql`${t.status} = 'submitted'`),
    check('registrar_instructions_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** An investor's transfer of tokens to another whitelisted investor (`POST token/transfer`). */
export const tokenTransfers = pgTable(
  'token_transfers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    variantId: integer().references(() => productVariants.id),
    senderId: integer()
      .notNull()
      .references(() => customers.id),
    receiverId: integer()
      .notNull()
      .references(() => customers.id),
    amount: integer().notNull(),
    /** How the sender named the beneficiary (e-mail or wallet address), as typed. */
    beneficiary: text().notNull(),
    status: text({ enum: ['pending', 'confirmed', 'refused', 'failed'] })
      .notNull()
      .default('pending'),
    refusalReason: text(),
    instructionId: bigint({ mode: 'number' }).references(() => registrarInstructions.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.senderId, t.createdAt),
    index().on(t.receiverId, t.createdAt),
    // The bond's open transfers: their receivers take a holder seat (the 149-investor limit).
    index('token_transfers_pending').on(t.productId, t.receiverId).where(sql`${t.status} = 'pending'`),
    check('token_transfers_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The investors admitted to a bond with whitelisting (spec 6: transfers only to whitelisted
 * investors; a bond limited to 149 investors admits on request by e-mail). Removal deletes the row;
 * both are in the audit log.
 */
export const bondWhitelist = pgTable(
  'bond_whitelist',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    source: text({ enum: ['operator', 'email_request', 'subscription'] }).notNull(),
    addedBy: integer().references(() => customers.id, { onDelete: 'set null' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.customerId] }), index().on(t.customerId)],
);

/**
 * Register excerpts (eWpG § 19) given to a holder for a bond: numbered, of a type, in the holder's
 * language, covering the journal's entries up to `throughSequence`. The PDF is rendered from the
 * journal on download, so an excerpt always shows what the register held when it was made.
 */
export const registerExcerpts = pgTable(
  'register_excerpts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    number: text().notNull().unique(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    type: text({ enum: ['after_transaction', 'cron_job', 'manual'] }).notNull(),
    locale: text({ enum: ['de', 'en'] }).notNull(),
    /** Entries after the previous excerpt's `throughSequence` up to this one are listed as new. */
    fromSequence: integer().notNull(),
    throughSequence: integer().notNull(),
    /** The holder's balance at `throughSequence`. */
    balance: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.customerId, t.createdAt),
    uniqueIndex('register_excerpts_after_entry')
      .on(t.customerId, t.productId, t.throughSequence)
      .where(sql`${t.type} = 'after_transaction'`),
  ],
);

/**
 * One run of the reconciliation per bond (decision 016, "Reconciliation"): the journal's balances per
 * holder address compared with the registrar's own; `differences` lists each address where they
 * differ. The admin register view shows the newest row of a bond.
 */
export const registerReconciliations = pgTable(
  'register_reconciliations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    /** The registrar compared with: `sandbox` or `evm`. */
    registrar: text().notNull(),
    ok: boolean().notNull(),
    differences: jsonb().$type<{ address: string; journal: number; registrar: number }[]>().notNull(),
    /** The registrar could not be read (the run is not ok, `differences` empty). */
    error: text(),
    ranAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.productId, t.ranAt)],
);

/**
 * Disposal restrictions on a holder's position (eWpG § 17 (1) Nr. 6, decision 016 "Disposal
 * restrictions"): entered and lifted by an operator, never deleted, so an excerpt states those in force
 * when it was made. `register_holdings.disposal_restriction` is their projection (the transfer rule's
 * input), written in the same transaction.
 */
export const registerDisposalRestrictions = pgTable(
  'register_disposal_restrictions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().unique().defaultRandom(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    kind: text({ enum: ['pledge', 'attachment', 'insolvency', 'other'] }).notNull(),
    reason: text().notNull(),
    /** The third party whose right it is (pledgee, attaching creditor, administrator); null: none named. */
    beneficiary: text(),
    setAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    setBy: integer().references(() => customers.id),
    liftedAt: timestamp({ withTimezone: true, precision: 3 }),
    liftedBy: integer().references(() => customers.id),
    liftReason: text(),
  },
  (t) => [
    index().on(t.productId, t.customerId, t.setAt),
    check('register_disposal_restrictions_lift', sql`(${t.liftedAt} is null) = (${t.liftReason} is null)`),
  ],
);
