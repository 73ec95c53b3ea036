import type { KycState, PartnerResult } from '@token/domain/identification';
import { and, asc, count, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  complianceAuditLog,
  customers,
  identifications,
  partnerEvents,
  sandboxKycCases,
} from '../../db/schema/index.ts';
import { seedInvestor } from '../../db/seed/factories.ts';
import { sandboxApiKey, sandboxWebhookSecret } from '../../partners/identification/create-identification.ts';
import { createSandboxIdentification } from '../../partners/identification/sandbox/sandbox-identification.ts';
import {
  sandboxSigningKey,
  signSandboxLoginToken,
  signSandboxWebhook,
} from '../../partners/identification/sandbox/sandbox-identification-keys.ts';
import { hmacSha256Hex } from '../../partners/webhook-signatures.ts';
import { lastMail, loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { listQueuedJobs } from '../../test/job-queue.ts';
import { getOnboarding } from '../onboarding/onboarding.service.ts';
import { identificationPollDue, pollOpenIdentifications } from './identification-results.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t.close();
});

type Investor = { id: number; email: string; token: string };

/** An investor with complete personal data (spec 3), logged in. */
async function investor(overrides: Partial<Parameters<typeof seedInvestor>[1]> = {}) {
  const row = await seedInvestor(t.app.db, {
    appSecret: t.config.appSecret,
    salutation: 'ms',
    firstName: 'Erika',
    lastName: 'Mustermann',
    birthDate: '1985-04-12',
    birthCity: 'Köln',
    nationality: 'DE',
    mobileNumber: '+49 151 23456789',
    address: { street: 'Friedrichstraße 10', postcode: '10117', city: 'Berlin', countryCode: 'DE' },
    ...overrides,
  });
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  return { id: row.id, email: row.email, token } satisfies Investor;
}

const api = (who: Investor) => shop(t.app, who.token);

async function start(who: Investor) {
  const res = await api(who).post('/identification/start');
  expect([200, 201]).toContain(res.status);
  return res.body as { id: number; urlKycStart: string; state: KycState; stateAsString: KycState };
}

async function identification(who: Investor, id: number) {
  const res = await api(who).get(`/identification/${id}`);
  expect(res.status).toBe(200);
  return res.body as {
    state: KycState;
    stateAsString: KycState;
    display: { display: string; contact: boolean };
  };
}

async function kycPassed(customerId: number) {
  const [c] = await t.app.db
    .select({ kycPassed: customers.kycPassed })
    .from(customers)
    .where(eq(customers.id, customerId));
  return c!.kycPassed;
}

/** The sandbox page of a start link, as the tester's browser gets it. */
async function page(urlKycStart: string, headers: Record<string, string> = {}, query = '') {
  const path = new URL(urlKycStart).pathname;
  const res = await t.app.inject({ url: `${path}${query}`, headers });
  const token = /name="token" value="([0-9a-f]{40})"/.exec(res.body)?.[1] ?? '';
  return { res, path, token, html: res.body };
}

/** Presses a button of the sandbox page (a POST form, as the browser sends it). */
async function press(
  urlKycStart: string,
  action: string,
  fields: Record<string, string> = {},
  token?: string,
) {
  const { path, token: current } = await page(urlKycStart);
  return t.app.inject({
    method: 'POST',
    url: `${path}/actions?locale=de`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: token ?? current, action, ...fields }).toString(),
  });
}

async function auditRows(customerId: number) {
  return t.app.db
    .select()
    .from(complianceAuditLog)
    .where(eq(complianceAuditLog.customerId, customerId))
    .orderBy(asc(complianceAuditLog.id));
}

async function externalIdOf(id: number) {
  const [row] = await t.app.db
    .select({ externalId: identifications.externalId })
    .from(identifications)
    .where(eq(identifications.id, id));
  return row!.externalId;
}

async function eventCount() {
  const [row] = await t.app.db.select({ n: count() }).from(partnerEvents);
  return row!.n;
}

/** A webhook JWT as the sandbox signs it (like IDnow: the event under `data`), with `secret`'s key at `at`. */
function signed(data: unknown, opts: { secret?: string; at?: number } = {}) {
  return signSandboxWebhook({
    key: sandboxSigningKey(opts.secret ?? sandboxWebhookSecret(t.config.appSecret)),
    issuer: `${t.config.publicUrl}/sandbox/kyc`,
    audience: t.config.publicUrl,
    data: data as Record<string, unknown>,
    ...(opts.at ? { nowSeconds: opts.at } : {}),
  });
}

/** Posts a webhook to a provider's route: `body` as a JWT signed by the sandbox's key (or `secret`'s). */
async function deliver(body: unknown, opts: { secret?: string; at?: number; provider?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/shop/identification/webhook/${opts.provider ?? 'sandbox'}`,
    headers: { 'content-type': 'application/jwt' },
    payload: await signed(body, opts),
  });
}

/** A result event as the sandbox sends it, for the identification with this transaction number. */
function resultEvent(
  eventId: string,
  transactionNumber: string,
  result: string,
  type = 'identification.result',
) {
  return {
    id: eventId,
    type,
    created: new Date().toISOString(),
    data: {
      identificationprocess: {
        result,
        reason: null,
        companyid: 'sandbox',
        id: 'SBX-TEST',
        transactionnumber: transactionNumber,
        identificationtime: new Date().toISOString(),
        type: 'WEB',
      },
      userdata: { firstname: { value: 'Erika', status: 'MATCH' } },
    },
  };
}

describe('POST identification/start', () => {
  it('starts an identification with the sandbox partner and hands out its link again while unused', async () => {
    const me = await investor();
    const res = await api(me).post('/identification/start');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      state: 'init',
      stateAsString: 'init',
      display: { display: 'start', contact: false },
      provider: 'sandbox',
      decidedAt: null,
    });
    expect(res.body.urlKycStart).toMatch(/^http:\/\/localhost:3000\/sandbox\/kyc\/[A-Za-z0-9_-]{43}$/);
    // The person's data went to the partner.
    const caseId = new URL(res.body.urlKycStart as string).pathname.split('/').pop()!;
    const [kase] = await t.app.db.select().from(sandboxKycCases).where(eq(sandboxKycCases.id, caseId));
    expect(kase!.person).toMatchObject({
      firstName: 'Erika',
      lastName: 'Mustermann',
      birthDate: '1985-04-12',
      birthPlace: 'Köln',
      nationality: 'DE',
      mobileNumber: '+49 151 23456789',
      email: me.email,
      address: { street: 'Friedrichstraße 10', postcode: '10117', city: 'Berlin', country: 'DE' },
    });
    expect(kase!.reference).toBe(await externalIdOf(res.body.id as number));

    const again = await api(me).post('/identification/start');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: res.body.id, urlKycStart: res.body.urlKycStart });
    const [n] = await t.app.db
      .select({ n: count() })
      .from(identifications)
      .where(eq(identifications.customerId, me.id));
    expect(n!.n).toBe(1);
  });

  it('answers JSON-LD with the IRI of the identification', async () => {
    const me = await investor();
    const res = await api(me).post('/identification/start', {}, { accept: 'application/ld+json' });
    expect(res.status).toBe(201);
    expect(res.body['@id']).toBe(`/api/v2/shop/identification/${res.body.id}`);
    expect(res.body['@type']).toBe('Identification');
  });

  it('refuses without complete personal data (409, the missing fields named) and starts nothing', async () => {
    const me = await investor({ birthDate: null, nationality: null, address: null });
    const res = await api(me).post('/identification/start', {}, { 'accept-language': 'en' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('onboarding_step_missing');
    expect(res.body.title).toBe('Please complete the previous steps of the self-disclosure first.');
    expect(
      (res.body.violations as { propertyPath: string; code: string }[]).map((v) => v.propertyPath),
    ).toEqual(['birthDate', 'nationality', 'defaultAddress']);
    const [n] = await t.app.db
      .select({ n: count() })
      .from(identifications)
      .where(eq(identifications.customerId, me.id));
    expect(n!.n).toBe(0);
  });

  it('two starts at once make one identification (the customer row is locked after the partner call)', async () => {
    const me = await investor();
    const [a, b] = await Promise.all([
      api(me).post('/identification/start'),
      api(me).post('/identification/start'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const [n] = await t.app.db
      .select({ n: count() })
      .from(identifications)
      .where(eq(identifications.customerId, me.id));
    expect(n!.n).toBe(1);
  });

  it('needs a login', async () => {
    const res = await shop(t.app).post('/identification/start');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });
});

describe('the sandbox page', () => {
  it('shows the data the platform sent, in German by default and in English on request, without inline script', async () => {
    const me = await investor({ title: 'Dr.' });
    const { urlKycStart } = await start(me);
    const de = await page(urlKycStart, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(de.res.statusCode).toBe(200);
    expect(de.res.headers['content-type']).toContain('text/html');
    expect(de.res.headers['cache-control']).toBe('no-store');
    expect(de.res.headers['content-security-policy']).toContain("script-src 'self'");
    // the CSP allows scripts from this site only: one file, no inline code
    expect([...de.html.matchAll(/<script([^>]*)>([^<]*)<\/script>/gi)].map((m) => [m[1], m[2]])).toEqual([
      [' src="/sandbox/kyc/back-to-platform.js" defer', ''],
    ]);
    for (const text of [
      'Dr. Erika Mustermann',
      '12. April 1985',
      'Köln',
      'Friedrichstraße 10, 10117 Berlin, DE',
      '+49 151 23456789',
      me.email,
      'Videoanruf starten',
    ]) {
      expect(de.html).toContain(text);
    }
    expect(de.html).toContain('<html lang="de">');

    const en = await page(urlKycStart, { 'accept-language': 'en' });
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain('12 April 1985');
    expect(en.html).toContain('Start video call');
    const forced = await page(urlKycStart, { 'accept-language': 'en' }, '?locale=de');
    expect(forced.html).toContain('Videoanruf starten');
  });

  it('offers the reviewer decisions only once the video call runs', async () => {
    const me = await investor();
    const { urlKycStart } = await start(me);
    const before = await page(urlKycStart, { 'accept-language': 'en' });
    expect(before.html).not.toContain('value="SUCCESS"');
    expect(before.html).toContain('The review starts once the person has started the video call.');
    const started = await press(urlKycStart, 'start_call');
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toMatch(/^\/sandbox\/kyc\/[A-Za-z0-9_-]{43}\?locale=de$/);
    const during = await page(urlKycStart, { 'accept-language': 'en' });
    for (const result of [
      'SUCCESS',
      'REVIEW_PENDING',
      'SUCCESS_DATA_CHANGED',
      'FRAUD_SUSPICION_PENDING',
      'FRAUD_SUSPICION_CONFIRMED',
      'CANCELED',
      'ABORTED',
    ]) {
      expect(during.html).toContain(`value="${result}"`);
    }
    expect(during.html).not.toContain('value="start_call"');
  });

  it('answers an unknown case with a 404 page', async () => {
    const res = await t.app.inject({
      url: `/sandbox/kyc/${'A'.repeat(43)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Case not found');
    const odd = await t.app.inject({ url: '/sandbox/kyc/%3Cscript%3E' });
    expect(odd.statusCode).toBe(404);
    expect(odd.body).not.toContain('<script>');
  });

  it('refuses stale forms, foreign origins, impossible actions and bad input, and changes nothing', async () => {
    const me = await investor();
    const { urlKycStart } = await start(me);
    const { token: oldToken, path } = await page(urlKycStart);
    expect((await press(urlKycStart, 'start_call')).statusCode).toBe(303);
    const queued = async () => (await listQueuedJobs(t.app.db, 'identification.sandbox-deliver')).length;
    const jobsBefore = await queued();

    // The form of the page before the call started: out of date.
    const stale = await press(urlKycStart, 'SUCCESS', {}, oldToken);
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('Nicht mehr aktuell');
    // A form posted from another site.
    const { token } = await page(urlKycStart);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${path}/actions`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: new URLSearchParams({ token, action: 'SUCCESS' }).toString(),
    });
    expect(foreign.statusCode).toBe(403);
    // No such action, no token, an impossible action now, a bad corrected birth date.
    expect((await press(urlKycStart, 'APPROVE_EVERYTHING')).statusCode).toBe(400);
    expect((await press(urlKycStart, 'SUCCESS', {}, '')).statusCode).toBe(400);
    expect((await press(urlKycStart, 'start_call')).statusCode).toBe(409);
    expect(
      (
        await press(urlKycStart, 'SUCCESS_DATA_CHANGED', {
          firstName: 'Erika',
          lastName: 'X',
          birthDate: '1985-13-45',
        })
      ).statusCode,
    ).toBe(400);

    const caseId = path.split('/').pop()!;
    const [kase] = await t.app.db.select().from(sandboxKycCases).where(eq(sandboxKycCases.id, caseId));
    expect(kase!.status).toBe('STARTED');
    expect(await queued()).toBe(jobsBefore);
  });
});

/** An investor whose identification passed while the partner's second review is still open. */
async function passedInReview() {
  const me = await investor();
  const ident = await start(me);
  await press(ident.urlKycStart, 'start_call');
  await press(ident.urlKycStart, 'REVIEW_PENDING');
  await t.jobs.drain({ includeDelayed: true });
  expect((await identification(me, ident.id)).state).toBe('approved_in_review');
  expect(await kycPassed(me.id)).toBe(true);
  return { me, ident };
}

describe('a reviewer decision reaches the platform as a signed webhook, a few seconds later', () => {
  it.each<[PartnerResult, KycState, boolean, string, string]>([
    ['SUCCESS', 'approved', true, 'identification_approved', 'passed'],
    ['REVIEW_PENDING', 'approved_in_review', true, 'identification_approved_in_review', 'passed'],
    ['SUCCESS_DATA_CHANGED', 'approved_data_changed', true, 'identification_approved_data_changed', 'passed'],
    ['FRAUD_SUSPICION_PENDING', 'rejected_in_review', false, 'identification_under_review', 'under_review'],
    ['FRAUD_SUSPICION_CONFIRMED', 'rejected', false, 'identification_rejected', 'not_confirmed'],
    ['CANCELED', 'init', false, 'identification_not_completed', 'start'],
    ['ABORTED', 'init', false, 'identification_not_completed', 'start'],
  ])('%s -> %s (kycPassed %s)', async (result, state, passed, mail, display) => {
    const me = await investor({ locale: 'en' });
    const ident = await start(me);
    expect((await press(ident.urlKycStart, 'start_call')).statusCode).toBe(303);
    const fields: Record<string, string> =
      result === 'SUCCESS_DATA_CHANGED'
        ? { firstName: 'Erika', lastName: 'Mustermann-Schmidt', birthDate: '1985-04-12' }
        : {};
    const decided = await press(ident.urlKycStart, result, fields);
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toContain(`sent=${result}`);
    const confirmation = await t.app.inject({ url: decided.headers.location as string });
    expect(confirmation.body).toContain(`„${result}“`);

    // Not yet: the partner delivers after the configured delay (3 s by default).
    const waiting = await listQueuedJobs(t.app.db, 'identification.sandbox-deliver');
    const mine = waiting.filter((j) => j.state === 'created' && j.data.result === result).at(-1);
    expect(mine!.dueInSeconds).toBeGreaterThan(1);
    expect((await identification(me, ident.id)).state).toBe('init');

    await t.jobs.drain({ includeDelayed: true });

    const after = await identification(me, ident.id);
    expect(after.state).toBe(state);
    expect(after.stateAsString).toBe(state);
    expect(after.display.display).toBe(display);
    expect(await kycPassed(me.id)).toBe(passed);

    const [row] = await t.app.db.select().from(identifications).where(eq(identifications.id, ident.id));
    expect(row!.partnerResult).toBe(result);
    expect(row!.decidedAt === null).toBe(state === 'init');
    if (result === 'SUCCESS_DATA_CHANGED') {
      expect(row!.result).toMatchObject({
        changed: ['lastName'],
        person: { lastName: 'Mustermann-Schmidt', firstName: 'Erika' },
        document: { type: 'IDCARD', country: 'DE' },
      });
    }

    const audit = await auditRows(me.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      action: 'identification_result',
      details: {
        identificationId: ident.id,
        provider: 'sandbox',
        partnerResult: result,
        from: 'init',
        to: state,
      },
    });

    const sent = await lastMail(t.app, me.email, mail);
    expect(sent).toBeDefined();
    // In the customer's language.
    expect(sent!.text).toMatch(/^Hello Erika Mustermann,/);
  });

  it('a decision in review is followed by the final one; a final approval keeps passed cached (spec 4)', async () => {
    const { me, ident } = await passedInReview();

    await press(ident.urlKycStart, 'SUCCESS');
    await t.jobs.drain({ includeDelayed: true });
    expect((await identification(me, ident.id)).state).toBe('approved');
    expect(await kycPassed(me.id)).toBe(true);
    expect((await auditRows(me.id)).map((a) => a.action)).toEqual([
      'identification_result',
      'identification_result',
    ]);
    const again = await api(me).post('/identification/start');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('identification_passed');
  });

  it('a final rejection of the identification that had passed in review takes kycPassed back (GwG § 11), with an audit row', async () => {
    const { me, ident } = await passedInReview();

    // The reviewer's final decision.
    const page2 = await page(ident.urlKycStart, { 'accept-language': 'en' });
    expect(page2.html).toContain('value="FRAUD_SUSPICION_CONFIRMED"');
    expect(page2.html).not.toContain('value="ABORTED"');
    await press(ident.urlKycStart, 'FRAUD_SUSPICION_CONFIRMED');
    await t.jobs.drain({ includeDelayed: true });
    expect((await identification(me, ident.id)).state).toBe('rejected');
    expect(await kycPassed(me.id)).toBe(false);
    const audit = await auditRows(me.id);
    expect(audit.map((a) => [a.action, (a.details as { to: string }).to])).toEqual([
      ['identification_result', 'approved_in_review'],
      ['identification_result', 'rejected'],
      ['kyc_passed_revoked', 'rejected'],
    ]);
    expect(audit[1]!.details).toMatchObject({ from: 'approved_in_review', kycPassed: false });
    expect(audit[2]).toMatchObject({
      actorId: null,
      details: { identificationId: ident.id, from: 'approved_in_review', to: 'rejected' },
    });
    // the gate leads back to the identification, which may be started anew
    const gate = await getOnboarding({ db: t.app.db, customerId: me.id });
    expect(gate.steps.find((s) => s.step === 'kyc')?.state).not.toBe('done');
    const again = await api(me).post('/identification/start');
    expect([200, 201]).toContain(again.status);
    expect(again.body.state).toBe('init');

    // a replayed delivery of the rejection changes nothing more
    await t.jobs.drain({ includeDelayed: true });
    expect((await auditRows(me.id)).filter((a) => a.action === 'kyc_passed_revoked')).toHaveLength(1);
  });

  it('refuses a second start while the check runs, allows one after a rejection, reuses the link after an abort', async () => {
    const me = await investor();
    const first = await start(me);
    await press(first.urlKycStart, 'start_call');
    await press(first.urlKycStart, 'ABORTED');
    await t.jobs.drain({ includeDelayed: true });
    // Aborted: the same link again, and the person may start the call again.
    const reused = await api(me).post('/identification/start');
    expect(reused.status).toBe(200);
    expect(reused.body.id).toBe(first.id);
    expect((await page(first.urlKycStart, { 'accept-language': 'en' })).html).toContain('value="start_call"');

    await press(first.urlKycStart, 'start_call');
    await press(first.urlKycStart, 'FRAUD_SUSPICION_PENDING');
    await t.jobs.drain({ includeDelayed: true });
    const busy = await api(me).post('/identification/start', {}, { 'accept-language': 'de' });
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({
      code: 'identification_in_progress',
      title: 'Ihre Identifizierung läuft bereits.',
    });

    await press(first.urlKycStart, 'FRAUD_SUSPICION_CONFIRMED');
    await t.jobs.drain({ includeDelayed: true });
    expect((await identification(me, first.id)).state).toBe('rejected');
    const second = await api(me).post('/identification/start');
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.id);
    expect(second.body.urlKycStart).not.toBe(first.urlKycStart);

    // Newest first; page=1&itemsPerPage=1 is the latest.
    const latest = await api(me).get('/identification?page=1&itemsPerPage=1', {
      accept: 'application/ld+json',
    });
    expect(latest.status).toBe(200);
    expect(latest.body['hydra:totalItems']).toBe(2);
    const members = latest.body['hydra:member'] as { id: number; '@id': string; state: string }[];
    expect(members.map((m) => m.id)).toEqual([second.body.id]);
    expect(members[0]!['@id']).toBe(`/api/v2/shop/identification/${second.body.id}`);
    const all = await api(me).get('/identification');
    expect((all.body as unknown as { id: number; state: string }[]).map((i) => [i.id, i.state])).toEqual([
      [second.body.id, 'init'],
      [first.id, 'rejected'],
    ]);
  });
});

describe('the sandbox partner delivering', () => {
  it('fails the delivery (so the job retries it) when the platform does not answer 2xx', async () => {
    const statuses: number[] = [];
    const partner = createSandboxIdentification({
      publicUrl: 'http://localhost:3000',
      webhookUrl: 'http://localhost:3000/api/v2/shop/identification/webhook/sandbox',
      webhookKey: 'another-secret-than-the-platforms',
      formSecret: 'form-secret',
      apiKey: 'sandbox-api-key',
      delaySeconds: 0,
      // Into the app, whose route refuses this partner's signature.
      transport: async ({ url, headers, body }) => {
        const res = await t.app.inject({
          method: 'POST',
          url: new URL(url).pathname,
          headers,
          payload: body,
        });
        statuses.push(res.statusCode);
        return { status: res.statusCode };
      },
    });
    const me = await investor();
    const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, me.id));
    const { urlKycStart } = await partner.startIdentification({
      db: t.app.db,
      transactionNumber: 'tx-refused',
      person: {
        salutation: null,
        title: null,
        firstName: customer!.firstName!,
        lastName: customer!.lastName!,
        birthDate: '1985-04-12',
        birthPlace: null,
        nationality: 'DE',
        address: { street: 'Friedrichstraße 10', postcode: '10117', city: 'Berlin', country: 'DE' },
        mobileNumber: '+49 151 23456789',
        email: me.email,
      },
      locale: 'de',
    });
    const caseId = new URL(urlKycStart).pathname.split('/').pop()!;
    const kase = await partner.sandbox.findCase(t.app.db, caseId);
    await expect(
      partner.sandbox.deliver({
        db: t.app.db,
        delivery: {
          caseId,
          eventId: 'evt_refused_1',
          result: 'SUCCESS',
          reason: null,
          decidedAt: kase!.createdAt.toISOString(),
        },
      }),
    ).rejects.toThrow('the platform answered 401');
    expect(statuses).toEqual([401]);
  });
});

describe('the webhook route', () => {
  async function started() {
    const me = await investor();
    const ident = await start(me);
    return { me, ident, transactionNumber: await externalIdOf(ident.id) };
  }

  it('refuses a forged, expired, unsigned or tampered webhook with 401 and books none of them: the result is asked for at the partner instead', async () => {
    const { me, ident, transactionNumber } = await started();
    const before = await eventCount();
    const fetchesBefore = (await listQueuedJobs(t.app.db, 'identification.fetch-result')).length;
    const body = resultEvent('evt_forged_1', transactionNumber, 'SUCCESS');
    const forged = await deliver(body, { secret: 'not-the-sandbox-secret-0123456789' });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['content-type']).toContain('application/problem+json');
    expect(forged.json().code).toBe('webhook_signature_invalid');
    const expired = await deliver(body, { at: Math.floor(Date.now() / 1000) - 600 });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('webhook_signature_invalid');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/identification/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    // A valid signature over another payload than the one sent.
    const [head, , signature] = (await signed(body)).split('.');
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(JSON.stringify({ data: body })), iat: Math.floor(Date.now() / 1000) }),
    ).toString('base64url');
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/identification/webhook/sandbox',
      headers: { 'content-type': 'application/jwt' },
      payload: `${head}.${other}.${signature}`,
    });
    expect(tampered.statusCode).toBe(401);

    expect(await eventCount()).toBe(before);
    // Each named the transaction: its result is fetched from the partner's API (which has none yet).
    const fetches = await listQueuedJobs(t.app.db, 'identification.fetch-result');
    expect(fetches.length - fetchesBefore).toBe(4);
    expect(fetches.at(-1)!.data).toMatchObject({ identificationId: ident.id, reason: 'unverified_webhook' });
    await t.jobs.drain({ includeDelayed: true });
    expect(await eventCount()).toBe(before);
    expect((await identification(me, ident.id)).state).toBe('init');
    expect(await kycPassed(me.id)).toBe(false);
  });

  it("books what the partner's API reports, not what an unverifiable webhook claims", async () => {
    const { me, ident, transactionNumber } = await started();
    await press(ident.urlKycStart, 'start_call');
    // The reviewer rejects; the webhook of that decision is lost.
    await press(ident.urlKycStart, 'FRAUD_SUSPICION_CONFIRMED', { callback: 'lose' });
    const lost = await listQueuedJobs(t.app.db, 'identification.sandbox-deliver');
    expect(
      lost.filter((j) => j.data.result === 'FRAUD_SUSPICION_CONFIRMED' && j.state === 'created'),
    ).toEqual([]);
    // A forged approval names the transaction.
    const forged = await deliver(resultEvent('evt_forged_approval', transactionNumber, 'SUCCESS'), {
      secret: 'an-attackers-key-0123456789abcdef',
    });
    expect(forged.statusCode).toBe(401);
    await t.jobs.drain({ includeDelayed: true });
    expect((await identification(me, ident.id)).state).toBe('rejected');
    expect(await kycPassed(me.id)).toBe(false);
    const audit = await auditRows(me.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ partnerResult: 'FRAUD_SUSPICION_CONFIRMED', to: 'rejected' });
  });

  it('applies an event once: a replayed delivery answers 200 and changes nothing', async () => {
    const { me, ident, transactionNumber } = await started();
    const body = resultEvent('evt_replay_1', transactionNumber, 'SUCCESS');
    const first = await deliver(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    await t.jobs.drain({ includeDelayed: true });
    expect((await identification(me, ident.id)).state).toBe('approved');

    // The same event again, freshly signed (a retried delivery), and once more after the state moved on.
    const replay = await deliver(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    await t.jobs.drain({ includeDelayed: true });
    const events = await t.app.db
      .select()
      .from(partnerEvents)
      .where(and(eq(partnerEvents.provider, 'sandbox'), eq(partnerEvents.eventId, 'evt_replay_1')));
    expect(events).toHaveLength(1);
    expect(events[0]!.processedAt).not.toBeNull();
    expect(events[0]!.error).toBeNull();
    expect(await auditRows(me.id)).toHaveLength(1);
  });

  it('records an unknown event type with its error and answers 200', async () => {
    const { me, ident, transactionNumber } = await started();
    const res = await deliver(
      resultEvent('evt_unknown_type_1', transactionNumber, 'SUCCESS', 'identification.deleted'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const [ev] = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.eventId, 'evt_unknown_type_1'));
    expect(ev).toMatchObject({ type: 'identification.deleted', error: 'unknown_event_type' });
    expect(ev!.processedAt).not.toBeNull();
    await t.jobs.drain({ includeDelayed: true });
    expect((await identification(me, ident.id)).state).toBe('init');
  });

  it('records an unknown result, an unknown transaction and a payload without event id with their errors', async () => {
    const { me, ident, transactionNumber } = await started();
    const unknownResult = await deliver(
      resultEvent('evt_unknown_result_1', transactionNumber, 'APPROVED_BY_MAGIC'),
    );
    expect(unknownResult.statusCode).toBe(200);
    const unknownTx = await deliver(resultEvent('evt_unknown_tx_1', 'no-such-transaction', 'SUCCESS'));
    expect(unknownTx.statusCode).toBe(200);
    const noId = await deliver({ type: 'identification.result', data: {} });
    expect(noId.statusCode).toBe(200);
    const errors = await t.app.db
      .select({ eventId: partnerEvents.eventId, error: partnerEvents.error })
      .from(partnerEvents)
      .where(eq(partnerEvents.provider, 'sandbox'));
    expect(errors).toEqual(
      expect.arrayContaining([
        { eventId: 'evt_unknown_result_1', error: 'unknown_result' },
        { eventId: 'evt_unknown_tx_1', error: 'unknown_transaction' },
        { eventId: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), error: 'malformed_payload' },
      ]),
    );
    await t.jobs.drain({ includeDelayed: true });
    expect((await identification(me, ident.id)).state).toBe('init');
  });

  it('keeps a result that arrives after the final decision as an error, the state unchanged', async () => {
    const { me, ident, transactionNumber } = await started();
    await deliver(resultEvent('evt_final_1', transactionNumber, 'FRAUD_SUSPICION_CONFIRMED'));
    await t.jobs.drain({ includeDelayed: true });
    await deliver(resultEvent('evt_final_2', transactionNumber, 'SUCCESS'));
    await t.jobs.drain({ includeDelayed: true });
    expect((await identification(me, ident.id)).state).toBe('rejected');
    expect(await kycPassed(me.id)).toBe(false);
    const [ev] = await t.app.db.select().from(partnerEvents).where(eq(partnerEvents.eventId, 'evt_final_2'));
    expect(ev!.error).toBe('invalid_transition: rejected -> approved (SUCCESS)');
  });

  it("refuses a signed event that is not an object (401), and answers the inactive partner's route with 404", async () => {
    const list = await deliver([1, 2, 3]);
    expect(list.statusCode).toBe(401);
    expect(list.json().code).toBe('webhook_signature_invalid');
    const idnow = await deliver({ id: 'evt_x', type: 'identification.result' }, { provider: 'idnow' });
    expect(idnow.statusCode).toBe(404);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/identification/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('a lost callback (decision 029)', () => {
  it('is recovered by the polling job from the partner API; the late callback then changes nothing', async () => {
    const me = await investor({ locale: 'en' });
    const ident = await start(me);
    await press(ident.urlKycStart, 'start_call');
    const decided = await press(ident.urlKycStart, 'SUCCESS', { callback: 'lose' });
    expect(decided.statusCode).toBe(303);
    await t.jobs.drain({ includeDelayed: true });
    // No webhook: the platform does not know yet.
    expect((await identification(me, ident.id)).state).toBe('init');

    // Not before the first poll is due (10 minutes after the last change) …
    const [row] = await t.app.db.select().from(identifications).where(eq(identifications.id, ident.id));
    const at = (minutes: number) => new Date(row!.updatedAt.getTime() + minutes * 60_000);
    const mine = async () =>
      (await listQueuedJobs(t.app.db, 'identification.fetch-result')).filter(
        (j) => j.data.identificationId === ident.id && j.data.reason === 'poll',
      );
    await pollOpenIdentifications({ db: t.app.db, provider: 'sandbox', now: at(5) });
    expect(await mine()).toHaveLength(0);
    // … then the scheduled poll asks the partner's API and books its answer.
    await pollOpenIdentifications({ db: t.app.db, provider: 'sandbox', now: at(11) });
    expect(await mine()).toHaveLength(1);
    await t.jobs.drain({ includeDelayed: true });
    expect((await identification(me, ident.id)).state).toBe('approved');
    expect(await kycPassed(me.id)).toBe(true);
    expect(await lastMail(t.app, me.email, 'identification_approved')).toBeDefined();

    // The callback arrives after all: received, and the result is not booked twice.
    const partner = t.partners.identification;
    if (!('sandbox' in partner)) throw new Error('the sandbox partner is expected');
    const caseId = new URL(ident.urlKycStart).pathname.split('/').pop()!;
    const kase = await partner.sandbox.findCase(t.app.db, caseId);
    await partner.sandbox.deliver({
      db: t.app.db,
      delivery: {
        caseId,
        eventId: 'evt_late_callback',
        result: 'SUCCESS',
        reason: null,
        decidedAt: kase!.person.decision!.decidedAt,
      },
    });
    await t.jobs.drain({ includeDelayed: true });
    const [late] = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.eventId, 'evt_late_callback'));
    expect(late!.processedAt).not.toBeNull();
    expect(late!.error).toBeNull();
    expect(await auditRows(me.id)).toHaveLength(1);
    // A decided identification is not polled again.
    await pollOpenIdentifications({ db: t.app.db, provider: 'sandbox', now: at(21) });
    expect(await mine()).toHaveLength(1);
  });

  it("serves IDnow's login (tokens with a lifetime) and the result by API; an expired or foreign token answers 401", async () => {
    const me = await investor();
    const ident = await start(me);
    const tx = await externalIdOf(ident.id);
    const base = '/sandbox/kyc/api/v1/sandbox';
    const refused = await t.app.inject({
      method: 'POST',
      url: `${base}/login`,
      payload: { apiKey: 'guess' },
    });
    expect(refused.statusCode).toBe(401);
    const apiKey = sandboxApiKey(t.config.appSecret);
    const login = await t.app.inject({ method: 'POST', url: `${base}/login`, payload: { apiKey } });
    expect(login.statusCode).toBe(200);
    const token = login.json().authToken as string;
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBe(t.config.identification.sandbox.loginTokenSeconds);

    const get = (headers: Record<string, string>) =>
      t.app.inject({ url: `${base}/identifications/${tx}`, headers });
    expect((await get({})).statusCode).toBe(401);
    const open = await get({ 'x-api-login-token': token });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ identificationprocess: { transactionnumber: tx, result: null } });
    expect(
      (await t.app.inject({ url: `${base}/identifications/nope`, headers: { 'x-api-login-token': token } }))
        .statusCode,
    ).toBe(404);
    const expired = await signSandboxLoginToken({
      secret: Buffer.from(hmacSha256Hex(apiKey, 'kyc-sandbox:login-token'), 'hex'),
      companyId: 'sandbox',
      seconds: 1800,
      nowSeconds: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await get({ 'x-api-login-token': expired })).json()).toEqual({
      errors: [{ cause: 'INVALID_LOGIN_TOKEN' }],
    });
    const keys = await t.app.inject({ url: '/sandbox/kyc/.well-known/jwks.json' });
    expect(keys.json().keys).toEqual([expect.objectContaining({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' })]);
    expect(JSON.stringify(keys.json())).not.toMatch(/"d"/);
  });

  it('polls on a backing-off schedule, bounded to the time a check may take', () => {
    const minutes = (m: number) => m * 60_000;
    const dueAt = [] as number[];
    for (let m = 0; m <= 60 * 24 * 31; m += 5)
      if (identificationPollDue(minutes(m), minutes(5))) dueAt.push(m);
    expect(dueAt.slice(0, 6)).toEqual([10, 20, 40, 80, 160, 320]);
    // Then every 6 hours, and never after 30 days.
    expect(dueAt[6]! - dueAt[5]!).toBe(320);
    expect(dueAt[8]! - dueAt[7]!).toBe(360);
    expect(dueAt.at(-1)!).toBeLessThanOrEqual(60 * 24 * 30);
    expect(dueAt.length).toBeLessThan(130);
  });
});

describe('ownership and input', () => {
  it("customer B never sees customer A's identifications", async () => {
    const a = await investor();
    const b = await investor();
    const identA = await start(a);
    const other = await api(b).get(`/identification/${identA.id}`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('not_found');
    const list = await api(b).get('/identification');
    expect(list.body).toEqual([]);
    expect((await api(a).get(`/identification/${identA.id}`)).status).toBe(200);
    expect((await shop(t.app).get(`/identification/${identA.id}`)).status).toBe(401);
  });

  it.each([
    ['/identification?itemsPerPage=1000', 'invalid_query'],
    ['/identification?page=0', 'invalid_query'],
    ['/identification?unknown=1', 'invalid_query'],
    ['/identification/abc', 'invalid_query'],
    ['/identification/0', 'invalid_query'],
  ])('GET %s answers 400 %s', async (path, code) => {
    const me = await investor();
    const res = await api(me).get(path);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });
});
