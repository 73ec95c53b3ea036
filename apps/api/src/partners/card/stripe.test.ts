import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@token/domain/errors';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createCardPartner, isSandboxCard } from './create-card.ts';
import { CardPartnerRefusal } from './port.ts';
import { createStripeCard, stripeApiVersion } from './stripe.ts';
import { readStripeEvent } from './stripe-event.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const config = {
  secretKey: 'sk_test_51QvX0000aaaaBBBBccccDDDD',
  webhookSecret: 'whsec_6pVq2mS8ZkF3rT1yU4oI7eW9aQ0xC5bN',
  apiUrl: 'https://api.stripe.test',
};
const db = {} as Db;

type Call = { url: string; init: RequestInit };
function fakeFetch(answers: { status: number; body: string }[]) {
  const calls: Call[] = [];
  const impl = (async (url: string | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = answers.shift();
    if (!next) throw new TypeError('fetch failed');
    return new Response(next.body, { status: next.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { impl, calls };
}

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);

/** Stripe's signature: t=<ts>,v1=<HMAC-SHA256(secret, "t.body")>. */
function sign(body: string, secret = config.webhookSecret, t = Math.floor(Date.now() / 1000)) {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

describe('Stripe Checkout over fetch', () => {
  it('creates a checkout session: form-encoded, mode=payment, price_data, order token, idempotency key', async () => {
    const f = fakeFetch([{ status: 200, body: fixture('checkout.session.create.response.json') }]);
    const stripe = createStripeCard({ config, fetch: f.impl });
    const session = await stripe.createCheckoutSession({
      db,
      orderToken: '6f1c2f0e9d8b4a7c',
      amountCents: 250_000,
      currency: 'EUR',
      description: 'Solarpark Brandenburg 5,5 % 2026/2031 – 2.500 Stück',
      customerEmail: 'erika.mustermann@example.com',
      locale: 'de',
      successUrl: 'https://app.tokenwerk.example/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://app.tokenwerk.example/payment/cancel?order=6f1c2f0e',
      idempotencyKey: 'order-6f1c2f0e-attempt-1',
    });
    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(session.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const [call] = f.calls;
    expect(call?.url).toBe('https://api.stripe.test/v1/checkout/sessions');
    expect(call?.init.method).toBe('POST');
    expect(header(call!, 'authorization')).toBe(`Bearer ${config.secretKey}`);
    expect(header(call!, 'idempotency-key')).toBe('order-6f1c2f0e-attempt-1');
    expect(header(call!, 'content-type')).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(String(call?.init.body)));
    expect(form).toMatchObject({
      mode: 'payment',
      client_reference_id: '6f1c2f0e9d8b4a7c',
      'metadata[order_token]': '6f1c2f0e9d8b4a7c',
      'payment_intent_data[metadata][order_token]': '6f1c2f0e9d8b4a7c',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '250000',
      'line_items[0][price_data][product_data][name]': 'Solarpark Brandenburg 5,5 % 2026/2031 – 2.500 Stück',
      customer_email: 'erika.mustermann@example.com',
      locale: 'de',
      success_url: 'https://app.tokenwerk.example/payment/success?session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('retrieves a session, answers null for an unknown one, and refunds with an idempotency key', async () => {
    const completed = JSON.parse(fixture('checkout.session.completed.json')).data.object;
    const f = fakeFetch([
      { status: 200, body: JSON.stringify(completed) },
      {
        status: 404,
        body: JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing' } }),
      },
      { status: 200, body: fixture('refund.response.json') },
    ]);
    const stripe = createStripeCard({ config, fetch: f.impl });
    expect(await stripe.retrieveSession({ db, sessionId: completed.id })).toEqual({
      sessionId: completed.id,
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: 'pi_3QvX7xLkdIwHu7ix1AbCdEfG',
      orderToken: '6f1c2f0e9d8b4a7c',
      amountCents: 250_000,
      currency: 'EUR',
      redirectUrl: null,
    });
    expect(await stripe.retrieveSession({ db, sessionId: 'cs_test_unknown' })).toBeNull();
    expect(await stripe.retrieveSession({ db, sessionId: '../v1/charges' })).toBeNull();
    const refund = await stripe.refund({
      db,
      paymentIntentId: 'pi_3QvX7xLkdIwHu7ix1AbCdEfG',
      amountCents: 100_000,
    });
    expect(refund).toEqual({
      refundId: 're_3QvZ1aLkdIwHu7ix1XyZaBcD',
      status: 'succeeded',
      amountCents: 100_000,
    });
    const call = f.calls[2]!;
    expect(call.url).toBe('https://api.stripe.test/v1/refunds');
    expect(String(call.init.body)).toBe('payment_intent=pi_3QvX7xLkdIwHu7ix1AbCdEfG&amount=100000');
    expect(header(call, 'idempotency-key')).toBe('refund:pi_3QvX7xLkdIwHu7ix1AbCdEfG:100000');
    expect(f.calls.length).toBe(3);
  });

  it('names the pinned API version (Stripe-Version) on every request', async () => {
    expect(stripeApiVersion).toBe('2024-06-20');
    const completed = JSON.parse(fixture('checkout.session.completed.json')).data.object;
    const f = fakeFetch([
      { status: 200, body: fixture('checkout.session.create.response.json') },
      { status: 200, body: JSON.stringify(completed) },
      { status: 200, body: JSON.stringify({ ...completed, status: 'expired', payment_status: 'unpaid' }) },
      { status: 200, body: fixture('refund.response.json') },
    ]);
    const stripe = createStripeCard({ config, fetch: f.impl });
    await stripe.createCheckoutSession({
      db,
      orderToken: 'o',
      amountCents: 100,
      currency: 'EUR',
      description: 'x',
      customerEmail: null,
      locale: 'de',
      successUrl: 'https://a.example/s',
      cancelUrl: 'https://a.example/c',
      idempotencyKey: 'k',
    });
    await stripe.retrieveSession({ db, sessionId: completed.id });
    await stripe.expireSession({ db, sessionId: completed.id });
    await stripe.refund({ db, paymentIntentId: 'pi_1', amountCents: 100 });
    expect(f.calls).toHaveLength(4);
    for (const call of f.calls) expect(header(call, 'stripe-version')).toBe('2024-06-20');
  });

  it('expires a session; a session no longer open (400) is read back: expired, or complete when paid first', async () => {
    const completed = JSON.parse(fixture('checkout.session.completed.json')).data.object;
    const open = { ...completed, status: 'open', payment_status: 'unpaid', payment_intent: null };
    const refused = {
      error: {
        type: 'invalid_request_error',
        message: 'This Checkout Session is not in an expirable state.',
      },
    };
    const f = fakeFetch([
      { status: 200, body: JSON.stringify({ ...open, status: 'expired', url: null }) },
      { status: 400, body: JSON.stringify(refused) },
      { status: 200, body: JSON.stringify(completed) },
    ]);
    const stripe = createStripeCard({ config, fetch: f.impl });
    expect(await stripe.expireSession({ db, sessionId: completed.id })).toMatchObject({
      status: 'expired',
      redirectUrl: null,
    });
    expect(f.calls[0]!.url).toBe(`https://api.stripe.test/v1/checkout/sessions/${completed.id}/expire`);
    expect(f.calls[0]!.init.method).toBe('POST');
    expect(await stripe.expireSession({ db, sessionId: completed.id })).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
    expect(f.calls[2]!.init.method).toBe('GET');
    expect(await stripe.expireSession({ db, sessionId: '../v1/charges' })).toBeNull();
  });

  it('turns a refused request or a network failure into partner_unavailable', async () => {
    const stripe = createStripeCard({
      config,
      fetch: fakeFetch([{ status: 400, body: fixture('error.response.json') }]).impl,
    });
    const input = {
      db,
      orderToken: 'x',
      amountCents: 100,
      currency: 'EUR' as const,
      description: 'x',
      customerEmail: null,
      locale: 'en' as const,
      successUrl: 'https://a.example/s',
      cancelUrl: 'https://a.example/c',
      idempotencyKey: 'k',
    };
    // Stripe answered: a refusal, which it keeps under the key (the caller's next attempt takes a new one)
    const refusal = stripe.createCheckoutSession(input);
    await expect(refusal).rejects.toMatchObject({ code: 'partner_unavailable', partnerStatus: 400 });
    await expect(refusal).rejects.toBeInstanceOf(CardPartnerRefusal);
    const kept500 = createStripeCard({
      config,
      fetch: fakeFetch([{ status: 500, body: JSON.stringify({ error: { type: 'api_error' } }) }]).impl,
    });
    await expect(kept500.createCheckoutSession(input)).rejects.toMatchObject({
      partnerStatus: 500,
      partnerCode: 'api_error',
    });
    // no answer at all: the request may have been carried out, so it is no refusal
    const down = createStripeCard({ config, fetch: fakeFetch([]).impl });
    const lost = down.createCheckoutSession(input);
    await expect(lost).rejects.toBeInstanceOf(AppError);
    await expect(lost).rejects.not.toBeInstanceOf(CardPartnerRefusal);
    await expect(down.refund({ db, paymentIntentId: 'pi_1', amountCents: 0 })).rejects.toMatchObject({
      code: 'payment_amount_invalid',
    });
  });
});

describe('Stripe-Signature', () => {
  const stripe = createStripeCard({ config, fetch: fakeFetch([]).impl });
  const body = fixture('checkout.session.completed.json');
  const check = (raw: string, signature: string | undefined) =>
    stripe.verifyWebhook({
      rawBody: Buffer.from(raw),
      headers: signature ? { 'stripe-signature': signature } : {},
    });

  it('accepts a valid signature and reads the event', () => {
    const result = check(body, sign(body));
    expect(result).toEqual({
      ok: true,
      event: {
        id: 'evt_1QvX8aLkdIwHu7ixq3bKJ2Zs',
        type: 'checkout.session.completed',
        orderToken: '6f1c2f0e9d8b4a7c',
        sessionId: 'cs_test_a1Lq8b0PZ9xW2HkT7yR3uVbN5mCdE4fG6hJ8kL0nP2qR4sT6uV8wX0yZ2',
        paymentIntentId: 'pi_3QvX7xLkdIwHu7ix1AbCdEfG',
        amountCents: 250_000,
        status: 'paid',
      },
    });
  });

  it('accepts any of several v1 signatures (secret rotation)', () => {
    const t = Math.floor(Date.now() / 1000);
    const good = sign(body, config.webhookSecret, t).split(',v1=')[1];
    const old = sign(body, 'whsec_the_old_secret_000000', t).split(',v1=')[1];
    expect(check(body, `t=${t},v1=${old},v1=${good},v0=abc`).ok).toBe(true);
  });

  it.each<[string, () => [string, string | undefined], string]>([
    ['a forged signature', () => [body, sign(body, 'whsec_not_ours_00000000')], 'mismatch'],
    ['a body changed after signing', () => [body.replace('250000', '1'), sign(body)], 'mismatch'],
    [
      'a replay older than 300 s',
      () => [body, sign(body, config.webhookSecret, Math.floor(Date.now() / 1000) - 301)],
      'expired',
    ],
    [
      'a timestamp 301 s in the future',
      () => [body, sign(body, config.webhookSecret, Math.floor(Date.now() / 1000) + 301)],
      'expired',
    ],
    ['no header', () => [body, undefined], 'missing'],
    ['a header without v1', () => [body, `t=${Math.floor(Date.now() / 1000)}`], 'malformed'],
    ['a signed body that is not an event', () => ['{"hello":1}', sign('{"hello":1}')], 'malformed'],
  ])('refuses %s', (_name, make, reason) => {
    const [raw, signature] = make();
    expect(check(raw, signature)).toEqual({ ok: false, reason });
  });

  it('warns when an event comes in another API version than the pinned one', () => {
    const warn = vi.fn();
    const logged = createStripeCard({ config, fetch: fakeFetch([]).impl, logger: { warn } });
    const read = (raw: string) =>
      logged.verifyWebhook({ rawBody: Buffer.from(raw), headers: { 'stripe-signature': sign(raw) } });
    expect(read(body).ok).toBe(true);
    expect(warn).not.toHaveBeenCalled();
    const newer = JSON.stringify({ ...JSON.parse(body), api_version: '2025-09-30.clover' });
    expect(read(newer).ok).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ apiVersion: '2025-09-30.clover', expected: '2024-06-20' }),
      'stripe: event of another API version',
    );
  });

  it('accepts a delivery 299 s old', () => {
    expect(check(body, sign(body, config.webhookSecret, Math.floor(Date.now() / 1000) - 299)).ok).toBe(true);
  });
});

describe('Stripe events', () => {
  it.each([
    [
      'checkout.session.expired.json',
      { status: 'expired', orderToken: 'a0b1c2d3e4f5a6b7', paymentIntentId: null, amountCents: 100_000 },
    ],
    [
      'payment_intent.payment_failed.json',
      {
        status: 'failed',
        sessionId: null,
        paymentIntentId: 'pi_3QvX9zLkdIwHu7ix0ZyXwVuT',
        orderToken: 'c3d4e5f6a7b8c9d0',
        amountCents: 4999,
      },
    ],
    [
      'charge.refunded.json',
      {
        status: 'partially_refunded',
        paymentIntentId: 'pi_3QvX7xLkdIwHu7ix1AbCdEfG',
        amountCents: 100_000,
      },
    ],
  ])('%s', (name, expected) => {
    expect(readStripeEvent(JSON.parse(fixture(name)))).toMatchObject(expected);
  });

  it('charge.refunded: partial while refunded is false, full once the charge is refunded', () => {
    const event = JSON.parse(fixture('charge.refunded.json'));
    // the fixture refunds 1,000.00 of 2,500.00 EUR: Stripe sends the event for a partial refund too
    expect(event.data.object).toMatchObject({ amount: 250_000, amount_refunded: 100_000, refunded: false });
    const rest = {
      ...event,
      id: 'evt_rest',
      data: { object: { ...event.data.object, amount_refunded: 250_000, refunded: true } },
    };
    expect(readStripeEvent(rest)).toMatchObject({ status: 'refunded', amountCents: 250_000 });
  });

  it('marks other event types as ignored and refuses what is not an event', () => {
    expect(readStripeEvent({ id: 'evt_1', type: 'customer.created', data: { object: {} } })?.status).toBe(
      'ignored',
    );
    expect(readStripeEvent({ id: 'nope', type: 'x', data: { object: {} } })).toBeNull();
    expect(readStripeEvent(null)).toBeNull();
  });
});

describe('choosing the card provider', () => {
  const env = { NODE_ENV: 'test', APP_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/token-card-test' };
  it('Stripe with both keys, else the sandbox', () => {
    const stripe = createCardPartner({
      config: loadConfig({
        ...env,
        STRIPE_SECRET_KEY: config.secretKey,
        STRIPE_WEBHOOK_SECRET: config.webhookSecret,
      }),
    });
    expect(stripe.provider).toBe('stripe');
    const sandbox = createCardPartner({ config: loadConfig(env) });
    expect(isSandboxCard(sandbox)).toBe(true);
  });

  it('refuses a key without its webhook secret and a malformed key', () => {
    expect(() => loadConfig({ ...env, STRIPE_SECRET_KEY: config.secretKey })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, STRIPE_WEBHOOK_SECRET: config.webhookSecret })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        ...env,
        STRIPE_SECRET_KEY: 'pk_test_123456789',
        STRIPE_WEBHOOK_SECRET: config.webhookSecret,
      }),
    ).toThrow(/STRIPE_SECRET_KEY/);
  });
});
