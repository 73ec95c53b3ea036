import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The EVM registrar adapter's own record (decision 016, "EVM registrar"): every transaction the agent
 * key signs, recorded with its nonce and signed bytes BEFORE it is broadcast. A retried submit finds
 * the row by key and re-sends the same bytes (same hash, same nonce), so a timeout never causes a
 * second mint; the chain watcher re-sends a row the chain does not know. Only the adapter reads it.
 */
export const evmRegistrarTransactions = pgTable(
  'evm_registrar_transactions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The instruction's idempotency key; `deploy:{bond}` for a contract, `{key}:allow` for its allow. */
    key: text().notNull(),
    /** The instruction this transaction serves (null for a bond's deployment). */
    instructionKey: text(),
    action: text({ enum: ['deploy', 'allow', 'mint', 'transfer', 'burn', 'pause', 'unpause'] }).notNull(),
    bondCode: text().notNull(),
    /** The token contract (for a deployment: the address it will have, from agent and nonce). */
    contractAddress: text().notNull(),
    chainId: integer().notNull(),
    agentAddress: text().notNull(),
    nonce: integer().notNull(),
    transactionHash: text().notNull(),
    /** The signed transaction as broadcast (re-sent unchanged on a retry). */
    rawTransaction: text().notNull(),
    status: text({ enum: ['signed', 'sent'] })
      .notNull()
      .default('signed'),
    /**
     * Earlier versions of this transaction (same nonce, lower fee) it replaced when it was not mined in
     * time, oldest first: any of them may still be the one mined.
     */
    replaced: jsonb()
      .$type<{ transactionHash: string; rawTransaction: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the current version was last broadcast (a replacement is due this long after). */
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('evm_registrar_transactions_key').on(t.key),
    // One nonce per agent and chain: two processes can never sign two transactions with one nonce.
    uniqueIndex('evm_registrar_transactions_nonce').on(t.chainId, t.agentAddress, t.nonce),
    index().on(t.bondCode, t.action),
    check('evm_registrar_transactions_nonce_positive', sql`${t.nonce} >= 0`),
  ],
);
