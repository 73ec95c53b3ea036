import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceAuditLog, orders, registrarInstructions } from '../../db/schema/index.ts';
import { seedBond } from '../../db/seed/factories.ts';
import { shop } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { admin, operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { retryRefusedMint } from './minting.service.ts';
import { appendConfirmed, paidOrder } from './register.test-kit.ts';
import { applyRegistrarEvent } from './registrar-events.service.ts';

/*
 * A mint the registrar refused (issue 16, decision 016 "Refused mints"): the operator's minting batch
 * lists it with the registrar's reason, a batch run leaves it alone, and the operator retries it with
 * a new instruction for the tokens still not minted; two retries at once queue one. The order stays
 * `ready`/`partially_shipped` and the investor's depot shows the tokens as not yet minted meanwhile.
 */

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

const refusalReason = 'AddressNotAllowed';

/** A bond and a paid order of 300 tokens whose mint (of what is left after `mintedFirst`) the registrar refused. */
async function refusedOrder(opts: { mintedFirst?: number } = {}) {
  const { product, variant } = await seedBond(t.app.db);
  const { buyer, order } = await paidOrder(t, { variant, quantity: 300 });
  if (opts.mintedFirst) {
    await appendConfirmed(t.app.db, {
      productId: product.id,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: buyer.id,
      amount: opts.mintedFirst,
      cause: { type: 'order', orderId: String(order.id) },
    });
    await t.app.db.update(orders).set({ shippingState: 'partially_shipped' }).where(eq(orders.id, order.id));
  }
  const run = await admin(t.app, token).post(`/bonds/${product.code}/minting`, {});
  expect(run.body.queuedOrders).toBe(1);
  const [instruction] = await t.app.db
    .select()
    .from(registrarInstructions)
    .where(eq(registrarInstructions.productId, product.id));
  const outcome = await applyRegistrarEvent({
    db: t.app.db,
    event: {
      eventId: `evt_${instruction!.id}`,
      type: 'instruction.refused',
      key: instruction!.idempotencyKey,
      transactionHash: null,
      blockTime: null,
      fromAddress: null,
      toAddress: null,
      amount: instruction!.amount,
      reason: refusalReason,
    },
    now: new Date('2026-11-20T10:00:00.000Z'),
  });
  expect(outcome).toBe('refused');
  return { product, buyer, order, instruction: instruction! };
}

type OrderLine = {
  order: { id: number };
  status: string;
  remaining: number;
  inInstructions: number;
  refusals: {
    instruction: string;
    idempotencyKey: string;
    amount: number;
    reason: string;
    refusedAt: string;
  }[];
};

async function previewOf(code: string) {
  const res = await admin(t.app, token).get(`/bonds/${code}/minting`);
  expect(res.status).toBe(200);
  return res.body as unknown as { orders: OrderLine[]; totals: Record<string, number> };
}

const retry = (code: string, orderId: number, body: object = {}) =>
  admin(t.app, token).post(`/bonds/${code}/minting/orders/${orderId}/retry`, body);

describe('refused mints in the minting batch', () => {
  it('lists the refusal with the registrar’s reason; a batch run leaves the order alone; the depot shows it not yet minted', async () => {
    const { product, buyer, order, instruction } = await refusedOrder();
    const preview = await previewOf(product.code);
    expect(preview.orders[0]).toMatchObject({
      status: 'refused',
      remaining: 300,
      inInstructions: 0,
      refusals: [
        {
          instruction: instruction.uuid,
          idempotencyKey: `mint-order-${order.id}`,
          amount: 300,
          reason: refusalReason,
          refusedAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    });
    expect(preview.totals).toMatchObject({ refusedOrders: 1, refusedTokens: 300, mintableOrders: 0 });
    const run = await admin(t.app, token).post(`/bonds/${product.code}/minting`, {});
    expect(run.body).toMatchObject({ queuedOrders: 0 });

    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.shippingState).toBe('ready');
    const depot = await shop(t.app, await tokenFor(t.app, buyer)).get('/token-assets');
    expect(depot.status).toBe(200);
    expect(depot.body).toEqual([
      expect.objectContaining({
        product: expect.objectContaining({ code: product.code }),
        minted: 0,
        notMinted: 300,
      }),
    ]);
  });

  it('retries with a new key for the tokens still not minted, once; in the audit log', async () => {
    const { product, buyer, order, instruction } = await refusedOrder({ mintedFirst: 100 });
    const first = await retry(product.code, order.id, { reason: 'Wallet beim Registrar freigeschaltet' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      product: product.code,
      queued: { amount: 200, idempotencyKey: `mint-order-${order.id}-2`, order: { id: order.id } },
      order: { status: 'queued', inInstructions: 200, remaining: 0 },
    });
    const open = await t.app.db
      .select()
      .from(registrarInstructions)
      .where(
        and(eq(registrarInstructions.productId, product.id), eq(registrarInstructions.status, 'submitted')),
      );
    expect(open.map((i) => [i.idempotencyKey, i.amount, i.toCustomerId])).toEqual([
      [`mint-order-${order.id}-2`, 200, buyer.id],
    ]);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.shippingState).toBe('partially_shipped');
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        and(
          eq(complianceAuditLog.customerId, buyer.id),
          eq(complianceAuditLog.action, 'register_mint_queued'),
        ),
      );
    expect(audit.at(-1)).toMatchObject({
      actorId: operatorId,
      reason: 'Wallet beim Registrar freigeschaltet',
    });
    expect(audit.at(-1)!.details).toMatchObject({ amount: 200, retryOf: instruction.uuid });

    const again = await retry(product.code, order.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('minting_retry_not_allowed');
  });

  it('refuses a retry of an order not refused, and answers 404 for an unknown order or another bond’s', async () => {
    const { product, variant } = await seedBond(t.app.db);
    const { order } = await paidOrder(t, { variant, quantity: 50 });
    const notRefused = await retry(product.code, order.id);
    expect(notRefused.status).toBe(409);
    expect(notRefused.body.code).toBe('minting_retry_not_allowed');
    const other = await refusedOrder();
    expect((await retry(product.code, other.order.id)).status).toBe(404);
    expect((await retry(other.product.code, 2_000_000_000)).status).toBe(404);
    expect((await retry(other.product.code, other.order.id, { force: true })).status).toBeLessThan(500);
    expect((await retry(other.product.code, other.order.id, { reason: 'x'.repeat(1001) })).status).toBe(422);
    // Operators only.
    expect(
      (await admin(t.app).post(`/bonds/${other.product.code}/minting/orders/${other.order.id}/retry`)).status,
    ).toBe(401);
    const customer = await tokenFor(t.app, other.buyer);
    expect(
      (
        await admin(t.app, customer).post(
          `/bonds/${other.product.code}/minting/orders/${other.order.id}/retry`,
        )
      ).status,
    ).toBe(403);
    expect((await previewOf(other.product.code)).orders[0]!.status).toBe('refused');
  });

  it('queues one instruction when retries arrive at the same time', async () => {
    const { product, order } = await refusedOrder();
    // The service itself, five at once (the pool's size), on connections opened beforehand: over HTTP,
    // or on fresh connections, the requests hardly overlap and the test could not fail.
    await Promise.all(Array.from({ length: 5 }, () => t.app.db.execute(sql`select pg_sleep(0.05)`)));
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        retryRefusedMint({ db: t.app.db, code: product.code, orderId: order.id, operatorId }),
      ),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 'rejected') expect(a.reason).toMatchObject({ code: 'minting_retry_not_allowed' });
    }
    const open = await t.app.db
      .select()
      .from(registrarInstructions)
      .where(
        and(eq(registrarInstructions.productId, product.id), eq(registrarInstructions.status, 'submitted')),
      );
    expect(open.map((i) => i.amount)).toEqual([300]);
  });
});
