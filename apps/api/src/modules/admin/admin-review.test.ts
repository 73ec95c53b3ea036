import type { CustomerFile } from '@token/domain/compliance';
import { isOnboardingStepSettled } from '@token/domain/onboarding';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answeredQuestionnaires,
  complianceAuditLog,
  contactMessages,
  customerDocuments,
  uboUsers,
  wallets,
} from '../../db/schema/index.ts';
import { seedInvestor } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { getOnboarding } from '../onboarding/onboarding.service.ts';
import {
  admin,
  operatorWithToken,
  seedIdentifiedCustomer,
  seedProfessionalRequest,
  storeFile,
} from './admin.test-kit.ts';
import { listReviewQueue } from './review-queue.service.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  ({ token } = await operatorWithToken(t.app, t.config.appSecret));
});
afterAll(async () => {
  await t.close();
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

type QueueItem = { uuid: string; reasons: string[]; status: string | null; waitingSince: string | null };

async function queue(query = '') {
  const res = await admin(t.app, token).get(`/customers${query}`);
  expect(res.status).toBe(200);
  return res.body as unknown as QueueItem[];
}

async function queueUuids(query = '') {
  return (await queue(query)).map((c) => c.uuid);
}

describe('review queue (GET admin/customers)', () => {
  let identified: Awaited<ReturnType<typeof seedIdentifiedCustomer>>;
  let inReview: Awaited<ReturnType<typeof seedIdentifiedCustomer>>;
  let approved: Awaited<ReturnType<typeof seedIdentifiedCustomer>>;
  let professional: Awaited<ReturnType<typeof seedInvestor>>;
  let followUpAnswered: Awaited<ReturnType<typeof seedIdentifiedCustomer>>;
  let followUpSilent: Awaited<ReturnType<typeof seedIdentifiedCustomer>>;
  let fresh: Awaited<ReturnType<typeof seedInvestor>>;
  let banned: Awaited<ReturnType<typeof seedIdentifiedCustomer>>;

  beforeAll(async () => {
    const secret = t.config.appSecret;
    identified = await seedIdentifiedCustomer(t.app, secret, {
      firstName: 'Ida',
      lastName: 'Identifiziert',
      identifiedAt: minutesAgo(50),
    });
    inReview = await seedIdentifiedCustomer(t.app, secret, {
      firstName: 'Rita',
      lastName: 'Review',
      kycPassed: false,
      kycState: 'rejected_in_review',
      identifiedAt: minutesAgo(40),
    });
    approved = await seedIdentifiedCustomer(t.app, secret, {
      status: 'approved',
      identifiedAt: minutesAgo(90),
    });
    professional = await seedInvestor(t.app.db, {
      appSecret: secret,
      firstName: 'Paul',
      lastName: 'Profi',
      status: 'approved',
      kycPassed: true,
    });
    await seedProfessionalRequest(t.app, professional.id, minutesAgo(30));
    followUpAnswered = await seedIdentifiedCustomer(t.app, secret, {
      firstName: 'Fritz',
      lastName: 'Folge',
      status: 'follow_up',
      identifiedAt: minutesAgo(200),
    });
    followUpSilent = await seedIdentifiedCustomer(t.app, secret, {
      status: 'follow_up',
      identifiedAt: minutesAgo(200),
    });
    // their documents came with the onboarding, before the follow-up
    await t.app.db
      .update(customerDocuments)
      .set({ createdAt: minutesAgo(150) })
      .where(inArray(customerDocuments.customerId, [followUpAnswered.id, followUpSilent.id]));
    const { operator } = await operatorWithToken(t.app, secret);
    for (const c of [followUpAnswered, followUpSilent]) {
      await t.app.db.insert(complianceAuditLog).values({
        customerId: c.id,
        actorId: operator.id,
        action: 'follow_up_requested',
        reason: 'Registerauszug fehlt',
        createdAt: minutesAgo(100),
      });
    }
    // Fritz answered through the contact form after the follow-up (from his address, the form does
    // not link messages to accounts); the silent one wrote before it.
    await t.app.db.insert(contactMessages).values([
      {
        name: 'Fritz Folge',
        email: followUpAnswered.email.toUpperCase(),
        subject: 'Registerauszug',
        message: 'Anbei der aktuelle Auszug.',
        locale: 'de',
        customerId: null,
        createdAt: minutesAgo(20),
      },
      {
        name: 'Still',
        email: followUpSilent.email,
        subject: 'Frage',
        message: 'Vorher gefragt.',
        locale: 'de',
        customerId: followUpSilent.id,
        createdAt: minutesAgo(150),
      },
    ]);
    fresh = await seedInvestor(t.app.db, { appSecret: secret, firstName: 'Frieda', lastName: 'Frisch' });
    banned = await seedIdentifiedCustomer(t.app, secret, { status: 'banned', identifiedAt: minutesAgo(10) });
  });

  it('lists who waits, longest waiting first, each with why', async () => {
    const items = await queue();
    const mine = items.filter((i) =>
      [identified, inReview, professional, followUpAnswered].some((c) => c.uuid === i.uuid),
    );
    expect(mine.map((i) => [i.uuid, i.reasons])).toEqual([
      [identified.uuid, ['onboarding_complete']],
      [inReview.uuid, ['identification_review']],
      [professional.uuid, ['professional_request']],
      [followUpAnswered.uuid, ['follow_up_answered']],
    ]);
    const uuids = items.map((i) => i.uuid);
    for (const c of [approved, followUpSilent, fresh, banned]) expect(uuids).not.toContain(c.uuid);
    const waiting = items.map((i) => i.waitingSince!);
    expect([...waiting].sort()).toEqual(waiting);
  });

  it('shows the onboarding state of each row', async () => {
    const [row] = (await queue(`?search=${encodeURIComponent(identified.email)}`)) as unknown as Record<
      string,
      unknown
    >[];
    expect(row).toMatchObject({
      uuid: identified.uuid,
      email: identified.email,
      fullName: 'Ida Identifiziert',
      accountType: 'personal',
      status: null,
      cryptoRegistrarStatus: 'approval_required',
      kycPassed: true,
      kycState: 'approved',
      hasWallet: true,
      reasons: ['onboarding_complete'],
    });
  });

  it('filters by reason and by status; `unchecked` includes a status never set', async () => {
    expect(await queueUuids('?reason=professional_request')).toEqual([professional.uuid]);
    expect(await queueUuids('?reason=follow_up_answered')).toEqual([followUpAnswered.uuid]);
    expect(await queueUuids('?status=follow_up')).toEqual([followUpAnswered.uuid]);
    const unchecked = await queueUuids('?status=unchecked');
    expect(unchecked).toContain(identified.uuid);
    expect(unchecked).not.toContain(professional.uuid);
    // every customer, e.g. to find a banned one
    expect(await queueUuids('?scope=all&status=banned')).toEqual([banned.uuid]);
    const all = await queueUuids('?scope=all&itemsPerPage=100');
    for (const c of [approved, fresh, banned, identified]) expect(all).toContain(c.uuid);
  });

  it('searches names, company names and e-mail addresses, taking % and _ literally', async () => {
    expect(await queueUuids('?scope=all&search=frieda%20FRISCH')).toEqual([fresh.uuid]);
    expect(await queueUuids(`?scope=all&search=${encodeURIComponent(fresh.email.toUpperCase())}`)).toEqual([
      fresh.uuid,
    ]);
    expect(await queueUuids('?scope=all&search=%25')).toEqual([]);
    expect(await queueUuids('?scope=all&search=_')).toEqual([]);
    expect(await queueUuids('?search=Frieda')).toEqual([]);
  });

  it('pages with Hydra totals', async () => {
    const res = await t.app.inject({
      url: '/api/v2/admin/customers?itemsPerPage=2&page=2',
      headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(4);
    expect(body['hydra:member'].map((m: { uuid: string }) => m.uuid)).toEqual([
      professional.uuid,
      followUpAnswered.uuid,
    ]);
    expect(body['hydra:member'][0]['@id']).toBe(`/api/v2/admin/customers/${professional.uuid}`);
    expect(body['hydra:view']['hydra:previous']).toContain('page=1');
  });

  it('answers bad filters with a 400 naming the parameter, in the reader language', async () => {
    for (const [query, path] of [
      ['?status=vip', 'status'],
      ['?reason=boredom', 'reason'],
      ['?scope=everything', 'scope'],
      ['?itemsPerPage=1000', 'itemsPerPage'],
      [`?search=${'x'.repeat(101)}`, 'search'],
      ['?sort=name', 'sort'],
    ] as const) {
      const res = await admin(t.app, token, 'en').get(`/customers${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('invalid_query');
      expect(res.body.title).toBe('The query parameters are invalid.');
      expect((res.body.violations as { propertyPath: string }[])[0]!.propertyPath).toBe(path);
    }
  });
});

describe('the queue and the entry gate agree (one function: awaitsComplianceReview)', () => {
  it('puts a customer in the queue when the gate finds every step done, and not before', async () => {
    const secret = t.config.appSecret;
    const noWallet = await seedIdentifiedCustomer(t.app, secret, { wallet: false });
    const noAdequacy = await seedIdentifiedCustomer(t.app, secret, { adequacy: false });
    const noPep = await seedIdentifiedCustomer(t.app, secret, { notPep: null });
    const registrarBanned = await seedIdentifiedCustomer(t.app, secret, {
      cryptoRegistrarStatus: 'rejected',
    });
    const done = await seedIdentifiedCustomer(t.app, secret);
    // identified by the partner, the cached flag not yet written: the gate reads the state too
    const notCached = await seedIdentifiedCustomer(t.app, secret, { kycPassed: false });
    const waiting = await queueUuids('?reason=onboarding_complete&itemsPerPage=100');
    expect(waiting).toContain(done.uuid);
    expect(waiting).toContain(notCached.uuid);
    for (const c of [noWallet, noAdequacy, noPep, registrarBanned]) expect(waiting).not.toContain(c.uuid);

    // each customer's file says the same as the queue, and as their own record's gate
    for (const [c, inQueue] of [
      [noWallet, false],
      [done, true],
    ] as const) {
      const file = (await admin(t.app, token).get(`/customers/${c.uuid}`)).body as unknown as CustomerFile;
      expect(file.queueReasons.includes('onboarding_complete')).toBe(inQueue);
      const own = await getOnboarding({ db: t.app.db, customerId: c.id });
      expect(own.steps.every((s) => isOnboardingStepSettled(s.state))).toBe(inQueue);
    }

    // the missing wallet arrives: now the customer waits
    await t.app.db.insert(wallets).values({
      customerId: noWallet.id,
      type: 'custody',
      name: 'Verwahrung',
      address: `0x${'ab'.repeat(20)}`,
      defaultWallet: true,
      provider: 'sandbox',
      externalId: 'late-wallet',
    });
    expect(await queueUuids('?reason=onboarding_complete&itemsPerPage=100')).toContain(noWallet.uuid);
  });

  it('asks the database the same few times however many customers wait (no N+1)', async () => {
    const count = async () => {
      let calls = 0;
      const counting = new Proxy(t.app.db, {
        get(target, prop, receiver) {
          if (prop === 'select' || prop === 'with') calls += 1;
          return Reflect.get(target, prop, receiver);
        },
      });
      const page = await listReviewQueue({
        db: counting,
        filter: { scope: 'queue' },
        page: { page: 1, itemsPerPage: 100 },
      });
      return { calls, waiting: page.items.filter((i) => i.reasons.includes('onboarding_complete')).length };
    };
    const before = await count();
    for (let i = 0; i < 8; i++) await seedIdentifiedCustomer(t.app, t.config.appSecret);
    const after = await count();
    expect(after.waiting).toBe(before.waiting + 8);
    expect(after.calls).toBe(before.calls);
  });
});

describe("a customer's file (GET admin/customers/{uuid})", () => {
  it('holds personal data, addresses, owners, documents, identification, questionnaires, wallet and requests', async () => {
    const company = await seedIdentifiedCustomer(t.app, t.config.appSecret, {
      accountType: 'company',
      companyName: 'Nordlicht Energie GmbH',
      companyType: 'limited_liability_company',
      registryNumber: 'HRB 123456',
      court: 'Amtsgericht Hamburg',
      taxNumber: '27/123/45678',
      roles: [],
      adequacy: false,
    });
    await t.app.db.insert(uboUsers).values([
      { customerId: company.id, roles: [10, 70], isUser: true, firstName: 'Erika', lastName: 'Mustermann' },
      {
        customerId: company.id,
        roles: [60],
        firstName: 'Hans',
        lastName: 'Anteil',
        equityShares: 2550,
        votingShares: 3000,
        birthDate: '1970-01-02',
      },
    ]);
    await t.app.db.insert(answeredQuestionnaires).values([
      {
        customerId: company.id,
        type: 'optional',
        version: '2026-01',
        answers: { q1: 'a' },
        grade: 1,
        result: 'answer',
      },
      {
        customerId: company.id,
        type: 'wphg_bonds',
        version: '2026-01',
        answers: { q1: 'b' },
        grade: 5,
        result: 'warning',
        warningsShown: ['not_appropriate'],
        warningsAcknowledgedAt: new Date(),
      },
    ]);
    const { request } = await seedProfessionalRequest(t.app, company.id);

    const res = await admin(t.app, token).get(`/customers/${company.uuid}`);
    expect(res.status).toBe(200);
    const file = res.body as unknown as CustomerFile;
    expect(file.customer).toMatchObject({
      uuid: company.uuid,
      accountType: 'company',
      companyName: 'Nordlicht Energie GmbH',
      registryNumber: 'HRB 123456',
      court: 'Amtsgericht Hamburg',
      taxnumber: '27/123/45678',
      birthDate: '1985-04-12',
      iban: 'DE89370400440532013000',
      notPep: true,
      kycPassed: true,
      status: null,
    });
    expect(file.addresses).toEqual([
      expect.objectContaining({ kind: 'personal', isDefault: true, city: 'Leipzig', postcode: '04107' }),
    ]);
    expect(file.uboUsers).toEqual([
      expect.objectContaining({ roles: [10, 70], isUser: true, lastName: 'Mustermann' }),
      expect.objectContaining({ roles: [60], equityShares: 25.5, votingShares: 30, birthdate: '1970-01-02' }),
    ]);
    expect(file.documents).toEqual([
      expect.objectContaining({
        type: 'registry_excerpt',
        purpose: 'commercial_register_excerpt',
        issuedAt: '2026-01-15',
        file: expect.objectContaining({
          uuid: company.fileUuid,
          name: 'Handelsregisterauszug.pdf',
          mediaType: 'application/pdf',
          downloadUrl: `/api/v2/admin/files/${company.fileUuid}`,
        }),
      }),
    ]);
    expect(file.identifications).toEqual([
      expect.objectContaining({
        state: 'approved',
        stateAsString: 'approved',
        display: 'passed',
        partnerResult: 'SUCCESS',
      }),
    ]);
    expect(file.questionnaires.map((q) => [q.type, q.grade, q.result, q.warningsAcknowledged])).toEqual(
      expect.arrayContaining([
        ['optional', 1, 'answer', false],
        ['wphg_bonds', 5, 'warning', true],
      ]),
    );
    expect(file.wallets).toEqual([expect.objectContaining({ type: 'custody', defaultWallet: true })]);
    expect(file.professionalRequests).toEqual([
      expect.objectContaining({
        id: request.id,
        status: 'requested',
        decidedBy: null,
        files: expect.arrayContaining([
          expect.objectContaining({ name: 'Depotauszug 2025.pdf', criterion: 'portfolio' }),
        ]),
      }),
    ]);
    // identified, but the gate finds the company's onboarding incomplete (company address and bank
    // country, UBO documents, a WpHG survey at 5 without the risk statements): not "complete"
    expect(file.queueReasons).toEqual(['professional_request']);
    expect(file.decisions).toEqual([
      { decision: 'approve', blocker: null },
      { decision: 'follow_up', blocker: null },
      { decision: 'ban', blocker: null },
      { decision: 'lift_ban', blocker: 'invalid_transition' },
    ]);
  });

  it('says why approval is not possible yet for an unidentified customer', async () => {
    const unidentified = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const res = await admin(t.app, token).get(`/customers/${unidentified.uuid}`);
    expect(res.body.decisions).toContainEqual({ decision: 'approve', blocker: 'customer_not_identified' });
    expect(res.body.identifications).toEqual([]);
  });

  it('answers an unknown customer 404 and a malformed id 400', async () => {
    const unknown = await admin(t.app, token).get('/customers/5f0c7a4e-0a54-4a43-9d85-2a7b7d2e9f11');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    expect((await admin(t.app, token).get('/customers/5f0c7a4e')).status).toBe(400);
    expect(
      (await admin(t.app, token).get('/customers/5f0c7a4e-0a54-4a43-9d85-2a7b7d2e9f11/audit-log')).status,
    ).toBe(404);
  });
});

describe('files (GET admin/files/{uuid})', () => {
  it('opens a PDF in the browser: inline, its name, nosniff, never cached, a policy that lets the viewer work', async () => {
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    const res = await t.app.inject({
      url: `/api/v2/admin/files/${customer.fileUuid}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Handelsregisterauszug.pdf"; filename*=UTF-8''Handelsregisterauszug.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toContain("object-src 'self'");
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.rawPayload.toString()).toContain('%PDF-1.4');
  });

  it('keeps a non-ASCII name and downloads what a browser should not show itself', async () => {
    const customer = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const pdf = await storeFile(t.app.db, t.app.partners.storage, customer.id, {
      name: 'Gesellschafterliste "Müller" 2026.pdf',
    });
    const res = await t.app.inject({
      url: `/api/v2/admin/files/${pdf.uuid}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Gesellschafterliste _Muller_ 2026.pdf"; filename*=UTF-8''Gesellschafterliste%20_M%C3%BCller_%202026.pdf`,
    );
    const html = await storeFile(t.app.db, t.app.partners.storage, customer.id, {
      name: 'x.html',
      mediaType: 'text/html',
      bytes: Buffer.from('<script>alert(1)</script>'),
    });
    const risky = await t.app.inject({
      url: `/api/v2/admin/files/${html.uuid}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(risky.headers['content-type']).toBe('application/octet-stream');
    expect(risky.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers 404 for an unknown file and for a record whose bytes are gone', async () => {
    const customer = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const gone = await storeFile(t.app.db, t.app.partners.storage, customer.id);
    await t.app.partners.storage.remove(gone.storageKey);
    for (const uuid of [gone.uuid, '3f7d1c1e-9a8b-4c6d-8e2f-0a1b2c3d4e5f']) {
      const res = await admin(t.app, token).get(`/files/${uuid}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
      expect((await admin(t.app, token).post(`/files/${uuid}/link`)).status).toBe(
        uuid === gone.uuid ? 201 : 404,
      );
    }
  });
});
