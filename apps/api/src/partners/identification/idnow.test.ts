import { readFileSync } from 'node:fs';
import { AppError } from '@token/domain/errors';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, identifications, partnerEvents } from '../../db/schema/index.ts';
import { seedInvestor } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { listQueuedJobs } from '../../test/job-queue.ts';
import {
  createIdnowIdentification,
  type IdnowConfig,
  idnowIdentificationData,
  splitStreet,
} from './idnow.ts';
import { loginTokenMarginMs } from './idnow-api.ts';
import type { IdentificationPerson } from './port.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
/** A recorded callback body for the given transaction number. */
const callback = (name: string, transactionNumber: string) =>
  fixture(name).replaceAll('TRANSACTION_NUMBER', transactionNumber);

const config: IdnowConfig = {
  apiKey: 'idnow-api-key-0123456789',
  companyId: 'tokenwerk',
  webhookSecret: 'idnow-callback-secret-0123456789',
  webhookJwksUrl: 'https://auth.eu.platform.idnow.sx/oidc/.well-known/jwks.json',
  webhookIssuer: 'https://auth.eu.platform.idnow.sx/oidc',
  webhookAudience: 'tokenwerk',
  gatewayUrl: 'https://gateway.test.idnow.de',
  identUrl: 'https://go.test.idnow.de',
};

/** A clock an hour before the recorded login token's `exp` (2026-03-01 21:20 UTC). */
const recordedTime = Date.parse('2026-03-01T20:20:00Z');
const clockAt = (ms: number) => () => ms;

/** A login token as IDnow's login answers it: a JWT with an `exp` `seconds` after `fromMs`. */
async function loginAnswer(fromMs: number, seconds: number) {
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS512' })
    .setSubject('tokenwerk')
    .setExpirationTime(Math.floor(fromMs / 1000) + seconds)
    .sign(new TextEncoder().encode('idnow-side-secret-not-known-to-the-platform'));
  return JSON.stringify({ authToken: token });
}

/** IDnow's webhook signing key (RS256), its JWKS as the platform would fetch it. */
const idnowKey = await generateKeyPair('RS256', { extractable: true });
const idnowJwks = createLocalJWKSet({
  keys: [{ ...(await exportJWK(idnowKey.publicKey)), kid: 'idnow-1', alg: 'RS256', use: 'sig' }],
});

/** A webhook as IDnow's platform sends it: a JWT body, the event under `data`. */
function idnowJwt(
  data: unknown,
  opts: {
    atMs?: number;
    key?: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
    issuer?: string;
    audience?: string;
  } = {},
) {
  const at = Math.floor((opts.atMs ?? recordedTime) / 1000);
  return new SignJWT({ data: data as Record<string, unknown> })
    .setProtectedHeader({ alg: 'RS256', kid: 'idnow-1' })
    .setIssuer(opts.issuer ?? config.webhookIssuer)
    .setAudience(opts.audience ?? 'tokenwerk')
    .setIssuedAt(at)
    .setExpirationTime(at + 300)
    .sign(opts.key ?? idnowKey.privateKey);
}

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
    const idnow = createIdnowIdentification({ config, fetch: fetchImpl, now: clockAt(recordedTime) });
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
    const idnow = createIdnowIdentification({ config, fetch: fetchImpl, now: clockAt(recordedTime) });
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

  it('keeps the login token for its lifetime (the JWT exp) less a margin, then logs in again', async () => {
    let now = recordedTime;
    // An hour's token, then a ten minutes' one: the lifetime is the token's own, not a fixed guess.
    const { fetchImpl, calls } = fakeFetch([
      [200, await loginAnswer(recordedTime, 60 * 60)],
      [200, fixture('start-response.json')],
      [200, fixture('start-response.json')],
      [200, await loginAnswer(recordedTime + 56 * 60_000, 10 * 60)],
      [200, fixture('start-response.json')],
      [200, fixture('start-response.json')],
      [200, await loginAnswer(recordedTime + 62 * 60_000, 10 * 60)],
      [200, fixture('start-response.json')],
    ]);
    const idnow = createIdnowIdentification({ config, fetch: fetchImpl, now: () => now });
    const startAt = (minutes: number, tn: string) => {
      now = recordedTime + minutes * 60_000;
      return idnow.startIdentification({
        db: undefined as never,
        transactionNumber: tn,
        person,
        locale: 'de',
      });
    };
    await startAt(0, 't1');
    await startAt(60 - loginTokenMarginMs / 60_000 - 1, 't2'); // 54 minutes: still kept
    await startAt(56, 't3'); // within the margin of its exp: renewed before IDnow would refuse it
    await startAt(60, 't4'); // the new token lives ten minutes
    await startAt(62, 't5'); // 56 + 10 - 5 = 61: renewed
    expect(calls.map((c) => c.url.replace('https://gateway.test.idnow.de/api/v1/tokenwerk', ''))).toEqual([
      '/login',
      '/identifications/t1/start',
      '/identifications/t2/start',
      '/login',
      '/identifications/t3/start',
      '/identifications/t4/start',
      '/login',
      '/identifications/t5/start',
    ]);
  });

  it("fetches an identification's result by its transaction number, logging in again on 401", async () => {
    const { fetchImpl, calls } = fakeFetch([
      [200, fixture('login-response.json')],
      [401, fixture('error-response.json')],
      [200, fixture('login-response.json')],
      [200, callback('result-success.json', 'tx-7')],
      [404, '{"errors":[{"cause":"OBJECT_NOT_FOUND"}]}'],
      [200, '{"identificationprocess":{"transactionnumber":"tx-9","result":""}}'],
    ]);
    const idnow = createIdnowIdentification({ config, fetch: fetchImpl, now: clockAt(recordedTime) });
    const found = await idnow.fetchResult({ db: undefined as never, transactionNumber: 'tx-7' });
    expect(found.status).toBe('result');
    expect(found.status === 'result' && idnow.readEvent(found.body, Buffer.from('x'))).toMatchObject({
      transactionNumber: 'tx-7',
      outcome: { result: 'SUCCESS' },
    });
    expect(
      calls.map((c) => `${c.method} ${c.url.replace('https://gateway.test.idnow.de/api/v1/tokenwerk', '')}`),
    ).toEqual(['POST /login', 'GET /identifications/tx-7', 'POST /login', 'GET /identifications/tx-7']);
    expect(calls[3]!.headers['x-api-login-token']).toBe(JSON.parse(fixture('login-response.json')).authToken);
    expect(await idnow.fetchResult({ db: undefined as never, transactionNumber: 'tx-8' })).toEqual({
      status: 'not_found',
    });
    expect(await idnow.fetchResult({ db: undefined as never, transactionNumber: 'tx-9' })).toEqual({
      status: 'open',
    });
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
    const idnow = createIdnowIdentification({ config, fetch: fetchImpl, now: clockAt(recordedTime) });
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
  const idnow = createIdnowIdentification({
    config,
    fetch: fakeFetch([]).fetchImpl,
    now: clockAt(recordedTime),
    webhookKeys: idnowJwks,
  });
  const jwtWebhook = (token: string) => ({
    rawBody: Buffer.from(token),
    headers: { 'content-type': 'application/jwt' },
  });

  it("accepts a webhook JWT signed by IDnow's key, for this audience, within its lifetime; trusts only its data", async () => {
    const result = JSON.parse(callback('result-success.json', 'tx'));
    expect(await idnow.verifyWebhook(jwtWebhook(await idnowJwt(result)))).toEqual({
      ok: true,
      payload: result,
    });
    // The older documented variant: the JWT in X-Idnow-Signature beside a body; the body is not read.
    const beside = await idnow.verifyWebhook({
      rawBody: Buffer.from('{"identificationprocess":{"result":"SUCCESS"}}'),
      headers: { 'x-idnow-signature': await idnowJwt(result) },
    });
    expect(beside).toEqual({ ok: true, payload: result });

    const other = await generateKeyPair('RS256');
    const refused = async (token: string) => idnow.verifyWebhook(jwtWebhook(token));
    expect(await refused(await idnowJwt(result, { key: other.privateKey }))).toMatchObject({
      ok: false,
      reason: 'mismatch',
      transactionNumber: 'tx',
    });
    expect(await refused(await idnowJwt(result, { audience: 'another-company' }))).toMatchObject({
      ok: false,
    });
    expect(await refused(await idnowJwt(result, { issuer: 'https://evil.example' }))).toMatchObject({
      ok: false,
    });
    expect(await refused(await idnowJwt(result, { atMs: recordedTime - 20 * 60_000 }))).toMatchObject({
      ok: false,
      reason: 'expired',
    });
    const [h, , sig] = (await idnowJwt(result)).split('.');
    const forgedClaims = Buffer.from(JSON.stringify({ data: { ...result, x: 1 } })).toString('base64url');
    expect(await refused(`${h}.${forgedClaims}.${sig}`)).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it('accepts the configured X-Auth-Token only (constant-time compare); without either, names the transaction to fetch', async () => {
    const rawBody = Buffer.from(callback('result-success.json', 'tx'));
    expect(
      await idnow.verifyWebhook({ rawBody, headers: { 'x-auth-token': config.webhookSecret! } }),
    ).toEqual({
      ok: true,
      payload: JSON.parse(rawBody.toString()),
    });
    expect(
      await idnow.verifyWebhook({ rawBody, headers: { 'x-auth-token': `${config.webhookSecret}x` } }),
    ).toEqual({ ok: false, reason: 'mismatch', transactionNumber: 'tx' });
    expect(await idnow.verifyWebhook({ rawBody, headers: {} })).toEqual({
      ok: false,
      reason: 'missing',
      transactionNumber: 'tx',
    });
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
    expect(event.eventId).toMatch(new RegExp(`^tx-42:TST-KQ7RM:${result}:2026-`));
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
      partners: {
        identification: createIdnowIdentification({
          config,
          fetch: fetchImpl,
          now: clockAt(recordedTime),
          webhookKeys: idnowJwks,
        }),
      },
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

  const post = (body: string, secret = config.webhookSecret!) =>
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

  it('applies a callback signed as a JWT by IDnow', async () => {
    const me = await investor();
    gateway = fakeFetch([[200, fixture('start-response.json')]]);
    const res = await shop(t.app, me.token).post('/identification/start');
    expect(res.status).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(identifications)
      .where(eq(identifications.id, res.body.id as number));
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/identification/webhook/idnow',
      headers: { 'content-type': 'application/jwt' },
      payload: await idnowJwt(JSON.parse(callback('result-success.json', row!.externalId))),
    });
    expect(signed.json()).toEqual({ received: true, duplicate: false });
    await t.jobs.drain({ includeDelayed: true });
    expect((await shop(t.app, me.token).get(`/identification/${res.body.id}`)).body.state).toBe('approved');
  });

  it("does not book an unverifiable callback's body (401): it fetches the result from IDnow's API instead", async () => {
    const me = await investor();
    gateway = fakeFetch([[200, fixture('start-response.json')]]);
    const res = await shop(t.app, me.token).post('/identification/start');
    const [row] = await t.app.db
      .select()
      .from(identifications)
      .where(eq(identifications.id, res.body.id as number));
    const before = await t.app.db.select().from(partnerEvents);
    // Claims success, without the secret or a signature.
    const forged = await post(callback('result-success.json', row!.externalId), 'wrong-secret-0123456789');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('webhook_signature_invalid');
    expect(await t.app.db.select().from(partnerEvents)).toHaveLength(before.length);
    const queued = await listQueuedJobs(t.app.db, 'identification.fetch-result');
    expect(queued.at(-1)!.data).toMatchObject({ identificationId: row!.id, reason: 'unverified_webhook' });

    // IDnow's API knows better: the person was rejected.
    gateway = fakeFetch([[200, callback('result-fraud-suspicion-confirmed.json', row!.externalId)]]);
    await t.jobs.drain({ includeDelayed: true });
    expect(gateway.calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      `GET /api/v1/tokenwerk/identifications/${row!.externalId}`,
    ]);
    expect((await shop(t.app, me.token).get(`/identification/${res.body.id}`)).body.state).toBe('rejected');
    const [c] = await t.app.db.select().from(customers).where(eq(customers.id, me.id));
    expect(c!.kycPassed).toBe(false);
  });

  it('refuses a callback for an unknown transaction (401), recording and fetching nothing', async () => {
    const before = await t.app.db.select().from(partnerEvents);
    const fetches = (await listQueuedJobs(t.app.db, 'identification.fetch-result')).length;
    const res = await post(callback('result-success.json', 'whatever'), 'wrong-secret-0123456789');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('webhook_signature_invalid');
    expect(await t.app.db.select().from(partnerEvents)).toHaveLength(before.length);
    expect(await listQueuedJobs(t.app.db, 'identification.fetch-result')).toHaveLength(fetches);
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
