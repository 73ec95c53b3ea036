import { professionalConsequencesNotice } from '@token/domain/documents';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceAuditLog, customers, professionalRequests, storedFiles } from '../../db/schema/index.ts';
import { seedCustomer, seedInvestor } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { type FormPart, makePdf, postMultipart, storedObjects } from '../documents/testing.ts';
import {
  decideProfessionalRequest,
  getProfessionalRequest,
  listOpenProfessionalRequests,
} from './professional.service.ts';

let t: TestApp;
let pdf: Buffer;
let operatorId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  pdf = await makePdf('Depotauszug zum 30.09.: Wertpapiere und Guthaben 612.400,00 EUR');
  operatorId = (await seedCustomer(t.app.db, { roles: ['admin'], twoFactorEnabled: true })).id;
});
afterAll(async () => {
  await t.close();
});

const base = '/api/v2/shop';
type Who = { id: number; uuid: string; token: string };
async function investor(roles: string[] = []): Promise<Who> {
  const c = await seedInvestor(t.app.db, { appSecret: t.config.appSecret, roles });
  const { token } = await loginAs(t.app, { email: c.email, password: testPassword });
  return { id: c.id, uuid: c.uuid, token };
}

const statement = (criterion: string) => ({
  criterion,
  explanation:
    criterion === 'portfolio'
      ? 'Wertpapierdepot und Tagesgeld bei zwei Banken, zusammen rund 610.000 Euro.'
      : 'Sechs Jahre Händlerin für Anleihen bei einer Landesbank in Frankfurt.',
});
const validRequest = {
  criteria: [statement('portfolio'), statement('profession')],
  consequencesAcknowledged: true,
};

type RequestJson = {
  id: number;
  status: string;
  missingEvidence: string[];
  evidence: { criterion: string; file: { uuid: string }; downloadUrl: string }[];
  reason: string | null;
  decidedAt: string | null;
};

async function fileRequest(who: Who): Promise<RequestJson> {
  const res = await shop(t.app, who.token).post('/professional-requests', validRequest);
  expect(res.status).toBe(201);
  return res.body as unknown as RequestJson;
}

let ip = 0;
function uploadEvidence(who: Who, requestId: number, parts: FormPart[]) {
  ip += 1;
  return postMultipart(t.app, {
    url: `${base}/professional-requests/${requestId}/evidence`,
    token: who.token,
    parts,
    ip: `10.30.${ip >> 8}.${ip & 255}`,
  });
}
const evidence = (criterion: string, data: Buffer = pdf, filename = 'nachweis.pdf'): FormPart[] => [
  { name: 'criterion', value: criterion },
  { name: 'file', filename, data },
];

async function auditOf(customerId: number) {
  return t.app.db
    .select()
    .from(complianceAuditLog)
    .where(eq(complianceAuditLog.customerId, customerId))
    .orderBy(asc(complianceAuditLog.id));
}

async function rolesOf(who: Who): Promise<string[]> {
  const res = await shop(t.app, who.token).get(`/customers/${who.uuid}`);
  return res.body.customerRolesAsString as string[];
}

describe('POST professional-requests', () => {
  it('files a request with the stated criteria and the confirmed notice, and logs it', async () => {
    const a = await investor();
    const res = await shop(t.app, a.token).post('/professional-requests', validRequest);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      status: 'requested',
      criteria: validRequest.criteria,
      consequencesAcknowledgedAt: expect.any(String),
      noticeVersion: professionalConsequencesNotice.version,
      evidence: [],
      missingEvidence: ['portfolio', 'profession'],
      reason: null,
      createdAt: expect.any(String),
      decidedAt: null,
    });
    const audit = await auditOf(a.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: a.id,
      action: 'professional_request_submitted',
      details: { requestId: res.body.id, criteria: ['portfolio', 'profession'] },
    });
  });

  it.each([
    [
      'one criterion only',
      { ...validRequest, criteria: [statement('portfolio')] },
      [
        {
          propertyPath: 'criteria',
          code: 'professional_criteria_minimum',
          message: 'Please state at least two of the three criteria',
        },
      ],
    ],
    [
      'the notice not confirmed',
      { ...validRequest, consequencesAcknowledged: false },
      [
        {
          propertyPath: 'consequencesAcknowledged',
          code: 'confirmation_required',
          message: expect.any(String),
        },
      ],
    ],
    [
      'an explanation too short',
      { ...validRequest, criteria: [statement('portfolio'), { criterion: 'profession', explanation: 'ja' }] },
      [
        {
          propertyPath: 'criteria.1.explanation',
          code: 'too_short',
          message: 'Text must be at least 10 characters long',
        },
      ],
    ],
    [
      'an unknown criterion',
      { ...validRequest, criteria: [statement('portfolio'), statement('lottery_win')] },
      [{ propertyPath: 'criteria.1.criterion', code: 'invalid_value', message: expect.any(String) }],
    ],
  ])('refuses %s (422) and files nothing', async (_name, body, violations) => {
    const a = await investor();
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/professional-requests`,
      headers: { authorization: `Bearer ${a.token}`, 'accept-language': 'en' },
      payload: body,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed', violations });
    expect(
      await t.app.db.select().from(professionalRequests).where(eq(professionalRequests.customerId, a.id)),
    ).toEqual([]);
  });

  it('allows one open request at a time (409), and none for a professional investor (409)', async () => {
    const a = await investor();
    await fileRequest(a);
    const second = await shop(t.app, a.token).post('/professional-requests', validRequest);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('professional_request_open');

    const pro = await investor(['professional_investor']);
    const refused = await shop(t.app, pro.token).post('/professional-requests', validRequest);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'already_professional',
      title: 'Sie sind bereits als professioneller Kunde eingestuft.',
    });
  });

  it('files one request when several arrive at once (real race on PostgreSQL)', async () => {
    const a = await investor();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => shop(t.app, a.token).post('/professional-requests', validRequest)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.code).toBe('professional_request_open');
    const rows = await t.app.db
      .select()
      .from(professionalRequests)
      .where(eq(professionalRequests.customerId, a.id));
    expect(rows).toHaveLength(1);
  });

  it('needs a login', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/professional-requests`,
      payload: validRequest,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('evidence', () => {
  it('streams a PDF per stated criterion; the owner downloads it, nobody else', async () => {
    const a = await investor();
    const b = await investor();
    const req = await fileRequest(a);
    const res = await uploadEvidence(a, req.id, evidence('portfolio', pdf, 'Depotauszug.pdf'));
    expect(res.status).toBe(201);
    const body = res.body as unknown as RequestJson;
    expect(body.missingEvidence).toEqual(['profession']);
    expect(body.evidence).toEqual([
      {
        criterion: 'portfolio',
        file: {
          uuid: expect.any(String),
          name: 'Depotauszug.pdf',
          size: pdf.length,
          mediaType: 'application/pdf',
        },
        downloadUrl: `${base}/file/${body.evidence[0]!.file.uuid}/download`,
      },
    ]);
    const own = await t.app.inject({
      url: body.evidence[0]!.downloadUrl,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(pdf)).toBe(true);
    const other = await t.app.inject({
      url: body.evidence[0]!.downloadUrl,
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses a text file, a criterion not stated, another customer’s request, and leaves nothing behind', async () => {
    const a = await investor();
    const b = await investor();
    const req = await fileRequest(a);
    const before = storedObjects(t.config.dataDir);

    const text = await uploadEvidence(
      a,
      req.id,
      evidence('portfolio', Buffer.from('kein pdf\n'.repeat(100)), 'x.pdf'),
    );
    expect(text.status).toBe(415);
    expect(text.body.code).toBe('file_type_not_allowed');

    const unstated = await uploadEvidence(a, req.id, evidence('transactions'));
    expect(unstated.status).toBe(422);
    expect(unstated.body.violations).toMatchObject([{ propertyPath: 'criterion', code: 'invalid_value' }]);

    const late = await uploadEvidence(a, req.id, [
      { name: 'file', filename: 'x.pdf', data: pdf },
      { name: 'criterion', value: 'transactions' },
    ]);
    expect(late.status).toBe(422);

    const foreign = await uploadEvidence(b, req.id, evidence('portfolio'));
    expect(foreign.status).toBe(404);

    const missing = await uploadEvidence(a, req.id, [{ name: 'criterion', value: 'portfolio' }]);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('no_file_uploaded');

    expect(storedObjects(t.config.dataDir)).toEqual(before);
    expect(await t.app.db.select().from(storedFiles).where(eq(storedFiles.customerId, a.id))).toEqual([]);
  });

  it('takes three files per criterion and refuses a fourth (422)', async () => {
    const a = await investor();
    const req = await fileRequest(a);
    for (let i = 0; i < 3; i++)
      expect((await uploadEvidence(a, req.id, evidence('profession'))).status).toBe(201);
    const fourth = await uploadEvidence(a, req.id, evidence('profession'));
    expect(fourth.status).toBe(422);
    expect(fourth.body.code).toBe('document_limit_reached');
  });

  it('removes an evidence file with its stored object while the request is open', async () => {
    const a = await investor();
    const b = await investor();
    const req = await fileRequest(a);
    const up = (await uploadEvidence(a, req.id, evidence('portfolio'))).body as unknown as RequestJson;
    const uuid = up.evidence[0]!.file.uuid;
    const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.uuid, uuid));

    expect(
      (await shop(t.app, b.token).delete(`/professional-requests/${req.id}/evidence/${uuid}`)).status,
    ).toBe(404);
    expect(await t.app.partners.storage.get(row!.storageKey)).not.toBeNull();

    const res = await shop(t.app, a.token).delete(`/professional-requests/${req.id}/evidence/${uuid}`);
    expect(res.status).toBe(204);
    expect(await t.app.partners.storage.get(row!.storageKey)).toBeNull();
    const after = (await shop(t.app, a.token).get(`/professional-requests/${req.id}`))
      .body as unknown as RequestJson;
    expect(after.evidence).toEqual([]);
    expect(after.missingEvidence).toEqual(['portfolio', 'profession']);
  });
});

describe('GET professional-requests and withdrawal', () => {
  it('lists the customer’s own requests newest first; another customer sees none of them', async () => {
    const a = await investor();
    const b = await investor();
    const first = await fileRequest(a);
    expect((await shop(t.app, a.token).patch(`/professional-requests/${first.id}/withdraw`)).status).toBe(
      200,
    );
    const second = await fileRequest(a);

    const list = await shop(t.app, a.token).get('/professional-requests');
    expect((list.body as unknown as RequestJson[]).map((r) => [r.id, r.status])).toEqual([
      [second.id, 'requested'],
      [first.id, 'withdrawn'],
    ]);
    const ld = await t.app.inject({
      url: `${base}/professional-requests`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(ld.json()['hydra:totalItems']).toBe(2);
    expect(ld.json()['hydra:member'][0]['@id']).toBe(`${base}/professional-requests/${second.id}`);

    expect((await shop(t.app, b.token).get('/professional-requests')).body).toEqual([]);
    expect((await shop(t.app, b.token).get(`/professional-requests/${second.id}`)).status).toBe(404);
    expect((await shop(t.app, b.token).patch(`/professional-requests/${second.id}/withdraw`)).status).toBe(
      404,
    );
    expect((await shop(t.app, a.token).get(`/professional-requests/${second.id}`)).body.status).toBe(
      'requested',
    );
  });

  it('withdraws an open request once, logs it, and keeps its evidence from changing afterwards', async () => {
    const a = await investor();
    const req = await fileRequest(a);
    const withdrawn = await shop(t.app, a.token).patch(`/professional-requests/${req.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn', decidedAt: expect.any(String) });
    const again = await shop(t.app, a.token).patch(`/professional-requests/${req.id}/withdraw`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invalid_transition');
    const upload = await uploadEvidence(a, req.id, evidence('portfolio'));
    expect(upload.status).toBe(409);
    expect((await auditOf(a.id)).map((e) => e.action)).toEqual([
      'professional_request_submitted',
      'professional_request_withdrawn',
    ]);
  });
});

describe('decideProfessionalRequest (called by the operator area)', () => {
  it('approves only with evidence for every stated criterion, adds the role and logs the decision', async () => {
    const a = await investor();
    const req = await fileRequest(a);
    await uploadEvidence(a, req.id, evidence('portfolio'));

    const early = decideProfessionalRequest({
      db: t.app.db,
      requestId: req.id,
      operatorId,
      decision: 'approved',
    });
    await expect(early).rejects.toMatchObject({ code: 'professional_evidence_missing', status: 409 });
    expect(await rolesOf(a)).toEqual([]);

    await uploadEvidence(a, req.id, evidence('profession'));
    const open = await listOpenProfessionalRequests({ db: t.app.db, page: { page: 1, itemsPerPage: 100 } });
    expect(open.items.find((r) => r.id === req.id)).toMatchObject({ customerId: a.id, missingEvidence: [] });

    const decided = await decideProfessionalRequest({
      db: t.app.db,
      requestId: req.id,
      operatorId,
      decision: 'approved',
      reason: 'Depotauszug und Arbeitszeugnis geprüft',
    });
    expect(decided).toMatchObject({ status: 'approved', customerId: a.id, decidedAt: expect.any(String) });
    expect(await rolesOf(a)).toEqual(['professional_investor']);

    const [row] = await t.app.db
      .select()
      .from(professionalRequests)
      .where(eq(professionalRequests.id, req.id));
    expect(row).toMatchObject({ status: 'approved', decidedById: operatorId });
    const audit = await auditOf(a.id);
    expect(audit.at(-1)).toMatchObject({
      actorId: operatorId,
      action: 'professional_approved',
      reason: 'Depotauszug und Arbeitszeugnis geprüft',
      details: { requestId: req.id, criteria: ['portfolio', 'profession'] },
    });
    expect((audit.at(-1)!.details as { evidence: unknown[] }).evidence).toHaveLength(2);

    // Final: not decided twice, no new request, evidence frozen.
    await expect(
      decideProfessionalRequest({
        db: t.app.db,
        requestId: req.id,
        operatorId,
        decision: 'refused',
        reason: 'x',
      }),
    ).rejects.toMatchObject({ code: 'invalid_transition' });
    expect((await shop(t.app, a.token).post('/professional-requests', validRequest)).body.code).toBe(
      'already_professional',
    );
    const uuid = decided.evidence[0]!.file.uuid;
    const remove = await shop(t.app, a.token).delete(`/professional-requests/${req.id}/evidence/${uuid}`);
    expect(remove.status).toBe(409);
    expect(await rolesOf(a)).toEqual(['professional_investor']);
  });

  it('refuses with a reason the customer is shown; no role; a new request may follow', async () => {
    const a = await investor();
    const req = await fileRequest(a);

    await expect(
      decideProfessionalRequest({
        db: t.app.db,
        requestId: req.id,
        operatorId,
        decision: 'refused',
        reason: ' ',
      }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      violations: [{ propertyPath: 'reason', code: 'required' }],
    });

    const decided = await decideProfessionalRequest({
      db: t.app.db,
      requestId: req.id,
      operatorId,
      decision: 'refused',
      reason: 'Der Depotauszug ist älter als drei Monate.',
    });
    expect(decided.status).toBe('refused');
    const seen = (await shop(t.app, a.token).get(`/professional-requests/${req.id}`)).body;
    expect(seen).toMatchObject({ status: 'refused', reason: 'Der Depotauszug ist älter als drei Monate.' });
    expect(await rolesOf(a)).toEqual([]);
    expect((await auditOf(a.id)).at(-1)).toMatchObject({
      actorId: operatorId,
      action: 'professional_refused',
      reason: 'Der Depotauszug ist älter als drei Monate.',
    });
    expect((await shop(t.app, a.token).post('/professional-requests', validRequest)).status).toBe(201);
  });

  it('takes decisions only from an operator other than the requester (403)', async () => {
    const a = await investor(['admin']);
    const req = await fileRequest(a);
    const notOperator = await investor();
    for (const id of [notOperator.id, a.id]) {
      await expect(
        decideProfessionalRequest({
          db: t.app.db,
          requestId: req.id,
          operatorId: id,
          decision: 'refused',
          reason: 'nein',
        }),
      ).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    }
    expect((await shop(t.app, a.token).get(`/professional-requests/${req.id}`)).body.status).toBe(
      'requested',
    );
  });

  it('does not find an unknown request, and keeps an existing role once', async () => {
    await expect(
      decideProfessionalRequest({ db: t.app.db, requestId: 987654, operatorId, decision: 'approved' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    const a = await investor();
    const req = await fileRequest(a);
    await uploadEvidence(a, req.id, evidence('portfolio'));
    await uploadEvidence(a, req.id, evidence('profession'));
    // An operator gave the role some other way meanwhile: approval does not add it twice.
    await t.app.db
      .update(customers)
      .set({ roles: ['professional_investor'] })
      .where(eq(customers.id, a.id));
    await decideProfessionalRequest({ db: t.app.db, requestId: req.id, operatorId, decision: 'approved' });
    expect(await rolesOf(a)).toEqual(['professional_investor']);
    const view = await getProfessionalRequest({ db: t.app.db, requestId: req.id });
    expect(view).toMatchObject({ status: 'approved', customerId: a.id, reason: null });
  });
});
