import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceAuditLog, orders, registrarInstructions } from '../../db/schema/index.ts';
import { seedBond, seedInvestor, seedOrder } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { admin, operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { appendConfirmed, paidOrder, submitJobsOf } from './register.test-kit.ts';

let t: TestApp;
let token: string;
let operatorId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  const op = await operatorWithToken(t.app, t.config.appSecret);
  token = op.token;
  operatorId = op.operator.id;
});
afterAll(async () => {
  await t.close();
});

async function instructionsOf(productId: number) {
  return t.app.db
    .select()
    .from(registrarInstructions)
    .where(eq(registrarInstructions.productId, productId))
    .orderBy(registrarInstructions.id);
}

type Preview = {
  orders: {
    order: { id: number };
    quantity: number;
    minted: number;
    inInstructions: number;
    remaining: number;
    status: string;
    blockedReason: string | null;
    investor: { name: string; email: string; hasWallet: boolean };
  }[];
  totals: Record<string, number>;
};

describe('the minting batch (GET/POST /api/v2/admin/bonds/{code}/minting)', () => {
  it('answers only operators: anonymous 401, a customer 403', async () => {
    const { product } = await seedBond(t.app.db);
    const customer = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const customerToken = await tokenFor(t.app, customer);
    for (const call of [
      (tk?: string) => admin(t.app, tk).get(`/bonds/${product.code}/minting`),
      (tk?: string) => admin(t.app, tk).post(`/bonds/${product.code}/minting`, {}),
    ]) {
      expect((await call()).status).toBe(401);
      const forbidden = await call(customerToken);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.code).toBe('forbidden');
    }
    expect(await instructionsOf(product.id)).toEqual([]);
    expect((await admin(t.app, token).get('/bonds/NO_SUCH_BOND/minting')).status).toBe(404);
  });

  it('previews paid orders with minted, queued and remaining tokens; an investor without wallet is blocked', async () => {
    const { product, variant } = await seedBond(t.app.db, { variant: { totalSupply: 10_000 } });
    const anna = await paidOrder(t, { variant, quantity: 1_000 });
    const ben = await paidOrder(t, { variant, quantity: 500, wallet: false });
    const cleo = await paidOrder(t, { variant, quantity: 1_000 });
    // cleo's order: 400 tokens minted by a confirmed first instruction
    const [first] = await t.app.db
      .insert(registrarInstructions)
      .values({
        productId: product.id,
        kind: 'mint',
        toCustomerId: cleo.buyer.id,
        amount: 400,
        cause: { type: 'order', orderId: String(cleo.order.id) },
        idempotencyKey: `mint-order-${cleo.order.id}`,
        status: 'confirmed',
      })
      .returning();
    await appendConfirmed(t.app.db, {
      productId: product.id,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: cleo.buyer.id,
      amount: 400,
      cause: { type: 'order', orderId: String(cleo.order.id) },
      instructionId: first!.id,
    });
    await t.app.db
      .update(orders)
      .set({ shippingState: 'partially_shipped' })
      .where(eq(orders.id, cleo.order.id));
    // not in the batch: unpaid, shipped
    const unpaid = await seedInvestor(t.app.db, { appSecret: t.config.appSecret, wallet: true });
    await seedOrder(t.app.db, {
      customerId: unpaid.id,
      variant: variant!,
      quantity: 100,
      state: 'completed',
    });
    const shipped = await paidOrder(t, { variant, quantity: 200 });
    await t.app.db.update(orders).set({ shippingState: 'shipped' }).where(eq(orders.id, shipped.order.id));

    const res = await admin(t.app, token).get(`/bonds/${product.code}/minting`);
    expect(res.status).toBe(200);
    const preview = res.body as unknown as Preview;
    expect(preview.orders.map((o) => o.order.id)).toEqual([anna.order.id, ben.order.id, cleo.order.id]);
    expect(preview.orders[0]).toMatchObject({
      quantity: 1_000,
      minted: 0,
      inInstructions: 0,
      remaining: 1_000,
      status: 'mintable',
      blockedReason: null,
      investor: { name: 'Erika Mustermann', email: anna.buyer.email, hasWallet: true },
    });
    expect(preview.orders[1]).toMatchObject({
      remaining: 500,
      status: 'blocked',
      blockedReason: 'no_wallet',
      investor: { hasWallet: false },
    });
    expect(preview.orders[2]).toMatchObject({
      quantity: 1_000,
      minted: 400,
      remaining: 600,
      status: 'mintable',
    });
    expect(preview.totals).toEqual({
      orders: 3,
      quantity: 2_500,
      minted: 400,
      inInstructions: 0,
      remaining: 2_100,
      mintableOrders: 2,
      mintableTokens: 1_600,
      blockedOrders: 1,
      blockedTokens: 500,
      refusedOrders: 0,
      refusedTokens: 0,
    });

    // the run: one instruction per mintable order, the partly minted one under its second key
    const run = await admin(t.app, token).post(`/bonds/${product.code}/minting`, {
      reason: 'Monatlicher Mintlauf',
    });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ queuedOrders: 2, queuedTokens: 1_600 });
    const queued = await instructionsOf(product.id);
    expect(
      queued.filter((i) => i.status === 'submitted').map((i) => [i.idempotencyKey, i.amount, i.toCustomerId]),
    ).toEqual([
      [`mint-order-${anna.order.id}`, 1_000, anna.buyer.id],
      [`mint-order-${cleo.order.id}-2`, 600, cleo.buyer.id],
    ]);
    expect(queued.every((i) => i.kind === 'mint' && i.fromCustomerId === null)).toBe(true);
    expect(queued.find((i) => i.toCustomerId === anna.buyer.id)?.toAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const submittedIds = queued.filter((i) => i.status === 'submitted').map((i) => i.id);
    expect(await submitJobsOf(t.app.db, submittedIds)).toBe(2);
    // the shipping state waits for the registrar's confirmation
    const [annaOrder] = await t.app.db.select().from(orders).where(eq(orders.id, anna.order.id));
    expect(annaOrder!.shippingState).toBe('ready');
    // the audit log names the operator and the reason, per investor
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        and(
          eq(complianceAuditLog.customerId, anna.buyer.id),
          eq(complianceAuditLog.action, 'register_mint_queued'),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: operatorId, reason: 'Monatlicher Mintlauf' });
    expect(audit[0]!.details).toMatchObject({ amount: 1_000, idempotencyKey: `mint-order-${anna.order.id}` });

    const after = run.body.preview as unknown as Preview;
    expect(after.orders.map((o) => o.status)).toEqual(['queued', 'blocked', 'queued']);
    expect(after.totals).toMatchObject({ inInstructions: 1_600, remaining: 500, mintableOrders: 0 });

    // idempotent: a second run queues nothing
    const again = await admin(t.app, token).post(`/bonds/${product.code}/minting`, {});
    expect(again.body).toMatchObject({ queued: [], queuedOrders: 0, queuedTokens: 0 });
    expect(await instructionsOf(product.id)).toHaveLength(3);
    expect(await submitJobsOf(t.app.db, submittedIds)).toBe(2);
  });

  it('queues each order once when two runs start at the same time', async () => {
    const { product, variant } = await seedBond(t.app.db, { variant: { totalSupply: 10_000 } });
    const paid = [];
    for (let i = 0; i < 6; i++) paid.push(await paidOrder(t, { variant, quantity: 100 + i }));
    const runs = await Promise.all([
      admin(t.app, token).post(`/bonds/${product.code}/minting`, {}),
      admin(t.app, token).post(`/bonds/${product.code}/minting`, {}),
    ]);
    expect(runs.map((r) => r.status)).toEqual([200, 200]);
    expect(runs.map((r) => r.body.queuedOrders as number).sort()).toEqual([0, 6]);
    const queued = await instructionsOf(product.id);
    expect(queued.map((i) => i.idempotencyKey).sort()).toEqual(
      paid.map((p) => `mint-order-${p.order.id}`).sort(),
    );
    expect(
      await submitJobsOf(
        t.app.db,
        queued.map((i) => i.id),
      ),
    ).toBe(6);
  });

  it('leaves an order refused by the registrar to the operator’s retry, which mints it under a new key', async () => {
    const { product, variant } = await seedBond(t.app.db);
    const { order } = await paidOrder(t, { variant, quantity: 300 });
    await admin(t.app, token).post(`/bonds/${product.code}/minting`, {});
    await t.app.db
      .update(registrarInstructions)
      .set({ status: 'refused', refusalReason: 'test' })
      .where(eq(registrarInstructions.productId, product.id));
    const preview = await admin(t.app, token).get(`/bonds/${product.code}/minting`);
    expect((preview.body as unknown as Preview).orders[0]).toMatchObject({
      remaining: 300,
      status: 'refused',
    });
    const run = await admin(t.app, token).post(`/bonds/${product.code}/minting`, {});
    expect(run.body).toMatchObject({ queuedOrders: 0 });
    const retry = await admin(t.app, token).post(
      `/bonds/${product.code}/minting/orders/${order.id}/retry`,
      {},
    );
    expect(retry.status).toBe(200);
    const keys = (await instructionsOf(product.id)).map((i) => i.idempotencyKey);
    expect(keys).toEqual([`mint-order-${order.id}`, `mint-order-${order.id}-2`]);
    const { rows } = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from registrar_instructions where product_id = ${product.id} and status = 'submitted'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses a reason that is too long and unknown fields', async () => {
    const { product } = await seedBond(t.app.db);
    const res = await admin(t.app, token).post(`/bonds/${product.code}/minting`, {
      reason: 'x'.repeat(1001),
    });
    expect(res.status).toBe(422);
    const unknown = await admin(t.app, token).post(`/bonds/${product.code}/minting`, { force: true });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
  });
});
