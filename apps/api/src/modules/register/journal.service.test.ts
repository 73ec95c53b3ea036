import { mintedByOrder } from '@token/domain/register';
import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { registerEntries, registerHoldings } from '../../db/schema/index.ts';
import { seedBond, seedCustomer } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import {
  type AppendRegisterEntry,
  appendRegisterEntry,
  checkRegister,
  toJournalEntry,
} from './journal.service.ts';
import { mintedOfOrder, mintedTokensOf } from './minting.service.ts';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  db = t.app.db;
});
afterAll(() => t.close());

const append = (input: AppendRegisterEntry) => db.transaction((tx) => appendRegisterEntry(tx, input));
const order = (id: number) => ({ type: 'order' as const, orderId: String(id) });

async function bondWithHolders(supply = 1_000) {
  const { product } = await seedBond(db, { variant: { totalSupply: supply } });
  const anna = await seedCustomer(db);
  const ben = await seedCustomer(db);
  return { productId: product.id, anna: anna.id, ben: ben.id };
}

async function holdingsOf(productId: number) {
  const rows = await db
    .select({ customerId: registerHoldings.customerId, balance: registerHoldings.balance })
    .from(registerHoldings)
    .where(sql`${registerHoldings.productId} = ${productId}`);
  return Object.fromEntries(rows.map((r) => [r.customerId, r.balance]));
}

const transferCause = (id: string) => ({ type: 'transfer_request' as const, transferId: id });

async function sequenceOf(productId: number) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from register_entries where product_id = ${productId}`,
  );
  return rows[0]?.n;
}

describe('the register journal in the database', () => {
  it('chains mint, transfer, burn and reversal; the head and holdings follow; the check agrees', async () => {
    const { productId, anna, ben } = await bondWithHolders();
    const mint = await append({
      productId,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: anna,
      amount: 600,
      cause: order(1),
    });
    const transfer = await append({
      productId,
      kind: 'transfer',
      fromCustomerId: anna,
      toCustomerId: ben,
      amount: 200,
      cause: transferCause('7'),
    });
    await append({
      productId,
      kind: 'burn',
      fromCustomerId: anna,
      toCustomerId: null,
      amount: 50,
      cause: { type: 'redemption', reference: 'R1' },
    });
    await append({
      productId,
      kind: 'reversal',
      reversedKind: 'transfer',
      fromCustomerId: ben,
      toCustomerId: anna,
      amount: 200,
      cause: { type: 'correction', reason: 'Falscher Empfänger', reverses: transfer.sequence },
    });

    expect(mint.sequence).toBe(1);
    expect(mint.previousHash).toBe('0'.repeat(64));
    expect(transfer.sequence).toBe(2);
    expect(transfer.previousHash).toBe(mint.hash);
    expect(await holdingsOf(productId)).toEqual({ [anna]: 550, [ben]: 0 });
    const check = await checkRegister({ db, productId });
    expect(check.journal).toMatchObject({ ok: true, minted: 600, burned: 50, lastSequence: 4, holders: 1 });
    expect(check.mismatches).toEqual([]);
    expect(check.entries).toBe(4);
  });

  it('refuses an overdraw, a mint past the issue volume and tokens held back for transfers; nothing is written', async () => {
    const { productId, anna, ben } = await bondWithHolders(1_000);
    await append({
      productId,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: anna,
      amount: 900,
      cause: order(2),
    });
    await expect(
      append({
        productId,
        kind: 'transfer',
        fromCustomerId: anna,
        toCustomerId: ben,
        amount: 901,
        cause: transferCause('1'),
      }),
    ).rejects.toMatchObject({ code: 'register_entry_refused' });
    await expect(
      append({
        productId,
        kind: 'mint',
        fromCustomerId: null,
        toCustomerId: ben,
        amount: 101,
        cause: order(3),
      }),
    ).rejects.toMatchObject({ code: 'register_entry_refused' });
    // 400 of anna's tokens are held back for a pending transfer: only 500 are free.
    await db.execute(
      sql`update register_holdings set pending_out = 400 where product_id = ${productId} and customer_id = ${anna}`,
    );
    await expect(
      append({
        productId,
        kind: 'burn',
        fromCustomerId: anna,
        toCustomerId: null,
        amount: 501,
        cause: { type: 'redemption', reference: 'R' },
      }),
    ).rejects.toMatchObject({ code: 'register_entry_refused' });
    // The pending transfer itself settles what it held back.
    await append({
      productId,
      kind: 'transfer',
      fromCustomerId: anna,
      toCustomerId: ben,
      amount: 400,
      settlesPending: 400,
      cause: transferCause('2'),
    });
    expect(await sequenceOf(productId)).toBe(2);
    expect(await holdingsOf(productId)).toEqual({ [anna]: 500, [ben]: 400 });
    const check = await checkRegister({ db, productId });
    expect(check.journal.ok).toBe(true);
    expect(check.mismatches).toEqual([]);
  });

  it('is append-only in the database: UPDATE and DELETE of an entry are refused', async () => {
    const { productId, anna } = await bondWithHolders();
    await append({
      productId,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: anna,
      amount: 10,
      cause: order(4),
    });
    await expect(
      db.execute(sql`update register_entries set amount = 11 where product_id = ${productId}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from register_entries where product_id = ${productId}`),
    ).rejects.toThrow();
    expect(await sequenceOf(productId)).toBe(1);
  });

  it('names a row altered behind the trigger, and a holding that differs from the journal', async () => {
    const { productId, anna, ben } = await bondWithHolders();
    await append({
      productId,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: anna,
      amount: 300,
      cause: order(5),
    });
    await append({
      productId,
      kind: 'transfer',
      fromCustomerId: anna,
      toCustomerId: ben,
      amount: 100,
      cause: transferCause('3'),
    });
    await append({
      productId,
      kind: 'transfer',
      fromCustomerId: ben,
      toCustomerId: anna,
      amount: 50,
      cause: transferCause('4'),
    });

    await db.execute(
      sql`update register_holdings set balance = 99 where product_id = ${productId} and customer_id = ${ben}`,
    );
    const drift = await checkRegister({ db, productId });
    expect(drift.journal.ok).toBe(true);
    expect(drift.mismatches).toEqual([{ kind: 'holding', customerId: ben, journal: 50, stored: 99 }]);

    await db.execute(sql`alter table register_entries disable trigger register_entries_append_only`);
    try {
      await db.execute(
        sql`update register_entries set amount = 1000 where product_id = ${productId} and sequence = 2`,
      );
    } finally {
      await db.execute(sql`alter table register_entries enable trigger register_entries_append_only`);
    }
    const tampered = await checkRegister({ db, productId });
    expect(tampered.journal).toMatchObject({ ok: false, sequence: 2, fault: 'hash_mismatch' });
  });

  it('checks a journal longer than one page', async () => {
    const { productId, anna, ben } = await bondWithHolders();
    await append({
      productId,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: anna,
      amount: 500,
      cause: order(6),
    });
    for (let i = 0; i < 6; i += 1) {
      await append({
        productId,
        kind: 'transfer',
        fromCustomerId: i % 2 ? ben : anna,
        toCustomerId: i % 2 ? anna : ben,
        amount: 10,
        cause: transferCause(`p${i}`),
      });
    }
    const check = await checkRegister({ db, productId, batch: 2 });
    expect(check.entries).toBe(7);
    expect(check.journal).toMatchObject({ ok: true, lastSequence: 7 });
  });

  it('queues concurrent writers of one bond on its head: sequences without gaps, no overdraw', async () => {
    const { productId, anna, ben } = await bondWithHolders();
    await append({
      productId,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: anna,
      amount: 100,
      cause: order(7),
    });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        append({
          productId,
          kind: 'transfer',
          fromCustomerId: anna,
          toCustomerId: ben,
          amount: 10,
          cause: transferCause(`r${i}`),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => (r.reason as { code?: string }).code === 'register_entry_refused'),
    ).toBe(true);
    expect(await holdingsOf(productId)).toEqual({ [anna]: 0, [ben]: 100 });
    const check = await checkRegister({ db, productId });
    expect(check.journal).toMatchObject({ ok: true, lastSequence: 11, holders: 1 });
    expect(check.mismatches).toEqual([]);
  });

  it("reads an order's minted tokens in SQL (mintedTokensOf) as the domain's mintedByOrder does, over a mixed journal with reversals", async () => {
    const one = await bondWithHolders();
    const two = await bondWithHolders();
    const { anna, ben } = one;
    const mint = (productId: number, to: number, amount: number, orderId: number) =>
      append({
        productId,
        kind: 'mint',
        fromCustomerId: null,
        toCustomerId: to,
        amount,
        cause: order(orderId),
      });
    const reverse = (
      productId: number,
      entry: { sequence: number; kind: string; amount: number },
      from: number,
      to: number | null,
    ) =>
      append({
        productId,
        kind: 'reversal',
        reversedKind: entry.kind === 'mint' ? 'mint' : 'transfer',
        fromCustomerId: from,
        toCustomerId: to,
        amount: entry.amount,
        cause: { type: 'correction', reason: 'Irrtum', reverses: entry.sequence },
      });
    // Bond one: order 41 minted twice, its first mint reversed; a transfer reversed; a burn.
    const first = await mint(one.productId, anna, 300, 41);
    await mint(one.productId, anna, 200, 41);
    await mint(one.productId, ben, 50, 42);
    const moved = await append({
      productId: one.productId,
      kind: 'transfer',
      fromCustomerId: anna,
      toCustomerId: ben,
      amount: 100,
      cause: transferCause('8'),
    });
    await reverse(one.productId, first, anna, null);
    await reverse(one.productId, moved, ben, anna);
    await append({
      productId: one.productId,
      kind: 'burn',
      fromCustomerId: anna,
      toCustomerId: null,
      amount: 20,
      cause: { type: 'redemption', reference: 'R8' },
    });
    // Bond two: its sequence 2 (order 44's mint) reversed must not touch bond one's sequence 2 (order 41).
    await mint(two.productId, ben, 70, 43);
    const wrong = await mint(two.productId, anna, 30, 44);
    await reverse(two.productId, wrong, anna, null);
    await mint(two.productId, anna, 25, 44);
    expect(wrong.sequence).toBe(2);

    const rows = await db
      .select()
      .from(registerEntries)
      .where(inArray(registerEntries.productId, [one.productId, two.productId]))
      .orderBy(asc(registerEntries.productId), asc(registerEntries.sequence));
    const domain = mintedByOrder(rows.map(toJournalEntry));
    expect(Object.fromEntries(domain)).toEqual({ '41': 200, '42': 50, '43': 70, '44': 25 });
    // All orders in one statement, as the depot and the minting batch read them; order 45 has none.
    const { rows: inSql } = await db.execute<{ id: number; minted: number }>(
      sql`select o.id, ${mintedTokensOf(sql`o.id`)} as minted from generate_series(41, 45) as o(id) order by o.id`,
    );
    expect(inSql.map((r) => [r.id, r.minted])).toEqual(
      [41, 42, 43, 44, 45].map((id) => [id, domain.get(String(id)) ?? 0]),
    );
    expect(await db.transaction((tx) => mintedOfOrder(tx, 41))).toBe(200);
  });
});
