import { readFileSync } from 'node:fs';
import { AppError } from '@token/domain/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, identifications, partnerEvents } from '../../db/schema/index.ts';
import { seedInvestor } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import {
  createIdnowIdentification,
  type IdnowConfig,
  idnowIdentificationData,
  splitStreet,
} from './idnow.ts';
import type { IdentificationPerson } from './port.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
/** A recorded callback body for the given transaction number. */
const callback = (name: string, transactionNumber: string) =>
  fixture(name).replaceAll('TRANSACTION_NUMBER', transactionNumber);

const config: IdnowConfig = {
  apiKey: 'idnow-api-key-0123456789',
  companyId: 'tokenwerk',
  webhookSecret: 'idnow-callback-secret-0123456789',
  gatewayUrl: 'https://gateway.test.idnow.de',
  identUrl: 'https://go.test.idnow.de',
};

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** A fetch that records each call and answers from the queue (status, fixture body) or throws. */
function fakeFetch(answers: ([number, string] | Error)[]) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    if (next instanceof Error) throw next;
    return new Response(next[1], { status: next[0], headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

const person: IdentificationPerson = {
  salutation: 'ms',
  title: 'Dr.',
  firstName: 'Erika',
  lastName: 'Mustermann',
  birthDate: '1985-04-12',
  birthPlace: 'Köln',
  nationality: 'de',
  address: { street: 'Friedrichstraße 10a', postcode: '10117', city: 'Berlin', country: 'DE' },
  mobileNumber: '+49 151 23456789',
  email: 'erika@example.com',
};

describe('IDnow adapter: create identification', () => {
  it('logs in, then starts the identification with the person data and answers the user-facing link', async () => {
    const { fetchImpl, calls } = fakeFetch([
      [200, fixture('login-response.json')],
      [200, fixture('start-response.json')],
    ]);
    const idnow = createIdnowIdentification({ config, fetch: fetchImpl });
    const started = await idnow.startIdentification({
      db: undefined as never,
      transactionNumber: 'b6f3c1de-0000-4000-8000-000000000001',
      person,
      locale: 'de',
    });
    expect(started).toEqual({
      externalId: 'b6f3c1de-0000-4000-8000-000000000001',
      urlKycStart:
        'https://go.test.idnow.de/tokenwerk/identifications/b6f3c1de-0000-4000-8000-000000000001/identification/start',
    });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      url: 'https://gateway.test.idnow.de/api/v1/tokenwerk/login',
      method: 'POST',
      body: { apiKey: config.apiKey },
    });
    expect(calls[1]).toMatchObject({
      url: 'https://gateway.test.idnow.de/api/v1/tokenwerk/identifications/b6f3c1de-0000-4000-8000-000000000001/start',
      method: 'POST',
      headers: {
        'x-api-key': config.apiKey,
        'x-api-login-token': JSON.parse(fixture('login-response.json')).authToken,
        'content-type': 'application/json',
      },
    });
    expect(calls[1]!.body).toEqual({
      firstname: 'Erika',
      lastname: 'Mustermann',
      birthday: '1985-04-12',
      birthplace: 'Köln',
      nationality: 'DE',
      street: 'Friedrichstraße',
      streetnumber: '10a',
      zipcode: '10117',
      city: 'Berlin',
      country: 'DE',
      mobilephone: '+4915123456789',
      email: 'erika@example.com',
      title: 'Dr.',
      gender: 'FEMALE',
      preferredLang: 'de',
    });
  });

  it('keeps its login token and logs in again when IDnow refuses an expired one', async () => {
    const { fetchImpl, calls } = fakeFetch([
      [200, fixture('login-response.json')],
      [200, fixture('start-response.json')],
      [200, fixture('start-response.json')],
      [401, fixture('error-response.json')],
      [200, fixture('login-response.json')],
      [200, fixture('start-response.json')],
    ]);
    const idnow = createIdnowIdentification({ config, fetch: fetchImpl });
    for (const tn of ['t1', 't2', 't3']) {
      await idnow.startIdentification({
        db: undefined as never,
        transactionNumber: tn,
        person,
        locale: 'en',
      });
    }
    expect(calls.map((c) => c.url.replace('https://gateway.test.idnow.de/api/v1/tokenwerk', ''))).toEqual([
      '/login',
      '/identifications/t1/start',
      '/identifications/t2/start',
      '/identifications/t3/start',
      '/login',
      '/identifications/t3/start',
    ]);
  });

  it.each<[string, ([number, string] | Error)[]]>([
    [
      'an error answer',
      [
        [200, fixture('login-response.json')],
        [400, fixture('error-response.json')],
      ],
    ],
    ['a refused login', [[401, fixture('error-response.json')]]],
    ['an unreachable gateway', [new TypeError('fetch failed')]],
    [
      'an answer without ident id',
      [
        [200, fixture('login-response.json')],
        [200, '{}'],
      ],
    ],
  ])('turns %s into partner_unavailable (503)', async (_, answers) => {
    const { fetchImpl } = fakeFetch(answers);
    const idnow = createIdnowIdentification({ config, fetch: fetchImpl });
    const err = await idnow
      .startIdentification({ db: undefined as never, transactionNumber: 'tx', person, locale: 'de' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('partner_unavailable');
    expect((err as AppError).status).toBe(503);
  });

  it.each([
    ['Friedrichstraße 10', 'Friedrichstraße', '10'],
    ['Am Alten Markt 3 b', 'Am Alten Markt', '3b'],
    ['Hauptstr. 12-14', 'Hauptstr.', '12-14'],
    ['Unter den Linden', 'Unter den Linden', null],
  ])('splits the street line %s', (line, street, streetNumber) => {
    expect(splitStreet(line)).toEqual({ street, streetNumber });
  });

  it('leaves out what the person did not give and the gender of "mx"', () => {
    const body = idnowIdentificationData(
      { ...person, salutation: 'mx', title: null, birthPlace: null },
      'en',
    );
    expect(body).not.toHaveProperty('gender');
    expect(body).not.toHaveProperty('title');
    expect(body).not.toHaveProperty('birthplace');
    expect(body.preferredLang).toBe('en');
  });
});

describe('IDnow adapter: result callback', () => {
  const idnow = createIdnowIdentification({ config, fetch: fakeFetch([]).fetchImpl });

  it('accepts the configured shared secret only (constant-time compare)', () => {
    const rawBody = Buffer.from(callback('result-success.json', 'tx'));
    expect(idnow.verifyWebhook({ rawBody, headers: { 'x-auth-token': config.webhookSecret } })).toEqual({
      ok: true,
    });
    expect(idnow.verifyWebhook({ rawBody, headers: { 'x-auth-token': `${config.webhookSecret}x` } })).toEqual(
      {
        ok: false,
        reason: 'mismatch',
      },
    );
    expect(idnow.verifyWebhook({ rawBody, headers: {} })).toEqual({ ok: false, reason: 'missing' });
  });

  it.each([
    ['result-success.json', 'SUCCESS', null, []],
    ['result-success-data-changed.json', 'SUCCESS_DATA_CHANGED', null, ['lastName']],
    ['result-review-pending.json', 'REVIEW_PENDING', null, []],
    ['result-fraud-suspicion-confirmed.json', 'FRAUD_SUSPICION_CONFIRMED', 'USER_WRONG_PERSON', []],
    ['result-canceled.json', 'CANCELED', 'ID_BLURRY', []],
  ])('reads %s', (file, result, reason, changed) => {
    const raw = callback(file, 'tx-42');
    const event = idnow.readEvent(JSON.parse(raw), Buffer.from(raw));
    expect(event).toMatchObject({
      type: 'identificationprocess.result',
      transactionNumber: 'tx-42',
      problem: null,
      outcome: { result, reason, partnerIdentId: 'TST-KQ7RM', changed },
    });
    expect(event.eventId).toMatch(new RegExp(`^TST-KQ7RM:${result}:2026-`));
  });

  it('reads the identified person and document from the recorded success', () => {
    const raw = callback('result-success-data-changed.json', 'tx');
    const event = idnow.readEvent(JSON.parse(raw), Buffer.from(raw));
    expect(event.outcome?.person).toMatchObject({
      firstName: 'ERIKA',
      lastName: 'MUSTERMANN-SCHMIDT',
      birthDate: '1985-04-12',
      street: 'FRIEDRICHSTRASSE',
      streetNumber: '10',
      postcode: '10117',
      country: 'DE',
    });
    expect(event.outcome?.document).toMatchObject({
      type: 'IDCARD',
      number: 'T22000129',
      validUntil: '2031-05-31',
    });
  });

  it('names an unknown result and a malformed payload as problems', () => {
    const unknown = JSON.parse(callback('result-success.json', 'tx'));
    unknown.identificationprocess.result = 'FAILED';
    const raw = JSON.stringify(unknown);
    expect(idnow.readEvent(unknown, Buffer.from(raw))).toMatchObject({
      problem: 'unknown_result',
      outcome: null,
    });
    const broken = { hello: 'world' };
    expect(idnow.readEvent(broken, Buffer.from(JSON.stringify(broken)))).toMatchObject({
      problem: 'malformed_payload',
      transactionNumber: null,
      eventId: expect.stringMatching(/^sha256:/),
    });
  });
});

describe('IDnow adapter inside the platform (recorded payloads through the real routes)', () => {
  let t: TestApp;
  /** What IDnow answers next; each test sets its own. */
  let gateway = fakeFetch([]);
  beforeAll(async () => {
    const fetchImpl = ((input, init) => gateway.fetchImpl(input, init)) as typeof fetch;
    t = await createTestApp({
      seed: 'reference',
      partners: { identification: createIdnowIdentification({ config, fetch: fetchImpl }) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function investor() {
    const row = await seedInvestor(t.app.db, {
      appSecret: t.config.appSecret,
      birthDate: '1985-04-12',
      nationality: 'DE',
      mobileNumber: '+49 151 23456789',
      address: { street: 'Friedrichstraße 10', postcode: '10117', city: 'Berlin', countryCode: 'DE' },
    });
    const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
    return { id: row.id, token };
  }

  const post = (body: string, secret = config.webhookSecret) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/identification/webhook/idnow',
      headers: { 'content-type': 'application/json', 'x-auth-token': secret },
      payload: body,
    });

  it('starts at IDnow, then applies its callbacks: review pending, then success', async () => {
    const me = await investor();
    gateway = fakeFetch([
      [200, fixture('login-response.json')],
      [200, fixture('start-response.json')],
    ]);
    const { calls } = gateway;

    const res = await shop(t.app, me.token).post('/identification/start');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ provider: 'idnow', state: 'init' });
    expect(calls).toHaveLength(2);
    const [row] = await t.app.db
      .select()
      .from(identifications)
      .where(eq(identifications.id, res.body.id as number));
    expect(res.body.urlKycStart).toBe(
      `https://go.test.idnow.de/tokenwerk/identifications/${row!.externalId}/identification/start`,
    );
    expect(calls[1]!.url).toContain(`/identifications/${row!.externalId}/start`);

    const review = await post(callback('result-review-pending.json', row!.externalId));
    expect(review.statusCode).toBe(200);
    await t.jobs.drain({ includeDelayed: true });
    let view = await shop(t.app, me.token).get(`/identification/${res.body.id}`);
    expect(view.body.state).toBe('approved_in_review');

    const success = callback('result-success.json', row!.externalId);
    expect((await post(success)).json()).toEqual({ received: true, duplicate: false });
    // IDnow repeats a callback it got no answer for: the same result is one event.
    expect((await post(success)).json()).toEqual({ received: true, duplicate: true });
    await t.jobs.drain({ includeDelayed: true });
    view = await shop(t.app, me.token).get(`/identification/${res.body.id}`);
    expect(view.body).toMatchObject({ state: 'approved', stateAsString: 'approved' });
    const [c] = await t.app.db.select().from(customers).where(eq(customers.id, me.id));
    expect(c!.kycPassed).toBe(true);
  });

  it('refuses a callback without the shared secret (401) and records nothing', async () => {
    const before = await t.app.db.select().from(partnerEvents);
    const res = await post(callback('result-success.json', 'whatever'), 'wrong-secret-0123456789');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('webhook_signature_invalid');
    expect(await t.app.db.select().from(partnerEvents)).toHaveLength(before.length);
  });

  it('answers 503 partner_unavailable when IDnow cannot be reached, creating nothing', async () => {
    const me = await investor();
    // The login token of the first test is still valid: the start call itself fails.
    gateway = fakeFetch([new TypeError('fetch failed')]);
    const res = await shop(t.app, me.token).post('/identification/start', {}, { 'accept-language': 'en' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: 'partner_unavailable',
      title: 'Our partner cannot be reached right now. Please try again later.',
    });
    expect(
      await t.app.db.select().from(identifications).where(eq(identifications.customerId, me.id)),
    ).toEqual([]);
  });

  it('has no sandbox: its webhook route and pages do not exist', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/identification/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    const page = await t.app.inject({ url: `/sandbox/kyc/${'A'.repeat(43)}` });
    expect(page.statusCode).toBe(404);
  });
});
