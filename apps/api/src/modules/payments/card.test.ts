import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPayments, partnerEvents, sandboxCardSessions } from '../../db/schema/index.ts';
import { isSandboxCard } from '../../partners/card/create-card.ts';
import { CardPartnerRefusal } from '../../partners/card/port.ts';
import { createSandboxCard, type SandboxCard } from '../../partners/card/sandbox/sandbox-card.ts';
import { hmacSha256Hex, sandboxSignatureHeader, signWebhook } from '../../partners/webhook-signatures.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
let card: SandboxCard;
const webhookPath = '/api/v2/shop/payments/card/webhook/sandbox';

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  if (!isSandboxCard(t.partners.card)) throw new Error('expected the sandbox card provider');
  card = t.partners.card;
});
afterAll(async () => {
  await t.close();
});

const secret = () => hmacSha256Hex(t.config.appSecret, 'card-sandbox:webhook');
let n = 0;

const sessionInput = (orderToken: string, amountCents = 250_000, locale: 'de' | 'en' = 'de') => ({
  db: t.app.db,
  orderToken,
  amountCents,
  currency: 'EUR' as const,
  description: 'Solarpark Brandenburg 5,5 % 2026/2031 – 2.500 Stück',
  customerEmail: 'erika@example.com',
  locale,
  successUrl: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/payment/cancel',
});

async function openSession(amountCents = 250_000, locale: 'de' | 'en' = 'de') {
  n++;
  const orderToken = `order-token-${n}`;
  const session = await card.createCheckoutSession({
    ...sessionInput(orderToken, amountCents, locale),
    idempotencyKey: `key-${n}`,
  });
  return { ...session, orderToken };
}

async function page(sessionId: string, lang = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/card/${sessionId}?locale=${lang}` });
  const token = /name="token" value="([0-9a-f]{40})"/.exec(res.body)?.[1] ?? '';
  return { res, token };
}

async function act(sessionId: string, action: string, extra: Record<string, string> = {}) {
  const { token } = await page(sessionId);
  return t.app.inject({
    method: 'POST',
    url: `/sandbox/card/${sessionId}/actions?locale=en`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, action, ...extra }).toString(),
  });
}

/** An action with the session's current form token, as a page that still showed the form would send it. */
async function actDirect(sessionId: string, action: string) {
  const row = await card.sandbox.findSession(t.app.db, sessionId);
  return t.app.inject({
    method: 'POST',
    url: `/sandbox/card/${sessionId}/actions?locale=en`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: card.sandbox.formToken(row!), action }).toString(),
  });
}

async function payment(sessionId: string) {
  const [row] = await t.app.db.select().from(cardPayments).where(eq(cardPayments.sessionId, sessionId));
  return row;
}

const deliverAll = async () => {
  await t.jobs.drain({ includeDelayed: true });
  await t.jobs.drain({ includeDelayed: true });
};

describe('the sandbox card provider', () => {
  it('opens a session once per idempotency key, with a hosted page in both languages', async () => {
    const s = await openSession();
    expect(s.redirectUrl).toBe(`http://localhost:3000/sandbox/card/${s.sessionId}`);
    const again = await card.createCheckoutSession({
      ...sessionInput(s.orderToken),
      idempotencyKey: `key-${n}`,
    });
    expect(again.sessionId).toBe(s.sessionId);
    // Like Stripe: the same key with other parameters is refused (400 idempotency_error).
    const other = card.createCheckoutSession({
      ...sessionInput(s.orderToken),
      customerEmail: 'other@example.com',
      idempotencyKey: `key-${n}`,
    });
    await expect(other).rejects.toBeInstanceOf(CardPartnerRefusal);
    await expect(other).rejects.toMatchObject({
      code: 'partner_unavailable',
      partnerStatus: 400,
      partnerCode: 'idempotency_error',
    });
    const de = await page(s.sessionId, 'de');
    expect(de.res.statusCode).toBe(200);
    expect(de.res.body).toContain('Bezahlen mit 3-D Secure');
    expect(de.res.body.replaceAll('\u00a0', ' ')).toContain('2.500,00 €');
    const en = await page(s.sessionId, 'en');
    expect(en.res.body).toContain('Pay with 3-D Secure');
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/card/cs_test_unknown' })).statusCode).toBe(
      404,
    );
  });

  it('pay: back to the success URL, then a signed checkout.session.completed records the payment as paid', async () => {
    const s = await openSession(123_456);
    const res = await act(s.sessionId, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/payment/success?session_id=${s.sessionId}`);
    await deliverAll();
    expect(await payment(s.sessionId)).toMatchObject({
      provider: 'sandbox',
      status: 'paid',
      orderToken: s.orderToken,
      amountCents: 123_456,
      lastEventType: 'checkout.session.completed',
    });
    const retrieved = await card.retrieveSession({ db: t.app.db, sessionId: s.sessionId });
    expect(retrieved).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    // Paid is final: the page offers no form, and a posted action is refused.
    expect((await page(s.sessionId)).res.body).toContain('The payment succeeded.');
    expect((await actDirect(s.sessionId, 'pay')).statusCode).toBe(409);
  });

  it('3-D Secure: a wrong code fails (payment_intent.payment_failed), the right one pays', async () => {
    const s = await openSession();
    expect((await act(s.sessionId, 'pay_3ds')).statusCode).toBe(303);
    let shown = await page(s.sessionId);
    const code = /data-testid="challenge-code">(\d{6})</.exec(shown.res.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const failed = await act(s.sessionId, 'confirm_3ds', { code: wrong });
    expect(failed.headers.location).toContain(`/sandbox/card/${s.sessionId}`);
    await deliverAll();
    expect((await payment(s.sessionId))?.status).toBe('failed');
    shown = await page(s.sessionId);
    expect(shown.res.body).toContain('3-D Secure authentication failed');

    await act(s.sessionId, 'pay_3ds');
    const fresh = /data-testid="challenge-code">(\d{6})</.exec((await page(s.sessionId)).res.body)?.[1] ?? '';
    const ok = await act(s.sessionId, 'confirm_3ds', { code: fresh });
    expect(ok.headers.location).toContain('/payment/success');
    await deliverAll();
    expect((await payment(s.sessionId))?.status).toBe('paid');
  });

  it('decline keeps the session open; cancel goes back; expire reports checkout.session.expired', async () => {
    const s = await openSession();
    const declined = await act(s.sessionId, 'decline');
    expect(declined.headers.location).toContain(`/sandbox/card/${s.sessionId}`);
    const cancelled = await act(s.sessionId, 'cancel');
    expect(cancelled.headers.location).toBe('http://localhost:3000/payment/cancel');
    await act(s.sessionId, 'expire');
    await deliverAll();
    expect(await payment(s.sessionId)).toMatchObject({
      status: 'expired',
      lastEventType: 'checkout.session.expired',
    });
    expect((await page(s.sessionId)).res.body).toContain('This payment session has expired.');
    expect((await actDirect(s.sessionId, 'pay')).statusCode).toBe(409);
  });

  it('refunds part and then the rest (charge.refunded); never more than was paid', async () => {
    const s = await openSession(10_000);
    await act(s.sessionId, 'pay');
    await deliverAll();
    const [session] = await t.app.db
      .select()
      .from(sandboxCardSessions)
      .where(eq(sandboxCardSessions.id, s.sessionId));
    const pi = session!.paymentIntentId;
    await expect(
      card.refund({ db: t.app.db, paymentIntentId: pi, amountCents: 10_001 }),
    ).rejects.toMatchObject({
      code: 'payment_amount_invalid',
    });
    expect(await card.refund({ db: t.app.db, paymentIntentId: pi, amountCents: 2_500 })).toMatchObject({
      status: 'succeeded',
      amountCents: 2_500,
    });
    await deliverAll();
    expect(await payment(s.sessionId)).toMatchObject({ status: 'partially_refunded', refundedCents: 2_500 });
    await card.refund({ db: t.app.db, paymentIntentId: pi, amountCents: 7_500 });
    await deliverAll();
    expect(await payment(s.sessionId)).toMatchObject({ status: 'refunded', refundedCents: 10_000 });
    await expect(card.refund({ db: t.app.db, paymentIntentId: pi, amountCents: 1 })).rejects.toMatchObject({
      code: 'payment_amount_invalid',
    });
  });

  it('keeps a failure under its key and answers it again; another key is a new request', async () => {
    n++;
    card.sandbox.simulateFailure({ endpoint: 'checkout.sessions.create', mode: 'error' });
    const input = sessionInput(`order-token-${n}`);
    await expect(card.createCheckoutSession({ ...input, idempotencyKey: `fail-${n}` })).rejects.toMatchObject(
      {
        partnerStatus: 500,
      },
    );
    // The failure was used up; the key still answers 500, as Stripe replays a kept 500.
    await expect(card.createCheckoutSession({ ...input, idempotencyKey: `fail-${n}` })).rejects.toMatchObject(
      {
        partnerStatus: 500,
      },
    );
    const fresh = await card.createCheckoutSession({ ...input, idempotencyKey: `fail-${n}-2` });
    expect(fresh.sessionId).toMatch(/^cs_test_/);
  });

  it('forgets a key after 24 hours by its clock: the same key then opens a new session', async () => {
    let clock = new Date('2026-03-02T10:00:00Z');
    const timed = createSandboxCard({
      publicUrl: 'http://localhost:3000',
      webhookUrl: 'http://localhost:3000/hook',
      webhookSecret: 'x'.repeat(32),
      formSecret: 'y'.repeat(32),
      delaySeconds: 0,
      now: () => clock,
    });
    n++;
    const input = { ...sessionInput(`order-token-${n}`), idempotencyKey: `day-${n}` };
    const first = await timed.createCheckoutSession(input);
    clock = new Date(clock.getTime() + 23 * 60 * 60 * 1000);
    expect((await timed.createCheckoutSession(input)).sessionId).toBe(first.sessionId);
    // 24 hours on, the first session has expired too.
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    expect((await timed.retrieveSession({ db: t.app.db, sessionId: first.sessionId }))?.status).toBe(
      'expired',
    );
    const second = await timed.createCheckoutSession(input);
    expect(second.sessionId).not.toBe(first.sessionId);
  });

  it('expires an open session (checkout.session.expired); a paid one stays complete', async () => {
    const s = await openSession(5_000);
    const expired = await card.expireSession({ db: t.app.db, sessionId: s.sessionId });
    expect(expired).toMatchObject({ status: 'expired', redirectUrl: null });
    await deliverAll();
    expect(await payment(s.sessionId)).toMatchObject({
      status: 'expired',
      lastEventType: 'checkout.session.expired',
    });
    expect((await actDirect(s.sessionId, 'pay')).statusCode).toBe(409);

    const paid = await openSession(5_000);
    await act(paid.sessionId, 'pay');
    expect(await card.expireSession({ db: t.app.db, sessionId: paid.sessionId })).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
    expect(await card.expireSession({ db: t.app.db, sessionId: 'cs_test_unknown' })).toBeNull();
  });

  it('a refund under one key is made once; charge.refunded carries the charge and the amount refunded so far', async () => {
    const s = await openSession(10_000);
    await act(s.sessionId, 'pay');
    await deliverAll();
    const [session] = await t.app.db
      .select()
      .from(sandboxCardSessions)
      .where(eq(sandboxCardSessions.id, s.sessionId));
    const pi = session!.paymentIntentId;
    const once = await card.refund({
      db: t.app.db,
      paymentIntentId: pi,
      amountCents: 3_000,
      idempotencyKey: `r-${n}`,
    });
    const twice = await card.refund({
      db: t.app.db,
      paymentIntentId: pi,
      amountCents: 3_000,
      idempotencyKey: `r-${n}`,
    });
    expect(twice).toEqual(once);
    await expect(
      card.refund({ db: t.app.db, paymentIntentId: pi, amountCents: 4_000, idempotencyKey: `r-${n}` }),
    ).rejects.toMatchObject({ partnerCode: 'idempotency_error' });
    const bodies: string[] = [];
    const recording = createSandboxCard({
      publicUrl: 'http://localhost:3000',
      webhookUrl: 'http://localhost:3000/hook',
      webhookSecret: 'x'.repeat(32),
      formSecret: 'y'.repeat(32),
      delaySeconds: 0,
      transport: async ({ body }) => {
        bodies.push(body);
        return { status: 200 };
      },
    });
    await recording.sandbox.deliver({
      db: t.app.db,
      delivery: {
        sessionId: s.sessionId,
        eventId: 'evt_test_partial',
        type: 'charge.refunded',
        created: 1,
        amountRefundedCents: 3_000,
      },
    });
    expect(JSON.parse(bodies[0]!).data.object).toMatchObject({
      amount: 10_000,
      amount_refunded: 3_000,
      refunded: false,
    });
    await deliverAll();
    expect(await payment(s.sessionId)).toMatchObject({ status: 'partially_refunded', refundedCents: 3_000 });
  });

  it('refuses a stale form, a foreign origin and an unknown action', async () => {
    const s = await openSession();
    const { token } = await page(s.sessionId);
    await act(s.sessionId, 'decline');
    const stale = await t.app.inject({
      method: 'POST',
      url: `/sandbox/card/${s.sessionId}/actions`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, action: 'pay' }).toString(),
    });
    expect(stale.statusCode).toBe(409);
    const fresh = (await page(s.sessionId)).token;
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/sandbox/card/${s.sessionId}/actions`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: new URLSearchParams({ token: fresh, action: 'pay' }).toString(),
    });
    expect(foreign.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/sandbox/card/${s.sessionId}/actions`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: fresh, action: 'steal' }).toString(),
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the card webhook route', () => {
  const event = (id: string, type: string, object: object) =>
    JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  const session = (id: string, status: 'complete' | 'expired', amount = 5_000) => ({
    id,
    object: 'checkout.session',
    amount_total: amount,
    currency: 'eur',
    client_reference_id: 'tok-webhook',
    metadata: { order_token: 'tok-webhook' },
    payment_intent: status === 'complete' ? `pi_${id}` : null,
    payment_status: status === 'complete' ? 'paid' : 'unpaid',
    status,
  });
  const post = (body: string, signature?: string, path = webhookPath) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { [sandboxSignatureHeader]: signature } : {}),
      },
      payload: body,
    });

  it('refuses forged, unsigned and replayed (outside 300 s) deliveries, recording nothing', async () => {
    const body = event('evt_forged_card', 'checkout.session.completed', session('cs_forged', 'complete'));
    expect((await post(body, signWebhook('wrong', body))).statusCode).toBe(401);
    expect((await post(body)).statusCode).toBe(401);
    const replay = await post(body, signWebhook(secret(), body, Math.floor(Date.now() / 1000) - 301));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('webhook_signature_invalid');
    const rows = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.eventId, 'evt_forged_card'));
    expect(rows).toHaveLength(0);
  });

  it('answers 404 on the Stripe route while the sandbox is the provider', async () => {
    const body = event('evt_s', 'checkout.session.completed', session('cs_s', 'complete'));
    expect(
      (await post(body, signWebhook(secret(), body), '/api/v2/shop/payments/card/webhook/stripe')).statusCode,
    ).toBe(404);
  });

  it('the same event 20 times at once: recorded once, applied once', async () => {
    const body = event(
      'evt_card_twenty',
      'checkout.session.completed',
      session('cs_twenty', 'complete', 4_999),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(body, signWebhook(secret(), body))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => !a.json().duplicate)).toHaveLength(1);
    await deliverAll();
    const [{ n: events } = { n: 0 }] = await t.app.db
      .select({ n: count() })
      .from(partnerEvents)
      .where(eq(partnerEvents.eventId, 'evt_card_twenty'));
    expect(events).toBe(1);
    expect(await payment('cs_twenty')).toMatchObject({ status: 'paid', amountCents: 4_999 });
  });

  it('a late failure or expiry never overwrites paid (events out of order)', async () => {
    const paid = event('evt_order_1', 'checkout.session.completed', session('cs_order', 'complete'));
    const expired = event('evt_order_2', 'checkout.session.expired', session('cs_order', 'expired'));
    expect((await post(paid, signWebhook(secret(), paid))).statusCode).toBe(200);
    await deliverAll();
    expect((await post(expired, signWebhook(secret(), expired))).statusCode).toBe(200);
    await deliverAll();
    expect(await payment('cs_order')).toMatchObject({ status: 'paid', lastEventId: 'evt_order_1' });
  });

  it('records an event type it does not act on as ignored', async () => {
    const body = event('evt_ignored', 'customer.created', { id: 'cus_1', object: 'customer' });
    expect((await post(body, signWebhook(secret(), body))).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(partnerEvents).where(eq(partnerEvents.eventId, 'evt_ignored'));
    expect(row?.error).toBe('ignored_event_type');
  });
});
