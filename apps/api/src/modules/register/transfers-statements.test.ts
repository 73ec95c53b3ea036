import type { PGlite } from '@electric-sql/pglite';
import type { AppError } from '@token/domain/errors';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTotpSecretBox } from '../../crypto/secrets.ts';
import type { Database } from '../../db/client.ts';
import {
  customers,
  registerHeads,
  registerHoldings,
  registrarInstructions,
  tokenTransfers,
  wallets,
} from '../../db/schema/index.ts';
import { seedBond, seedBuyer, seedVariant } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { newTotpSecret, totpCode } from '../accounts/totp.ts';
import { type CodeJudge, codeJudge } from '../accounts/two-factor.service.ts';
import { appendRegisterEntry } from './journal.service.ts';
import { anyCode } from './register.test-kit.ts';
import { placeTransfer } from './transfers.service.ts';

/*
 * How many statements a transfer costs (decision 016 "Transfers and depot"; the benchmark's 300/s on a
 * 2-core machine is bound by CPU, and every statement costs it in both processes): the counts below
 * are exact, so a transfer that grows a statement fails here. Also the lookups the combined statements
 * replaced: the bond by product or variant code, a variant of another bond.
 */

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  db = t.app.db;
});
afterAll(() => t.close());

// A fixed instant: codes are computed and checked at it, whatever the day the test runs.
const now = new Date('2026-03-02T10:15:07.000Z');

/**
 * The statements sent to the database while `run` runs (BEGIN and COMMIT included), counted at the
 * driver: node-postgres's `Client#query`, PGlite's one exclusive runner. Nothing else queries meanwhile
 * (the test app's job runner does not poll).
 */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  if (t.kind === 'postgres') {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [q] = args as [string | { text: string }];
      statements.push(typeof q === 'string' ? q : q.text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      return { result: await run(), statements };
    } finally {
      pg.Client.prototype.query = original;
    }
  }
  // PGlite runs every query and exec (BEGIN and COMMIT too) through this one runner.
  const client = db.$client as unknown as PGlite;
  const original = client._runExclusiveQuery;
  client._runExclusiveQuery = function <T>(this: PGlite, fn: () => Promise<T>): Promise<T> {
    statements.push('(pglite)');
    return original.call(this, fn) as Promise<T>;
  };
  try {
    return { result: await run(), statements };
  } finally {
    client._runExclusiveQuery = original;
  }
}

async function holder(opts: { twoFactor?: boolean } = {}) {
  const row = await seedBuyer(db, { appSecret: t.config.appSecret });
  const secret = newTotpSecret();
  if (opts.twoFactor !== false) {
    await db
      .update(customers)
      .set({ twoFactorEnabled: true, twoFactorSecret: createTotpSecretBox(t.config.appSecret).seal(secret) })
      .where(eq(customers.id, row.id));
  }
  const [wallet] = await db.select().from(wallets).where(eq(wallets.customerId, row.id));
  return { row, walletId: wallet!.id, address: wallet!.address, code: () => totpCode(secret, now) };
}
type Holder = Awaited<ReturnType<typeof holder>>;

async function bondHeldBy(sender: Holder, minted: number, opts: Parameters<typeof seedBond>[1] = {}) {
  const seeded = await seedBond(db, { variant: { totalSupply: 1_000_000 }, ...opts });
  await db.transaction((tx) =>
    appendRegisterEntry(tx, {
      productId: seeded.product.id,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: sender.row.id,
      amount: minted,
      cause: { type: 'order', orderId: `seed-${seeded.product.id}` },
    }),
  );
  return seeded;
}

const secretBox = () => createTotpSecretBox(t.config.appSecret);

/** `placeTransfer` as the route calls it, the code checked at the fixed instant. */
function transfer(sender: Holder, input: Omit<Parameters<typeof placeTransfer>[0]['input'], 'fromWalletId'>) {
  return placeTransfer({
    db,
    customerId: sender.row.id,
    input: { fromWalletId: sender.walletId, ...input },
    judgeCode: codeJudge(secretBox(), { now: () => now }),
  });
}

async function holdingOf(productId: number, customerId: number) {
  const [row] = await db
    .select()
    .from(registerHoldings)
    .where(and(eq(registerHoldings.productId, productId), eq(registerHoldings.customerId, customerId)));
  return row;
}

describe('POST token/transfer: statements per transfer', () => {
  it('an accepted transfer of a bond without investor limit: 2 statements, no transaction', async () => {
    const sender = await holder();
    const receiver = await holder();
    const { product } = await bondHeldBy(sender, 10);
    const { result, statements } = await statementsOf(async () =>
      transfer(sender, {
        product: product.code,
        amount: 3,
        beneficiary: receiver.row.email,
        code: await sender.code(),
      }),
    );
    // The context (wallet, bond, the sender's holding and code facts, the beneficiary); the writes
    // (the code's step, pending_out on the rule's condition, the instruction, its job, the transfer).
    expect(statements).toHaveLength(2);
    expect(result).toMatchObject({ product: product.code, amount: 3, status: 'pending', direction: 'out' });
    expect(await holdingOf(product.id, sender.row.id)).toMatchObject({ balance: 10, pendingOut: 3 });
    const [stored] = await db.select().from(tokenTransfers).where(eq(tokenTransfers.id, result.id));
    const [instruction] = await db
      .select()
      .from(registrarInstructions)
      .where(eq(registrarInstructions.id, stored!.instructionId!));
    expect(instruction).toMatchObject({
      idempotencyKey: `transfer-${result.id}`,
      cause: { type: 'transfer_request', transferId: String(result.id) },
      fromAddress: sender.address,
      toAddress: receiver.address,
      amount: 3,
    });
  });

  it('a bond with an investor limit locks its head, then the holding, then counts its holders: 7 statements', async () => {
    const sender = await holder();
    const receiver = await holder();
    const { product } = await bondHeldBy(sender, 10, { investorLimit: 2 });
    const { result, statements } = await statementsOf(async () =>
      transfer(sender, {
        product: product.code,
        amount: 2,
        beneficiary: receiver.address,
        code: await sender.code(),
      }),
    );
    // The context; BEGIN; head; holding; the beneficiary with the holders; the writes; COMMIT.
    expect(statements).toHaveLength(7);
    expect(result).toMatchObject({ amount: 2, beneficiary: receiver.address, status: 'pending' });
    expect(await holdingOf(product.id, sender.row.id)).toMatchObject({ balance: 10, pendingOut: 2 });
    // The limit still counts the pending receiver: a third investor is refused.
    const third = await holder();
    const [refused] = await Promise.allSettled([
      transfer(sender, { product: product.code, amount: 1, beneficiary: third.row.email, code: '000000' }),
    ]);
    expect(refused.status === 'rejected' && (refused.reason as AppError).code).toBe(
      'transfer_investor_limit_reached',
    );
  });

  it('a wrong code: 2 statements, of which only the failure count is written', async () => {
    const sender = await holder();
    const receiver = await holder();
    const { product } = await bondHeldBy(sender, 10);
    const { result, statements } = await statementsOf(() =>
      transfer(sender, {
        product: product.code,
        amount: 1,
        beneficiary: receiver.row.email,
        code: '000000',
      }).then(
        () => null,
        (e: unknown) => e,
      ),
    );
    expect((result as AppError).code).toBe('two_factor_invalid');
    // The context; the failure count.
    expect(statements).toHaveLength(2);
    const [after] = await db
      .select({ failures: customers.twoFactorFailures })
      .from(customers)
      .where(eq(customers.id, sender.row.id));
    expect(after!.failures).toBe(1);
    expect(await holdingOf(product.id, sender.row.id)).toMatchObject({ balance: 10, pendingOut: 0 });
    expect(await db.select().from(tokenTransfers).where(eq(tokenTransfers.senderId, sender.row.id))).toEqual(
      [],
    );
  });
});

describe('POST token/transfer: the bond by product or variant code', () => {
  it('takes the variant named (alone or with its product), the first by position otherwise; another bond’s variant is not found', async () => {
    const sender = await holder();
    const receiver = await holder();
    const { product, variant } = await bondHeldBy(sender, 10);
    const second = await seedVariant(db, product, { code: `${product.code}_B`, position: 1 });
    const other = await seedBond(db);
    const base = { amount: 1, beneficiary: receiver.row.email };

    const byProduct = await transfer(sender, { ...base, product: product.code, code: await sender.code() });
    expect(byProduct.productVariant).toBe(variant!.code);
    // One code per time step: the rest are checked with the code injected.
    const send = (input: Partial<Parameters<typeof placeTransfer>[0]['input']>) =>
      placeTransfer({
        db,
        customerId: sender.row.id,
        input: { fromWalletId: sender.walletId, ...base, code: 'x', ...input },
        judgeCode: anyCode,
      });
    expect((await send({ productVariant: second.code })).productVariant).toBe(second.code);
    expect((await send({ product: product.code, productVariant: second.code })).productVariant).toBe(
      second.code,
    );
    for (const input of [
      { product: product.code, productVariant: other.variant!.code },
      { productVariant: 'NO_SUCH_VARIANT' },
      { product: 'NO_SUCH_BOND' },
    ]) {
      await expect(send(input)).rejects.toMatchObject({ code: 'not_found' });
    }
    // Another investor's wallet is not found either.
    await expect(send({ product: product.code, fromWalletId: receiver.walletId })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await holdingOf(product.id, sender.row.id)).toMatchObject({ balance: 10, pendingOut: 3 });
  });
});

describe('POST token/transfer: what changes between the read and the write (no transaction)', () => {
  /**
   * `placeTransfer` with the code judged by `judge`, which runs between the context's read and the
   * write: the place where another request's change lands.
   */
  function transferWith(sender: Holder, product: string, receiver: Holder, judge: CodeJudge, amount = 4) {
    return placeTransfer({
      db,
      customerId: sender.row.id,
      input: { fromWalletId: sender.walletId, product, amount, beneficiary: receiver.row.email, code: '1' },
      judgeCode: judge,
    });
  }
  const otherTransfer = (sender: Holder, product: string, receiver: Holder, amount: number) =>
    transferWith(sender, product, receiver, anyCode, amount);

  it('another transfer of the sender’s holds the tokens first: the rule answers again, nothing is overdrawn', async () => {
    const sender = await holder();
    const receiver = await holder();
    const { product } = await bondHeldBy(sender, 10);
    let step = 0;
    const judge: CodeJudge = async (facts) => {
      step = (facts.lastStep ?? 0) + 1;
      await otherTransfer(sender, product.code, receiver, 7);
      return { type: 'totp', step };
    };
    await expect(transferWith(sender, product.code, receiver, judge)).rejects.toMatchObject({
      code: 'insufficient_minted_tokens',
    });
    expect(await holdingOf(product.id, sender.row.id)).toMatchObject({ balance: 10, pendingOut: 7 });
    expect(
      await db.select().from(tokenTransfers).where(eq(tokenTransfers.senderId, sender.row.id)),
    ).toHaveLength(1);
    // The code was used by the refused request (its step moved), and no failure was counted.
    const [after] = await db
      .select({ step: customers.twoFactorLastStep, failures: customers.twoFactorFailures })
      .from(customers)
      .where(eq(customers.id, sender.row.id));
    expect(after).toEqual({ step, failures: 0 });
  });

  it('a change that leaves enough does not matter: the write holds the tokens on the rule’s condition, not on an unchanged row', async () => {
    const sender = await holder();
    const receiver = await holder();
    const { product } = await bondHeldBy(sender, 10);
    const judge: CodeJudge = async (facts) => {
      await otherTransfer(sender, product.code, receiver, 3);
      return { type: 'totp', step: (facts.lastStep ?? 0) + 1 };
    };
    const { result, statements } = await statementsOf(() =>
      transferWith(sender, product.code, receiver, judge),
    );
    expect(result).toMatchObject({ amount: 4, status: 'pending' });
    expect(await holdingOf(product.id, sender.row.id)).toMatchObject({ balance: 10, pendingOut: 7 });
    // Counted here: the other transfer's 2, then this one's context and write, no second round.
    expect(statements).toHaveLength(4);
  });

  it('a disposal restriction or the pause that comes first is answered by the rule', async () => {
    const sender = await holder();
    const receiver = await holder();
    const { product } = await bondHeldBy(sender, 10);
    const restrict: CodeJudge = async () => {
      await db
        .update(registerHoldings)
        .set({ disposalRestriction: 'Pfändung' })
        .where(
          and(eq(registerHoldings.productId, product.id), eq(registerHoldings.customerId, sender.row.id)),
        );
      return { type: 'trusted' };
    };
    await expect(transferWith(sender, product.code, receiver, restrict)).rejects.toMatchObject({
      code: 'disposal_restricted',
    });
    await db
      .update(registerHoldings)
      .set({ disposalRestriction: null })
      .where(and(eq(registerHoldings.productId, product.id), eq(registerHoldings.customerId, sender.row.id)));
    const pause: CodeJudge = async () => {
      await db.update(registerHeads).set({ paused: true }).where(eq(registerHeads.productId, product.id));
      return { type: 'trusted' };
    };
    await expect(transferWith(sender, product.code, receiver, pause)).rejects.toMatchObject({
      code: 'bond_paused',
    });
    expect(await holdingOf(product.id, sender.row.id)).toMatchObject({ balance: 10, pendingOut: 0 });
    expect(await db.select().from(tokenTransfers).where(eq(tokenTransfers.senderId, sender.row.id))).toEqual(
      [],
    );
  });

  it('a code used meanwhile by another request is a wrong code: its failure is counted, nothing else', async () => {
    const sender = await holder();
    const receiver = await holder();
    const { product } = await bondHeldBy(sender, 10);
    const judge: CodeJudge = async (facts) => {
      const step = (facts.lastStep ?? 0) + 1;
      await db.update(customers).set({ twoFactorLastStep: step }).where(eq(customers.id, sender.row.id));
      return { type: 'totp', step };
    };
    await expect(transferWith(sender, product.code, receiver, judge)).rejects.toMatchObject({
      code: 'two_factor_invalid',
    });
    const [after] = await db
      .select({ failures: customers.twoFactorFailures })
      .from(customers)
      .where(eq(customers.id, sender.row.id));
    expect(after!.failures).toBe(1);
    expect(await holdingOf(product.id, sender.row.id)).toMatchObject({ balance: 10, pendingOut: 0 });
    expect(await db.select().from(tokenTransfers).where(eq(tokenTransfers.senderId, sender.row.id))).toEqual(
      [],
    );
  });
});
