import { hash } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import {
  appendEntry,
  createJournalChecker,
  genesisHash,
  type JournalCheckResult,
  type RegisterCause,
  type RegisterEntry,
  type RegisterEntryKind,
  type Sha256Hex,
} from '@token/domain/register';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productVariants, registerEntries, registerHeads, registerHoldings } from '../../db/schema/index.ts';
import { enqueueExcerptsAfterEntry } from '../../jobs/register-excerpt-after-entry.job.ts';

/*
 * The register journal in the database (issue 16, decision 016): appending an entry under the bond's
 * head lock, with the head and the holdings kept in the same transaction, and the chain check over the
 * stored journal. Every other register service (minting, transfers, reversals, excerpts) writes
 * through `appendRegisterEntry`; nothing else inserts into `register_entries`.
 */

/** SHA-256 over UTF-8 in lower-case hex, by node:crypto (twice as fast as createHash for short strings). */
export const nodeSha256: Sha256Hex = (data) => hash('sha256', data, 'hex');

export type RegisterEntryRow = typeof registerEntries.$inferSelect;

/** The domain's entry of a stored row (the bond and the holders as the strings the hash covers). */
export function toJournalEntry(row: RegisterEntryRow): RegisterEntry {
  return {
    bondId: String(row.productId),
    sequence: row.sequence,
    kind: row.kind,
    fromHolder: row.fromCustomerId === null ? null : String(row.fromCustomerId),
    toHolder: row.toCustomerId === null ? null : String(row.toCustomerId),
    amount: row.amount,
    cause: row.cause,
    recordedAt: row.recordedAt.toISOString(),
    previousHash: row.previousHash,
    hash: row.hash,
  };
}

/** A bond's issue volume in tokens: the total supply of its variants. */
export async function totalSupplyOf(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ supply: sql<number>`coalesce(sum(${productVariants.totalSupply}), 0)::int` })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return row?.supply ?? 0;
}

/** The bond's head row, locked for this transaction (created at the genesis hash on first use). */
async function lockHead(tx: Tx, productId: number) {
  const select = () =>
    tx.select().from(registerHeads).where(eq(registerHeads.productId, productId)).for('update');
  const [head] = await select();
  if (head) return head;
  await tx.insert(registerHeads).values({ productId, lastHash: genesisHash }).onConflictDoNothing();
  const [created] = await select();
  if (!created) throw new Error(`register head of product ${productId} missing after insert`);
  return created;
}

/** A holder's tokens of a bond, locked (0 when the holder has none yet). */
async function lockHolding(tx: Tx, productId: number, customerId: number) {
  const [row] = await tx
    .select({ balance: registerHoldings.balance, pendingOut: registerHoldings.pendingOut })
    .from(registerHoldings)
    .where(and(eq(registerHoldings.productId, productId), eq(registerHoldings.customerId, customerId)))
    .for('update');
  return row ?? { balance: 0, pendingOut: 0 };
}

export type AppendRegisterEntry = {
  productId: number;
  kind: RegisterEntryKind;
  fromCustomerId: number | null;
  toCustomerId: number | null;
  amount: number;
  cause: RegisterCause;
  /** For a reversal: the kind of the entry it undoes (a mint reversed lowers `minted`, a burn `burned`). */
  reversedKind?: Exclude<RegisterEntryKind, 'reversal'>;
  /** Tokens of the sender's `pending_out` this entry settles (a confirmed transfer held them back). */
  settlesPending?: number;
  /** The registrar's confirmation. */
  instructionId?: number | null;
  transactionHash?: string | null;
  blockTime?: Date | null;
  fromAddress?: string | null;
  toAddress?: string | null;
  now?: Date;
};

/**
 * Appends one entry to a bond's journal inside the caller's transaction: locks the bond's head, checks
 * the entry against the holdings and the issue volume, chains it (sequence, previous hash, SHA-256),
 * stores it and moves the head and the holdings with it. Two writers of one bond queue on the head
 * row, so sequences never collide. The after-transaction excerpts of the holders it concerns are
 * enqueued in the same transaction. Throws `register_entry_refused` (409) when the sender holds too
 * few tokens or a mint would pass the issue volume; nothing is written then.
 */
export async function appendRegisterEntry(tx: Tx, input: AppendRegisterEntry): Promise<RegisterEntryRow> {
  const head = await lockHead(tx, input.productId);
  const now = input.now ?? new Date();
  // Millisecond precision: the hash covers recordedAt as toISOString() writes it.
  const recordedAt = new Date(Math.floor(now.getTime()));

  const from =
    input.fromCustomerId === null ? null : await lockHolding(tx, input.productId, input.fromCustomerId);
  const settles = input.settlesPending ?? 0;
  if (from && (from.balance < input.amount || from.pendingOut < settles)) {
    throw new AppError('register_entry_refused');
  }
  // After this entry, tokens of the sender still held back for other transfers must stay covered.
  if (from && from.balance - input.amount < from.pendingOut - settles) {
    throw new AppError('register_entry_refused');
  }
  const mintDelta = input.kind === 'mint' ? input.amount : input.reversedKind === 'mint' ? -input.amount : 0;
  const burnDelta = input.kind === 'burn' ? input.amount : input.reversedKind === 'burn' ? -input.amount : 0;
  if (mintDelta > 0 && head.minted + mintDelta > (await totalSupplyOf(tx, input.productId))) {
    throw new AppError('register_entry_refused');
  }

  const entry = appendEntry(
    head.lastSequence === 0
      ? null
      : { bondId: String(input.productId), sequence: head.lastSequence, hash: head.lastHash },
    {
      bondId: String(input.productId),
      kind: input.kind,
      fromHolder: input.fromCustomerId === null ? null : String(input.fromCustomerId),
      toHolder: input.toCustomerId === null ? null : String(input.toCustomerId),
      amount: input.amount,
      cause: input.cause,
      recordedAt: recordedAt.toISOString(),
    },
    nodeSha256,
  );

  const [row] = await tx
    .insert(registerEntries)
    .values({
      productId: input.productId,
      sequence: entry.sequence,
      kind: entry.kind,
      fromCustomerId: input.fromCustomerId,
      toCustomerId: input.toCustomerId,
      amount: entry.amount,
      cause: entry.cause,
      recordedAt,
      previousHash: entry.previousHash,
      hash: entry.hash,
      instructionId: input.instructionId ?? null,
      transactionHash: input.transactionHash ?? null,
      blockTime: input.blockTime ?? null,
      fromAddress: input.fromAddress ?? null,
      toAddress: input.toAddress ?? null,
    })
    .returning();
  if (!row) throw new Error('register entry insert returned nothing');

  let holdersDelta = 0;
  if (from && input.fromCustomerId !== null) {
    if (from.balance - input.amount === 0) holdersDelta -= 1;
    await tx
      .update(registerHoldings)
      .set({
        balance: sql`${registerHoldings.balance} - ${input.amount}`,
        pendingOut: sql`${registerHoldings.pendingOut} - ${settles}`,
        updatedAt: now,
      })
      .where(
        and(
          eq(registerHoldings.productId, input.productId),
          eq(registerHoldings.customerId, input.fromCustomerId),
        ),
      );
  }
  if (input.toCustomerId !== null) {
    const [to] = await tx
      .insert(registerHoldings)
      .values({ productId: input.productId, customerId: input.toCustomerId, balance: input.amount })
      .onConflictDoUpdate({
        target: [registerHoldings.productId, registerHoldings.customerId],
        set: { balance: sql`${registerHoldings.balance} + ${input.amount}`, updatedAt: now },
      })
      .returning({ balance: registerHoldings.balance });
    if (to && to.balance === input.amount) holdersDelta += 1;
  }
  await tx
    .update(registerHeads)
    .set({
      lastSequence: entry.sequence,
      lastHash: entry.hash,
      minted: sql`${registerHeads.minted} + ${mintDelta}`,
      burned: sql`${registerHeads.burned} + ${burnDelta}`,
      holders: sql`${registerHeads.holders} + ${holdersDelta}`,
      updatedAt: now,
    })
    .where(eq(registerHeads.productId, input.productId));
  // eWpG § 19: every entry that concerns a holder gives them an excerpt (enqueued with the entry).
  await enqueueExcerptsAfterEntry(tx, row);
  return row;
}

/** A difference between the journal and the projections kept beside it. */
export type ProjectionMismatch =
  | {
      kind: 'head';
      field: 'lastSequence' | 'lastHash' | 'minted' | 'burned' | 'holders';
      journal: string;
      stored: string;
    }
  | { kind: 'holding'; customerId: number; journal: number; stored: number };

export type RegisterCheck = {
  /** The journal's own check (chain, balances, issue volume) and its first fault. */
  journal: JournalCheckResult;
  /** Where the head or the holdings differ from what the journal gives (empty when they agree). */
  mismatches: ProjectionMismatch[];
  entries: number;
};

/**
 * Checks a bond's whole journal as stored, in pages of `batch` entries by sequence (memory stays
 * flat for a million entries), then compares the head and the holdings with what it gives.
 */
export async function checkRegister(opts: {
  db: Db;
  productId: number;
  batch?: number;
}): Promise<RegisterCheck> {
  const { db, productId } = opts;
  const batch = opts.batch ?? 10_000;
  const checker = createJournalChecker({
    bondId: String(productId),
    totalSupply: await totalSupplyOf(db, productId),
    sha256: nodeSha256,
  });
  let after = 0;
  let entries = 0;
  let failed = false;
  for (;;) {
    const rows = await db
      .select()
      .from(registerEntries)
      .where(and(eq(registerEntries.productId, productId), gt(registerEntries.sequence, after)))
      .orderBy(asc(registerEntries.sequence))
      .limit(batch);
    for (const row of rows) {
      entries += 1;
      if (!checker.push(toJournalEntry(row)).ok) failed = true;
      if (failed) break;
    }
    const last = rows.at(-1);
    if (failed || !last || rows.length < batch) break;
    after = last.sequence;
  }
  const journal = checker.result();
  const mismatches: ProjectionMismatch[] = [];
  if (journal.ok) {
    const [head] = await db.select().from(registerHeads).where(eq(registerHeads.productId, productId));
    const stored = head ?? { lastSequence: 0, lastHash: genesisHash, minted: 0, burned: 0, holders: 0 };
    const compare = (
      field: 'lastSequence' | 'lastHash' | 'minted' | 'burned' | 'holders',
      value: string | number,
    ) => {
      if (String(stored[field]) !== String(value)) {
        mismatches.push({ kind: 'head', field, journal: String(value), stored: String(stored[field]) });
      }
    };
    compare('lastSequence', journal.lastSequence);
    compare('lastHash', journal.lastHash);
    compare('minted', journal.minted);
    compare('burned', journal.burned);
    compare('holders', journal.holders);
    const holdings = await db
      .select({ customerId: registerHoldings.customerId, balance: registerHoldings.balance })
      .from(registerHoldings)
      .where(eq(registerHoldings.productId, productId));
    const seen = new Set<string>();
    for (const h of holdings) {
      const key = String(h.customerId);
      seen.add(key);
      const expected = journal.balances.get(key) ?? 0;
      if (expected !== h.balance) {
        mismatches.push({ kind: 'holding', customerId: h.customerId, journal: expected, stored: h.balance });
      }
    }
    for (const [holder, balance] of journal.balances) {
      if (!seen.has(holder))
        mismatches.push({ kind: 'holding', customerId: Number(holder), journal: balance, stored: 0 });
    }
  }
  return { journal, mismatches, entries };
}
