import { operatorOrderFileSchema } from '@token/domain/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  complianceAuditLog,
  offerSubscriptions,
  orders,
  partnerEvents,
  payments,
  productVariants,
  sandboxCardSessions,
} from '../../db/schema/index.ts';
import type { SandboxCard } from '../../partners/card/sandbox/sandbox-card.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import {
  createShopTestApp,
  loggedInInvestor,
  noDeclarations,
  orderStatements,
  type ShopApi,
  sandboxCardOf,
  testBond,
} from '../../test/orders.ts';
import { admin, operatorWithToken } from '../admin/admin.test-kit.ts';

/*
 * Card refunds and payments an order did not need (issue 21, decision 028), end to end through the
 * sandbox card provider: its events reach the webhook, the job books them.
 */

let t: TestApp;
let card: SandboxCard;
beforeAll(async () => {
  t = await createShopTestApp();
  card = sandboxCardOf(t);
});
afterAll(async () => {
  await t?.close();
});

const deliverAll = async () => {
  await t.jobs.drain({ includeDelayed: true });
  await t.jobs.drain({ includeDelayed: true });
};

/** A placed card order of 1,000 tokens (1,000.00 EUR) with its checkout session open. */
async function placedCardOrder(api: ShopApi) {
  const { product, variant } = await testBond(t, {});
  const token = (await api.post('/orders', { locale: 'de' })).body.tokenValue as string;
  const item = await api.post(`/orders/${token}/items`, {
    productVariant: `/api/v2/shop/product-variants/${variant.code}`,
    quantity: 1000,
  });
  expect(item.status).toBe(201);
  expect((await api.patch(`/orders/${token}/legal-documents-confirm`)).status).toBe(200);
  const paymentId = (item.body.payments as { id: number }[])[0]!.id;
  expect((await api.patch(`/orders/${token}/payments/${paymentId}`, { paymentMethod: 'card' })).status).toBe(
    200,
  );
  const done = await api.patch(`/orders/${token}/complete`, {
    statements: orderStatements,
    declarations: noDeclarations,
  });
  expect(done.status).toBe(200);
  return { token, paymentId, product, variant };
}

/** The payer pays the session on the sandbox's page; its event is delivered and booked. */
async function pay(sessionId: string) {
  const session = await card.sandbox.findSession(t.app.db, sessionId);
  await card.sandbox.act({
    db: t.app.db,
    sessionId,
    token: card.sandbox.formToken(session!),
    action: 'pay',
  });
  await deliverAll();
}

async function rows(token: string) {
  const [order] = await t.app.db.select().from(orders).where(eq(orders.tokenValue, token));
  const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order!.id));
  const [session] = await t.app.db
    .select()
    .from(sandboxCardSessions)
    .where(eq(sandboxCardSessions.id, payment!.partnerSessionId!));
  return { order: order!, payment: payment!, session: session! };
}

async function holds(productId: number, variantId: number, customerId: number) {
  const [variant] = await t.app.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  const seats = await t.app.db
    .select()
    .from(offerSubscriptions)
    .where(and(eq(offerSubscriptions.productId, productId), eq(offerSubscriptions.customerId, customerId)));
  return { onHold: variant!.onHold, seats: seats.length };
}

async function auditOf(customerId: number) {
  return t.app.db
    .select({
      action: complianceAuditLog.action,
      actorId: complianceAuditLog.actorId,
      details: complianceAuditLog.details,
    })
    .from(complianceAuditLog)
    .where(eq(complianceAuditLog.customerId, customerId));
}

describe('partial card refunds', () => {
  it('books what was refunded; releases tokens and seat only when the refunds make the whole payment', async () => {
    const a = await loggedInInvestor(t);
    const { token, product, variant } = await placedCardOrder(a.api);
    const before = await rows(token);
    await pay(before.session.id);
    expect((await rows(token)).order.paymentState).toBe('paid');
    const held = await holds(product.id, variant.id, a.row.id);
    expect(held).toEqual({ onHold: 1000, seats: 1 });

    // A quarter back (charge.refunded with refunded: false): the order stays paid and holds its tokens.
    const pi = before.session.paymentIntentId;
    await card.refund({
      db: t.app.db,
      paymentIntentId: pi,
      amountCents: 25_000,
      idempotencyKey: 'partial-1',
    });
    await deliverAll();
    let now = await rows(token);
    expect(now.order.paymentState).toBe('paid');
    expect(now.payment).toMatchObject({ state: 'paid', refundedAmount: 25_000 });
    expect(await holds(product.id, variant.id, a.row.id)).toEqual(held);
    expect(await auditOf(a.row.id)).toEqual([
      {
        action: 'card_refund_received',
        actorId: null,
        details: expect.objectContaining({
          tokenValue: token,
          refundedCents: 25_000,
          totalRefundedCents: 25_000,
          full: false,
        }),
      },
    ]);

    // The same refund request again (a retry) refunds nothing more.
    await card.refund({
      db: t.app.db,
      paymentIntentId: pi,
      amountCents: 25_000,
      idempotencyKey: 'partial-1',
    });
    await deliverAll();
    expect((await rows(token)).session.refundedCents).toBe(25_000);

    // The rest: now the order is refunded, its tokens and the seat released.
    await card.refund({ db: t.app.db, paymentIntentId: pi, amountCents: 75_000, idempotencyKey: 'rest-1' });
    await deliverAll();
    now = await rows(token);
    expect(now.order.paymentState).toBe('refunded');
    expect(now.payment.refundedAmount).toBe(100_000);
    expect(await holds(product.id, variant.id, a.row.id)).toEqual({ onHold: 0, seats: 0 });
    const audit = await auditOf(a.row.id);
    expect(audit.map((r) => r.action)).toEqual(['card_refund_received', 'card_refund_received']);
    expect(audit[1]!.details).toMatchObject({
      refundedCents: 75_000,
      totalRefundedCents: 100_000,
      full: true,
    });
  });

  it('an operator refund after a partial one refunds the rest, once', async () => {
    const { token: operatorToken } = await operatorWithToken(t.app, t.config.appSecret);
    const ops = admin(t.app, operatorToken);
    const a = await loggedInInvestor(t);
    const { token } = await placedCardOrder(a.api);
    const { session } = await rows(token);
    await pay(session.id);
    await card.refund({ db: t.app.db, paymentIntentId: session.paymentIntentId, amountCents: 40_000 });
    await deliverAll();
    // the operator's order file shows what was refunded so far
    const file = await ops.get(`/orders/${token}`);
    expect(operatorOrderFileSchema.parse(file.body)).toMatchObject({
      paymentState: 'paid',
      payments: [{ state: 'paid', refundedAmount: 40_000, cardPaymentIntentId: session.paymentIntentId }],
      auditLog: [{ action: 'card_refund_received', operator: null }],
    });
    const refunded = await ops.post(`/orders/${token}/refund`, { reason: 'Anleger tritt zurueck' });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ paymentState: 'refunded' });
    await deliverAll();
    const now = await rows(token);
    expect(now.session).toMatchObject({ refundedCents: 100_000, paymentStatus: 'refunded' });
    expect(now.payment.refundedAmount).toBe(100_000);
  });
});

describe('a second payment of a paid order', () => {
  it('is refunded automatically and shown in the audit log; the order stays paid', async () => {
    const a = await loggedInInvestor(t);
    const { token, product, variant } = await placedCardOrder(a.api);
    const first = (await rows(token)).session;
    // A second session of the same order (as a key forgotten after 24 hours let one be opened).
    const second = await card.createCheckoutSession({
      db: t.app.db,
      orderToken: token,
      amountCents: 100_000,
      currency: 'EUR',
      description: first.description,
      customerEmail: first.customerEmail,
      locale: 'de',
      successUrl: first.successUrl,
      cancelUrl: first.cancelUrl,
      idempotencyKey: `another-key-${token}`,
    });
    await pay(first.id);
    await pay(second.sessionId);

    const now = await rows(token);
    expect(now.order.paymentState).toBe('paid');
    expect(now.payment.partnerPaymentId).toBe(first.paymentIntentId);
    const [secondRow] = await t.app.db
      .select()
      .from(sandboxCardSessions)
      .where(eq(sandboxCardSessions.id, second.sessionId));
    expect(secondRow).toMatchObject({ paymentStatus: 'refunded', refundedCents: 100_000 });
    // The refund of the second payment (its charge.refunded) leaves the order and its first payment alone.
    expect(now.payment.refundedAmount).toBe(0);
    expect(await holds(product.id, variant.id, a.row.id)).toEqual({ onHold: 1000, seats: 1 });
    expect(await auditOf(a.row.id)).toEqual([
      {
        action: 'card_payment_returned',
        actorId: null,
        details: expect.objectContaining({
          tokenValue: token,
          kind: 'duplicate',
          paymentIntentId: secondRow!.paymentIntentId,
          amountCents: 100_000,
        }),
      },
    ]);
  });

  it('is flagged for the operators when the refund fails', async () => {
    const a = await loggedInInvestor(t);
    const { token } = await placedCardOrder(a.api);
    const first = (await rows(token)).session;
    const second = await card.createCheckoutSession({
      db: t.app.db,
      orderToken: token,
      amountCents: 100_000,
      currency: 'EUR',
      description: first.description,
      customerEmail: null,
      locale: 'de',
      successUrl: first.successUrl,
      cancelUrl: first.cancelUrl,
      idempotencyKey: `flag-key-${token}`,
    });
    await pay(first.id);
    card.sandbox.simulateFailure({ endpoint: 'refunds.create', mode: 'error' });
    await pay(second.sessionId);
    expect((await rows(token)).order.paymentState).toBe('paid');
    const audit = await auditOf(a.row.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'card_payment_flagged',
        details: expect.objectContaining({ kind: 'duplicate' }),
      }),
    ]);
    const flagged = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.type, 'checkout.session.completed'));
    expect(flagged.some((e) => e.error?.startsWith('duplicate_payment_refund_failed'))).toBe(true);
  });
});
