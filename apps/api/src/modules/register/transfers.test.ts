import { AppError } from '@token/domain/errors';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  bondWhitelist,
  customers,
  registerHeads,
  registerHoldings,
  registrarInstructions,
  tokenTransfers,
  wallets,
} from '../../db/schema/index.ts';
import { seedBuyer, seedInvestor } from '../../db/seed/factories.ts';
import { bossSchema } from '../../jobs/pg-boss-db.ts';
import { shop } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { appendRegisterEntry } from './journal.service.ts';
import {
  anyCode,
  bondHeldBy as heldBy,
  type RegisterInvestor,
  type registerBond,
  registerInvestor,
} from './register.test-kit.ts';
import { placeTransfer } from './transfers.service.ts';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  db = t.app.db;
});
afterAll(() => t.close());

const isPostgres = process.env.TEST_DB === 'postgres';

const investor = (opts: Parameters<typeof registerInvestor>[1] = {}) => registerInvestor(t, opts);
type Investor = RegisterInvestor;

/** A bond with `minted` tokens of the sender in the register (a confirmed mint). */
const bondHeldBy = (sender: Investor, minted: number, opts: Parameters<typeof registerBond>[1] = {}) =>
  heldBy(t, sender.row, minted, opts);

async function holding(productId: number, customerId: number) {
  const [row] = await db
    .select()
    .from(registerHoldings)
    .where(and(eq(registerHoldings.productId, productId), eq(registerHoldings.customerId, customerId)));
  return row;
}

const body = (sender: Investor, code: string, amount: number, beneficiary: string, extra = {}) => ({
  fromWalletId: sender.walletId,
  product: code,
  amount,
  beneficiary,
  ...extra,
});

describe('POST token/transfer: refusals, each a 4xx from the catalogue', () => {
  it('refuses a sender without two-factor (403), a missing code (401) and a wrong code (422)', async () => {
    const noTwoFactor = await investor({ twoFactor: false });
    const receiver = await investor();
    const bond = await bondHeldBy(noTwoFactor, 10);
    const off = await noTwoFactor.api.post(
      '/token/transfer',
      body(noTwoFactor, bond.code, 1, receiver.row.email, { code: '123456' }),
    );
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('transfer_two_factor_not_enabled');

    const sender = await investor();
    const own = await bondHeldBy(sender, 10);
    const missing = await sender.api.post('/token/transfer', body(sender, own.code, 1, receiver.row.email));
    expect(missing.body.code).toBe('two_factor_required');
    expect(missing.status).toBe(401);
    const wrong = await sender.api.post(
      '/token/transfer',
      body(sender, own.code, 1, receiver.row.email, { code: '000000' }),
    );
    expect(wrong.body.code).toBe('two_factor_invalid');
    expect(wrong.status).toBe(401);
    // The failure is counted although the transfer's transaction refused (the lock-out must hold).
    const [after] = await db
      .select({ failures: customers.twoFactorFailures })
      .from(customers)
      .where(eq(customers.id, sender.row.id));
    expect(after!.failures).toBe(1);
    expect(await holding(own.productId, sender.row.id)).toMatchObject({ balance: 10, pendingOut: 0 });
  });

  it('refuses more than the minted tokens less those pending, and not-minted tokens', async () => {
    const sender = await investor();
    const receiver = await investor();
    const bond = await bondHeldBy(sender, 5);
    const res = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 6, receiver.row.email, { code: await sender.code() }),
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('insufficient_minted_tokens');
    const none = await bondHeldBy(sender, 0);
    const noHolding = await sender.api.post(
      '/token/transfer',
      body(sender, none.code, 1, receiver.row.email, { code: await sender.code() }),
    );
    expect(noHolding.body.code).toBe('insufficient_minted_tokens');
    // No holding row is created by a refused transfer.
    expect(await holding(none.productId, sender.row.id)).toBeUndefined();
  });

  it('refuses a transfer to oneself, a restricted holding and a whole-number violation', async () => {
    const sender = await investor();
    const bond = await bondHeldBy(sender, 5);
    const self = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 1, sender.address, { code: '123456' }),
    );
    expect(self.body.code).toBe('transfer_to_self');
    expect(self.status).toBe(422);

    const receiver = await investor();
    await db
      .update(registerHoldings)
      .set({ disposalRestriction: 'Pfändung (Amtsgericht Köln 12 M 345/26)' })
      .where(
        and(eq(registerHoldings.productId, bond.productId), eq(registerHoldings.customerId, sender.row.id)),
      );
    const restricted = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 1, receiver.row.email, { code: '123456' }),
    );
    expect(restricted.body.code).toBe('disposal_restricted');
    expect(restricted.status).toBe(422);

    const fraction = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 1.5, receiver.row.email, { code: '123456' }),
    );
    expect(fraction.status).toBe(422);
  });

  it('answers beneficiary_not_whitelisted alike for an unknown e-mail, an unknown address and an unapproved investor', async () => {
    const sender = await investor();
    const bond = await bondHeldBy(sender, 5);
    const unapproved = await seedInvestor(db, { appSecret: t.config.appSecret, wallet: true });
    const noWallet = await seedBuyer(db, { appSecret: t.config.appSecret });
    await db.delete(wallets).where(eq(wallets.customerId, noWallet.id));
    const answers = [];
    for (const beneficiary of [
      'niemand@example.com',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      unapproved.email,
      noWallet.email,
    ]) {
      const res = await sender.api.post(
        '/token/transfer',
        body(sender, bond.code, 1, beneficiary, { code: '123456' }),
      );
      answers.push([res.status, res.body.code, res.body.detail]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![1]).toBe('beneficiary_not_whitelisted');
  });

  it('on a bond with whitelisting, only investors on its whitelist receive', async () => {
    const sender = await investor();
    const receiver = await investor();
    const bond = await bondHeldBy(sender, 5, { whitelisting: true });
    const refused = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 1, receiver.row.email, { code: '123456' }),
    );
    expect(refused.body.code).toBe('beneficiary_not_whitelisted');
    await db.insert(bondWhitelist).values({
      productId: bond.productId,
      customerId: receiver.row.id,
      source: 'operator',
    });
    const accepted = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 1, receiver.row.email, { code: await sender.code() }),
    );
    expect(accepted.status).toBe(202);
  });

  it('refuses every transfer of a bond whose token the operator paused, before any code is asked', async () => {
    const sender = await investor();
    const receiver = await investor();
    const bond = await bondHeldBy(sender, 5);
    await db.update(registerHeads).set({ paused: true }).where(eq(registerHeads.productId, bond.productId));
    const res = await sender.api.post('/token/transfer', body(sender, bond.code, 1, receiver.row.email));
    expect(res.body.code).toBe('bond_paused');
    expect(res.status).toBe(409);
    expect((await holding(bond.productId, sender.row.id))?.pendingOut).toBe(0);
    await db.update(registerHeads).set({ paused: false }).where(eq(registerHeads.productId, bond.productId));
    const again = await sender.api.post('/token/transfer', body(sender, bond.code, 1, receiver.row.email));
    expect(again.body.code).toBe('two_factor_required');
  });

  it('refuses a non-professional receiver of a professional-only bond', async () => {
    const sender = await investor({ roles: ['professional_investor'] });
    const receiver = await investor();
    const bond = await bondHeldBy(sender, 5, { professionalOnly: true });
    const res = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 1, receiver.row.email, { code: '123456' }),
    );
    expect(res.body.code).toBe('professional_only_bond');
    expect(res.status).toBe(422);
  });

  it('refuses a new holder past the investor limit, counting pending receivers; a holder receiving more takes no seat', async () => {
    const sender = await investor();
    const first = await investor();
    const second = await investor();
    // Limit 2: the sender holds, `first` takes the second seat by a pending transfer.
    const bond = await bondHeldBy(sender, 10, { investorLimit: 2 });
    const toFirst = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 3, first.row.email, { code: await sender.code(-1) }),
    );
    expect(toFirst.status).toBe(202);
    const toSecond = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 3, second.row.email, { code: '123456' }),
    );
    expect(toSecond.status).toBe(422);
    expect(toSecond.body.code).toBe('transfer_investor_limit_reached');
    // The holder receiving more takes no new seat.
    const more = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 1, first.row.email, { code: await sender.code(0) }),
    );
    expect(more.status).toBe(202);
  });

  it('answers 404 for another investor’s wallet and an unknown bond', async () => {
    const sender = await investor();
    const other = await investor();
    const bond = await bondHeldBy(sender, 5);
    const foreign = await sender.api.post('/token/transfer', {
      ...body(sender, bond.code, 1, other.row.email, { code: '123456' }),
      fromWalletId: other.walletId,
    });
    expect(foreign.status).toBe(404);
    const unknown = await sender.api.post(
      '/token/transfer',
      body(sender, 'NO_SUCH_BOND', 1, other.row.email, { code: '123456' }),
    );
    expect(unknown.status).toBe(404);
    const anonymous = await shop(t.app).post('/token/transfer', body(sender, bond.code, 1, other.row.email));
    expect(anonymous.status).toBe(401);
  });
});

describe('POST token/transfer: accepted', () => {
  it('answers 202 pending, holds the tokens, queues the instruction; the registrar’s confirmation settles it', async () => {
    const sender = await investor();
    const receiver = await investor();
    const bond = await bondHeldBy(sender, 10);
    const res = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 4, receiver.address.toLowerCase(), { code: await sender.code() }),
    );
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      id: expect.any(Number),
      product: bond.code,
      productVariant: bond.code,
      amount: 4,
      direction: 'out',
      beneficiary: receiver.address.toLowerCase(),
      status: 'pending',
      transactionHash: null,
      createdAt: expect.any(String),
      decidedAt: null,
    });
    const id = res.body.id as number;
    expect(await holding(bond.productId, sender.row.id)).toMatchObject({ balance: 10, pendingOut: 4 });
    const [instruction] = await db
      .select()
      .from(registrarInstructions)
      .where(eq(registrarInstructions.idempotencyKey, `transfer-${id}`));
    expect(instruction).toMatchObject({
      kind: 'transfer',
      fromCustomerId: sender.row.id,
      toCustomerId: receiver.row.id,
      amount: 4,
      status: 'submitted',
      cause: { type: 'transfer_request', transferId: String(id) },
      fromAddress: sender.address,
      toAddress: receiver.address,
    });
    const [transfer] = await db.select().from(tokenTransfers).where(eq(tokenTransfers.id, id));
    expect(transfer).toMatchObject({ status: 'pending', instructionId: instruction!.id });
    const { rows } = (await db.execute(
      sql`select data from ${sql.identifier(bossSchema)}.job where name = 'registrar.submit'`,
    )) as unknown as { rows: { data: { instructionId: number } }[] };
    expect(rows.map((r) => r.data.instructionId)).toContain(instruction!.id);

    // Both see it, each in their direction; the receiver sees the sender's shortened address.
    const sent = await sender.api.get('/token-transfers');
    expect(sent.body).toEqual([expect.objectContaining({ id, direction: 'out', status: 'pending' })]);
    const received = await receiver.api.get('/token-transfers');
    expect(received.body).toEqual([
      expect.objectContaining({
        id,
        direction: 'in',
        beneficiary: `${sender.address.slice(0, 5)}…${sender.address.slice(-4)}`,
      }),
    ]);
    const stranger = await investor();
    expect((await stranger.api.get('/token-transfers')).body).toEqual([]);

    // The registrar confirms (its handler is another module's; simulated as it will book it).
    await db.transaction(async (tx) => {
      await appendRegisterEntry(tx, {
        productId: bond.productId,
        kind: 'transfer',
        fromCustomerId: sender.row.id,
        toCustomerId: receiver.row.id,
        amount: 4,
        cause: { type: 'transfer_request', transferId: String(id) },
        settlesPending: 4,
        instructionId: instruction!.id,
        transactionHash: `0x${'ab'.repeat(32)}`,
        fromAddress: sender.address,
        toAddress: receiver.address,
      });
      await tx
        .update(tokenTransfers)
        .set({ status: 'confirmed', decidedAt: new Date() })
        .where(eq(tokenTransfers.id, id));
    });
    expect(await holding(bond.productId, sender.row.id)).toMatchObject({ balance: 6, pendingOut: 0 });
    expect(await holding(bond.productId, receiver.row.id)).toMatchObject({ balance: 4, pendingOut: 0 });
    const listed = await receiver.api.get('/token-transfers');
    expect(listed.body).toEqual([expect.objectContaining({ id, status: 'confirmed' })]);
  });

  it('accepts the same code once: a second transfer with it is two_factor_invalid', async () => {
    const sender = await investor();
    const receiver = await investor();
    const bond = await bondHeldBy(sender, 10);
    const code = await sender.code();
    const first = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 1, receiver.row.email, { code }),
    );
    expect(first.status).toBe(202);
    const second = await sender.api.post(
      '/token/transfer',
      body(sender, bond.code, 1, receiver.row.email, { code }),
    );
    expect(second.body.code).toBe('two_factor_invalid');
    expect(await holding(bond.productId, sender.row.id)).toMatchObject({ balance: 10, pendingOut: 1 });
  });

  it.runIf(isPostgres)('of two concurrent requests with one code exactly one is accepted', async () => {
    const sender = await investor();
    const receiver = await investor();
    // Two bonds, so the requests do not queue on one holding lock: the code's atomic step decides.
    const a = await bondHeldBy(sender, 10);
    const b = await bondHeldBy(sender, 10);
    const code = await sender.code();
    const answers = await Promise.all(
      [a, b].map((bond) =>
        sender.api.post('/token/transfer', body(sender, bond.code, 1, receiver.row.email, { code })),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([202, 401]);
    expect(answers.find((r) => r.status === 401)!.body.code).toBe('two_factor_invalid');
  });

  it.runIf(isPostgres)('50 concurrent transfers of one holder’s last tokens never overdraw', async () => {
    const sender = await investor();
    const receivers = await Promise.all(Array.from({ length: 5 }, () => investor()));
    const bond = await bondHeldBy(sender, 30);
    // 50 distinct valid TOTP codes of one moment do not exist: the race is run on the service with
    // the code check injected (the HTTP tests above prove the code's single use).
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        placeTransfer({
          db,
          customerId: sender.row.id,
          input: {
            fromWalletId: sender.walletId,
            product: bond.code,
            amount: 1 + (i % 3),
            beneficiary: receivers[i % 5]!.row.email,
            code: 'injected',
          },
          judgeCode: anyCode,
        }),
      ),
    );
    const accepted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.amount] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).code).toBe('insufficient_minted_tokens');
    }
    const sum = accepted.reduce((a, b) => a + b, 0);
    expect(sum).toBeLessThanOrEqual(30);
    expect(sum).toBeGreaterThanOrEqual(28);
    const held = await holding(bond.productId, sender.row.id);
    expect(held).toMatchObject({ balance: 30, pendingOut: sum });
  });
});
