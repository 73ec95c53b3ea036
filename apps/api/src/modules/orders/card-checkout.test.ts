import { AppError } from '@token/domain/errors';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customers, orders, payments, sandboxCardSessions } from '../../db/schema/index.ts';
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

/*
 * The card checkout session (issue 15, decision 014): opened after the completion commits (a failing
 * partner does not fail it), reopened by the investor's POST, and only read by the spec's GET
 * configuration.
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
afterEach(() => {
  vi.restoreAllMocks();
});

/** A cart of the investor ready to complete, paid by `method`: its token and payment id. */
async function readyCart(api: ShopApi, method: 'card' | 'offline') {
  const { variant } = await testBond(t, {});
  const token = (await api.post('/orders', { locale: 'de' })).body.tokenValue as string;
  const item = await api.post(`/orders/${token}/items`, {
    productVariant: `/api/v2/shop/product-variants/${variant.code}`,
    quantity: 1000,
  });
  expect(item.status).toBe(201);
  expect((await api.patch(`/orders/${token}/legal-documents-confirm`)).status).toBe(200);
  const paymentId = (item.body.payments as { id: number }[])[0]!.id;
  const chosen = await api.patch(`/orders/${token}/payments/${paymentId}`, { paymentMethod: method });
  expect(chosen.status).toBe(200);
  return { token, paymentId };
}

const complete = (api: ShopApi, token: string) =>
  api.patch(`/orders/${token}/complete`, { statements: orderStatements, declarations: noDeclarations });

const sessionsOf = (token: string) =>
  t.app.db.select().from(sandboxCardSessions).where(eq(sandboxCardSessions.orderToken, token));

async function paymentOf(paymentId: number) {
  const [row] = await t.app.db.select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}

const configuration = (api: ShopApi, token: string, paymentId: number) =>
  api.get(`/orders/${token}/payments/${paymentId}/configuration`);
const openSession = (api: ShopApi, token: string, paymentId: number) =>
  api.post(`/orders/${token}/payments/${paymentId}/checkout-session`, {});

describe('the card checkout session', () => {
  it('completion opens one session; the GET configuration reads it, twice, and opens none', async () => {
    const a = await loggedInInvestor(t);
    const { token, paymentId } = await readyCart(a.api, 'card');
    expect((await complete(a.api, token)).status).toBe(200);
    const [session] = await sessionsOf(token);
    expect(await sessionsOf(token)).toHaveLength(1);
    expect((await paymentOf(paymentId)).partnerSessionId).toBe(session!.id);

    const create = vi.spyOn(t.partners.card, 'createCheckoutSession');
    const first = await configuration(a.api, token, paymentId);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ gateway: 'card', redirectUrl: expect.stringContaining(session!.id) });
    const again = await configuration(a.api, token, paymentId);
    expect(again.body.redirectUrl).toBe(first.body.redirectUrl);
    expect(create).not.toHaveBeenCalled();
    expect(await sessionsOf(token)).toHaveLength(1);

    // the POST reuses the open session
    const reused = await openSession(a.api, token, paymentId);
    expect(reused.status).toBe(200);
    expect(reused.body.redirectUrl).toBe(first.body.redirectUrl);
    expect(create).not.toHaveBeenCalled();
  });

  it('a failing partner at completion still places the order; the GET answers null, the POST opens the session', async () => {
    const a = await loggedInInvestor(t);
    const { token, paymentId } = await readyCart(a.api, 'card');
    vi.spyOn(t.partners.card, 'createCheckoutSession').mockRejectedValueOnce(
      new AppError('partner_unavailable'),
    );
    const done = await complete(a.api, token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ checkoutState: 'completed', paymentState: 'awaiting_payment' });
    expect(await sessionsOf(token)).toHaveLength(0);
    expect((await configuration(a.api, token, paymentId)).body).toMatchObject({
      gateway: 'card',
      redirectUrl: null,
    });

    // the partner still down: 503, nothing stored
    vi.spyOn(t.partners.card, 'createCheckoutSession').mockRejectedValueOnce(
      new AppError('partner_unavailable'),
    );
    const down = await openSession(a.api, token, paymentId);
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('partner_unavailable');
    expect((await paymentOf(paymentId)).partnerSessionId).toBeNull();

    const opened = await openSession(a.api, token, paymentId);
    expect(opened.status).toBe(200);
    const [session] = await sessionsOf(token);
    expect(opened.body).toMatchObject({ gateway: 'card', redirectUrl: expect.stringContaining(session!.id) });
    expect((await paymentOf(paymentId)).partnerSessionId).toBe(session!.id);
    expect((await configuration(a.api, token, paymentId)).body.redirectUrl).toBe(opened.body.redirectUrl);
  });

  it('an expired session reads as null and the POST opens a new one', async () => {
    const a = await loggedInInvestor(t);
    const { token, paymentId } = await readyCart(a.api, 'card');
    expect((await complete(a.api, token)).status).toBe(200);
    const [expired] = await sessionsOf(token);
    await t.app.db
      .update(sandboxCardSessions)
      .set({ status: 'expired' })
      .where(eq(sandboxCardSessions.id, expired!.id));
    expect((await configuration(a.api, token, paymentId)).body.redirectUrl).toBeNull();
    const opened = await openSession(a.api, token, paymentId);
    expect(opened.status).toBe(200);
    expect(opened.body.redirectUrl).not.toContain(expired!.id);
    expect(await sessionsOf(token)).toHaveLength(2);
    expect((await paymentOf(paymentId)).partnerSessionId).not.toBe(expired!.id);
    // a repeated POST reuses the new session
    expect((await openSession(a.api, token, paymentId)).body.redirectUrl).toBe(opened.body.redirectUrl);
    expect(await sessionsOf(token)).toHaveLength(2);
  });

  it("another customer's POST is 404 and opens nothing; the owner's refusals are declared codes", async () => {
    const a = await loggedInInvestor(t);
    const b = await loggedInInvestor(t);
    const card = await readyCart(a.api, 'card');
    // before completion: nothing to pay yet
    const early = await openSession(a.api, card.token, card.paymentId);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('order_not_payable');
    expect((await complete(a.api, card.token)).status).toBe(200);

    const create = vi.spyOn(t.partners.card, 'createCheckoutSession');
    const foreign = await openSession(b.api, card.token, card.paymentId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('order_not_found');
    expect((await openSession(a.api, card.token, 999_999)).body.code).toBe('payment_not_found');
    expect(create).not.toHaveBeenCalled();

    // a paid order has nothing to open
    await t.app.db.update(orders).set({ paymentState: 'paid' }).where(eq(orders.tokenValue, card.token));
    expect((await openSession(a.api, card.token, card.paymentId)).body.code).toBe('order_not_payable');
    expect((await configuration(a.api, card.token, card.paymentId)).body.redirectUrl).toBeNull();
  });

  it('a bank transfer: completion asks the card partner nothing, and the POST is refused', async () => {
    const a = await loggedInInvestor(t);
    const create = vi.spyOn(t.partners.card, 'createCheckoutSession');
    const retrieve = vi.spyOn(t.partners.card, 'retrieveSession');
    const { token, paymentId } = await readyCart(a.api, 'offline');
    expect((await complete(a.api, token)).status).toBe(200);
    expect(create).not.toHaveBeenCalled();
    expect(retrieve).not.toHaveBeenCalled();
    const refused = await openSession(a.api, token, paymentId);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('payment_method_unavailable');
  });
});

describe('checkout attempts and their idempotency keys (decision 028)', () => {
  it('a 500 the partner keeps under the key does not block the payment: the next call is a new attempt', async () => {
    const a = await loggedInInvestor(t);
    const { token, paymentId } = await readyCart(a.api, 'card');
    card.sandbox.simulateFailure({ endpoint: 'checkout.sessions.create', mode: 'error' });
    expect((await complete(a.api, token)).status).toBe(200);
    expect(await sessionsOf(token)).toHaveLength(0);
    const opened = await openSession(a.api, token, paymentId);
    expect(opened.status).toBe(200);
    const [session] = await sessionsOf(token);
    expect(opened.body.redirectUrl).toContain(session!.id);
    expect(await paymentOf(paymentId)).toMatchObject({
      partnerSessionId: session!.id,
      cardCheckoutAttempt: 2,
    });
  });

  it('an answer lost on the way is retried with the same key and finds its session', async () => {
    const a = await loggedInInvestor(t);
    const { token, paymentId } = await readyCart(a.api, 'card');
    card.sandbox.simulateFailure({ endpoint: 'checkout.sessions.create', mode: 'lost' });
    expect((await complete(a.api, token)).status).toBe(200);
    const [created] = await sessionsOf(token);
    expect((await paymentOf(paymentId)).partnerSessionId).toBeNull();
    const opened = await openSession(a.api, token, paymentId);
    expect(opened.status).toBe(200);
    expect(opened.body.redirectUrl).toContain(created!.id);
    expect(await sessionsOf(token)).toHaveLength(1);
  });

  it('a changed e-mail after a lost answer opens a session under a new key (no idempotency error)', async () => {
    const a = await loggedInInvestor(t);
    const { token, paymentId } = await readyCart(a.api, 'card');
    card.sandbox.simulateFailure({ endpoint: 'checkout.sessions.create', mode: 'lost' });
    expect((await complete(a.api, token)).status).toBe(200);
    await t.app.db
      .update(customers)
      .set({ email: `new-${a.row.email}` })
      .where(eq(customers.id, a.row.id));
    const opened = await openSession(a.api, token, paymentId);
    expect(opened.status).toBe(200);
    const sessions = await sessionsOf(token);
    expect(sessions).toHaveLength(2);
    const stored = await paymentOf(paymentId);
    expect(sessions.find((s) => s.id === stored.partnerSessionId)?.customerEmail).toBe(`new-${a.row.email}`);
  });

  it('changed parameters replace an open session, which is expired first so only one can be paid', async () => {
    const a = await loggedInInvestor(t);
    const { token, paymentId } = await readyCart(a.api, 'card');
    expect((await complete(a.api, token)).status).toBe(200);
    const [old] = await sessionsOf(token);
    await t.app.db
      .update(customers)
      .set({ email: `changed-${a.row.email}` })
      .where(eq(customers.id, a.row.id));
    const opened = await openSession(a.api, token, paymentId);
    expect(opened.status).toBe(200);
    expect(opened.body.redirectUrl).not.toContain(old!.id);
    const sessions = await sessionsOf(token);
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.id === old!.id)?.status).toBe('expired');
    expect((await card.retrieveSession({ db: t.app.db, sessionId: old!.id }))?.status).toBe('expired');
    // the same parameters again: the new session is reused
    expect((await openSession(a.api, token, paymentId)).body.redirectUrl).toBe(opened.body.redirectUrl);
    expect(await sessionsOf(token)).toHaveLength(2);
  });

  it('a session paid while it was being replaced is not replaced', async () => {
    const a = await loggedInInvestor(t);
    const { token, paymentId } = await readyCart(a.api, 'card');
    expect((await complete(a.api, token)).status).toBe(200);
    const [old] = await sessionsOf(token);
    await t.app.db
      .update(customers)
      .set({ email: `late-${a.row.email}` })
      .where(eq(customers.id, a.row.id));
    // the partner reports it open, but it is paid by the time it is to be expired
    vi.spyOn(t.partners.card, 'retrieveSession').mockResolvedValueOnce({
      sessionId: old!.id,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntentId: null,
      orderToken: token,
      amountCents: old!.amountCents,
      currency: 'EUR',
      redirectUrl: `http://localhost:3000/sandbox/card/${old!.id}`,
    });
    await t.app.db
      .update(sandboxCardSessions)
      .set({ status: 'complete', paymentStatus: 'paid' })
      .where(eq(sandboxCardSessions.id, old!.id));
    const refused = await openSession(a.api, token, paymentId);
    expect(refused.body.code).toBe('order_not_payable');
    expect(await sessionsOf(token)).toHaveLength(1);
  });
});
