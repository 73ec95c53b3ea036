import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPartnerEvent } from '../modules/partner-events/partner-events.service.ts';
import { signWebhook, verifyWebhookSignature } from '../partners/webhook-signatures.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { withRawJsonBody } from './webhooks.ts';

const secret = 'whsec_test_0123456789abcdef';
const body = '{"id":"evt_1","type":"ident.result","data":{"a":1}}';

describe('verifyWebhookSignature', () => {
  const now = 1_800_000_000;
  it('accepts the signature of the exact body within the window', () => {
    const header = signWebhook(secret, body, now);
    expect(verifyWebhookSignature({ secret, rawBody: body, header, nowSeconds: now + 299 })).toEqual({
      ok: true,
      timestamp: now,
    });
  });
  it.each([
    ['a changed body', signWebhook(secret, body, now), `${body} `, now, 'mismatch'],
    ['another secret', signWebhook('other-secret', body, now), body, now, 'mismatch'],
    ['an old delivery (replay)', signWebhook(secret, body, now), body, now + 301, 'expired'],
    ['a delivery from the future', signWebhook(secret, body, now + 400), body, now, 'expired'],
    ['no header', undefined, body, now, 'malformed'],
    ['a header without v1', `t=${now}`, body, now, 'malformed'],
    ['a non-numeric timestamp', 'v1=ab,t=yesterday', body, now, 'malformed'],
    ['a non-hex signature', `t=${now},v1=zz`, body, now, 'mismatch'],
  ])('refuses %s', (_, header, raw, at, reason) => {
    expect(verifyWebhookSignature({ secret, rawBody: raw, header, nowSeconds: at })).toEqual({
      ok: false,
      reason,
    });
  });
  it('accepts any of several v1 signatures (secret rotation)', () => {
    const good = signWebhook(secret, body, now).split(',')[1];
    const header = `t=${now},v1=${'0'.repeat(64)},${good}`;
    expect(verifyWebhookSignature({ secret, rawBody: body, header, nowSeconds: now }).ok).toBe(true);
  });
});

describe('withRawJsonBody', () => {
  it('keeps the exact bytes and the parsed body; bad JSON is a 400', async () => {
    const app = Fastify();
    await app.register(async (scope) => {
      withRawJsonBody(scope);
      scope.post('/hook', async (request) => ({
        raw: request.rawBody?.toString('utf8'),
        parsed: request.body,
      }));
    });
    const spaced = '{ "id" :  "evt_2" }';
    const ok = await app.inject({
      method: 'POST',
      url: '/hook',
      headers: { 'content-type': 'application/json' },
      payload: spaced,
    });
    expect(ok.json()).toEqual({ raw: spaced, parsed: { id: 'evt_2' } });
    const bad = await app.inject({
      method: 'POST',
      url: '/hook',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });
});

describe('recordPartnerEvent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
  });
  afterAll(async () => {
    await t.close();
  });
  it('records an event once; a repeated delivery is recognised', async () => {
    const event = { provider: 'sandbox-kyc', eventId: 'evt_dup', type: 'ident.result', payload: { x: 1 } };
    const first = await recordPartnerEvent(t.app.db, event);
    expect(first).toBeTypeOf('number');
    expect(await recordPartnerEvent(t.app.db, event)).toBeNull();
    // The same event id from another partner is another event.
    expect(await recordPartnerEvent(t.app.db, { ...event, provider: 'sandbox-custody' })).toBeTypeOf(
      'number',
    );
  });
});
