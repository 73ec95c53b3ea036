import { errorMessage, violationMessage } from '@token/domain/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceAuditLog, customers, mailOutbox, professionalRequests } from '../../db/schema/index.ts';
import { type CustomerRow, seedInvestor } from '../../db/seed/factories.ts';
import { lastMail } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import {
  admin,
  operatorWithToken,
  seedIdentifiedCustomer,
  seedProfessionalRequest,
  tokenFor,
} from './admin.test-kit.ts';

let t: TestApp;
let operator: CustomerRow;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  ({ operator, token } = await operatorWithToken(t.app, t.config.appSecret, {
    firstName: 'Clara',
    lastName: 'Hoffmann',
  }));
});
afterAll(async () => {
  await t.close();
});

const customerRow = async (id: number) =>
  (await t.app.db.select().from(customers).where(eq(customers.id, id)))[0]!;
const auditRows = (customerId: number) =>
  t.app.db
    .select()
    .from(complianceAuditLog)
    .where(eq(complianceAuditLog.customerId, customerId))
    .orderBy(complianceAuditLog.id);
const mailsTo = async (to: string) => t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

/** A decision must change nothing when it is refused: status, messages, audit log and mail as before. */
async function expectUnchanged(customer: CustomerRow, run: () => Promise<unknown>) {
  const before = {
    row: await customerRow(customer.id),
    audit: await auditRows(customer.id),
    mails: await mailsTo(customer.email),
  };
  await run();
  expect(await customerRow(customer.id)).toEqual(before.row);
  expect(await auditRows(customer.id)).toEqual(before.audit);
  expect(await mailsTo(customer.email)).toEqual(before.mails);
}

describe('approve', () => {
  it('approves an identified customer and writes the audit row (who, when, what, why)', async () => {
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    const before = Date.now();
    const res = await admin(t.app, token).post(`/customers/${customer.uuid}/approve`, {
      reason: '  Alle Unterlagen geprüft  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.customer).toEqual({
      uuid: customer.uuid,
      status: 'approved',
      followUpMessage: null,
      customerRolesAsString: [],
    });
    expect((await customerRow(customer.id)).status).toBe('approved');
    const [row] = await auditRows(customer.id);
    expect(row).toMatchObject({
      actorId: operator.id,
      action: 'customer_approved',
      reason: 'Alle Unterlagen geprüft',
      details: { from: null, to: 'approved' },
    });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body.auditEntry).toMatchObject({
      id: row!.id,
      action: 'customer_approved',
      actor: { uuid: operator.uuid, fullName: 'Clara Hoffmann', email: operator.email },
    });
    // the customer's page shows the log
    const log = await admin(t.app, token).get(`/customers/${customer.uuid}/audit-log`);
    expect(log.body).toEqual([res.body.auditEntry]);
  });

  it('mails the approved customer in their language, without the internal reason', async () => {
    const english = await seedIdentifiedCustomer(t.app, t.config.appSecret, {
      locale: 'en',
      firstName: 'Jonas',
      lastName: 'Wagner',
    });
    expect(
      (await admin(t.app, token).post(`/customers/${english.uuid}/approve`, { reason: 'Alles geprüft' }))
        .status,
    ).toBe(200);
    const mail = await lastMail(t.app, english.email, 'account_approved');
    expect(mail!.subject).toBe('Your Tokenwerk account has been approved');
    expect(mail!.text).toContain('Hello Jonas Wagner,');
    expect(mail!.text).toContain('http://localhost:3000/login');
    // the internal reason never reaches the customer
    expect(mail!.text).not.toContain('Alles geprüft');

    const german = await seedIdentifiedCustomer(t.app, t.config.appSecret, {
      firstName: 'Anna',
      lastName: 'Becker',
    });
    expect((await admin(t.app, token, 'en').post(`/customers/${german.uuid}/approve`)).status).toBe(200);
    const germanMail = await lastMail(t.app, german.email, 'account_approved');
    expect(germanMail!.subject).toBe('Ihr Konto bei Tokenwerk ist freigegeben');
    expect(germanMail!.text).toContain('Guten Tag Anna Becker,');
    expect(await mailsTo(german.email)).toHaveLength(1);
  });

  it('takes an approval without a body or reason', async () => {
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/admin/customers/${customer.uuid}/approve`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await auditRows(customer.id))[0]!.reason).toBeNull();
  });

  it('refuses to approve twice, an unidentified customer, or a banned one (409), changing nothing', async () => {
    const approved = await seedIdentifiedCustomer(t.app, t.config.appSecret, { status: 'approved' });
    await expectUnchanged(approved, async () => {
      const res = await admin(t.app, token, 'en').post(`/customers/${approved.uuid}/approve`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'invalid_transition',
        title: errorMessage('invalid_transition', 'en'),
      });
    });
    const unidentified = await seedInvestor(t.app.db, { appSecret: t.config.appSecret, status: 'requested' });
    await expectUnchanged(unidentified, async () => {
      const res = await admin(t.app, token).post(`/customers/${unidentified.uuid}/approve`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'customer_not_identified',
        title: errorMessage('customer_not_identified', 'de'),
      });
    });
    const banned = await seedIdentifiedCustomer(t.app, t.config.appSecret, { status: 'banned' });
    await expectUnchanged(banned, async () => {
      expect((await admin(t.app, token).post(`/customers/${banned.uuid}/approve`)).status).toBe(409);
    });
  });

  it('lets exactly one of two operators approving at once through', async () => {
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    const second = await operatorWithToken(t.app, t.config.appSecret);
    const answers = await Promise.all([
      admin(t.app, token).post(`/customers/${customer.uuid}/approve`),
      admin(t.app, second.token).post(`/customers/${customer.uuid}/approve`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await auditRows(customer.id)).toHaveLength(1);
  });

  it('never lets an operator decide on their own account', async () => {
    await t.app.db.update(customers).set({ kycPassed: true }).where(eq(customers.id, operator.id));
    const res = await admin(t.app, token).post(`/customers/${operator.uuid}/approve`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect((await customerRow(operator.id)).status).toBeNull();
    // the own file says so on every button
    const own = await admin(t.app, token).get(`/customers/${operator.uuid}`);
    expect((own.body.decisions as { blocker: string }[]).map((d) => d.blocker)).toEqual([
      'forbidden',
      'forbidden',
      'forbidden',
      'forbidden',
    ]);
  });

  it('answers an unknown customer 404', async () => {
    const res = await admin(t.app, token).post('/customers/0b3a0f1e-5d2c-4a8b-9c7d-6e5f4a3b2c1d/approve');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('follow-up', () => {
  const message = 'Bitte laden Sie einen Handelsregisterauszug hoch, der nicht älter als drei Monate ist.';

  it('needs a message and a reason: 422 with field violations in the reader language, nothing changed', async () => {
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    await expectUnchanged(customer, async () => {
      const res = await admin(t.app, token, 'en').post(`/customers/${customer.uuid}/follow-up`, {
        message: 'Bitte',
        reason: '   ',
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.violations).toEqual([
        {
          propertyPath: 'message',
          code: 'too_short',
          message: violationMessage('too_short', 'en', { value: 10 }),
        },
        { propertyPath: 'reason', code: 'required', message: violationMessage('required', 'en') },
      ]);
      const unknownField = await admin(t.app, token).post(`/customers/${customer.uuid}/follow-up`, {
        message,
        reason: 'Auszug zu alt',
        status: 'approved',
      });
      expect(unknownField.status).toBe(422);
      expect(unknownField.body.violations).toEqual([
        expect.objectContaining({ propertyPath: 'status', code: 'unknown_parameter' }),
      ]);
    });
  });

  it('sets the status and message, clears the "seen" mark, logs it, and mails the customer in their language', async () => {
    const english = await seedIdentifiedCustomer(t.app, t.config.appSecret, {
      locale: 'en',
      firstName: 'Jonas',
      lastName: 'Wagner',
      followUpSeenAt: new Date(Date.now() - 86_400_000),
      followUpMessage: 'Older question',
      status: 'follow_up',
    });
    const res = await admin(t.app, token).post(`/customers/${english.uuid}/follow-up`, {
      message: 'Please upload a commercial register excerpt not older than three months.',
      reason: 'Auszug älter als drei Monate',
    });
    expect(res.status).toBe(200);
    const row = await customerRow(english.id);
    expect(row).toMatchObject({
      status: 'follow_up',
      followUpMessage: 'Please upload a commercial register excerpt not older than three months.',
      followUpSeenAt: null,
    });
    const [audit] = await auditRows(english.id);
    expect(audit).toMatchObject({
      actorId: operator.id,
      action: 'follow_up_requested',
      reason: 'Auszug älter als drei Monate',
      details: {
        from: 'follow_up',
        to: 'follow_up',
        message: 'Please upload a commercial register excerpt not older than three months.',
      },
    });
    const mail = await lastMail(t.app, english.email, 'follow_up_requested');
    expect(mail!.subject).toBe('We need more information from you – Tokenwerk');
    expect(mail!.text).toContain('Hello Jonas Wagner,');
    expect(mail!.text).toContain('Please upload a commercial register excerpt not older than three months.');
    expect(mail!.text).toContain('http://localhost:3000/contact');
    // the internal reason never reaches the customer
    expect(mail!.text).not.toContain('Auszug älter');

    const german = await seedIdentifiedCustomer(t.app, t.config.appSecret, {
      firstName: 'Anna',
      lastName: 'Becker',
    });
    expect(
      (
        await admin(t.app, token, 'en').post(`/customers/${german.uuid}/follow-up`, {
          message,
          reason: 'Auszug zu alt',
        })
      ).status,
    ).toBe(200);
    const germanMail = await lastMail(t.app, german.email, 'follow_up_requested');
    expect(germanMail!.subject).toBe('Wir benötigen weitere Angaben von Ihnen – Tokenwerk');
    expect(germanMail!.text).toContain('Guten Tag Anna Becker,');
    expect(germanMail!.text).toContain(message);
  });

  it('clears the follow-up message when the customer is approved after answering', async () => {
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    await admin(t.app, token).post(`/customers/${customer.uuid}/follow-up`, {
      message,
      reason: 'Auszug zu alt',
    });
    const res = await admin(t.app, token).post(`/customers/${customer.uuid}/approve`);
    expect(res.status).toBe(200);
    expect(await customerRow(customer.id)).toMatchObject({ status: 'approved', followUpMessage: null });
    expect((await auditRows(customer.id)).map((r) => r.action)).toEqual([
      'follow_up_requested',
      'customer_approved',
    ]);
  });
});

describe('ban and lifting it', () => {
  it('needs a reason, bans without telling the customer why, and blocks other decisions until lifted', async () => {
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret, { status: 'approved' });
    await expectUnchanged(customer, async () => {
      const res = await admin(t.app, token).post(`/customers/${customer.uuid}/ban`, {});
      expect(res.status).toBe(422);
      expect(res.body.violations).toEqual([
        { propertyPath: 'reason', code: 'required', message: violationMessage('required', 'de') },
      ]);
    });
    const mailsBefore = await mailsTo(customer.email);
    const ban = await admin(t.app, token).post(`/customers/${customer.uuid}/ban`, {
      reason: 'Treffer auf der EU-Sanktionsliste bestätigt',
    });
    expect(ban.status).toBe(200);
    expect(ban.body.customer).toMatchObject({ status: 'banned' });
    expect(await mailsTo(customer.email)).toEqual(mailsBefore);

    for (const [decision, body] of [
      ['approve', { reason: 'Noch einmal' }],
      ['follow-up', { reason: 'Noch einmal', message: 'Bitte melden Sie sich bei uns.' }],
      ['ban', { reason: 'Noch einmal' }],
    ] as const) {
      const res = await admin(t.app, token).post(`/customers/${customer.uuid}/${decision}`, body);
      expect(res.status, decision).toBe(409);
      expect(res.body.code).toBe('invalid_transition');
    }
    const customerToken = await tokenFor(t.app, customer);
    expect(
      (await admin(t.app, customerToken).post(`/customers/${customer.uuid}/lift-ban`, { reason: 'Selbst' }))
        .status,
    ).toBe(403);

    const lift = await admin(t.app, token).post(`/customers/${customer.uuid}/lift-ban`, {
      reason: 'Namensgleichheit, keine Person der Sanktionsliste',
    });
    expect(lift.status).toBe(200);
    expect(lift.body.customer).toMatchObject({ status: 'unchecked' });
    expect(
      (await admin(t.app, token).post(`/customers/${customer.uuid}/lift-ban`, { reason: 'Zweimal' })).status,
    ).toBe(409);

    const log = await admin(t.app, token).get(`/customers/${customer.uuid}/audit-log`);
    expect(
      (log.body as unknown as { action: string; reason: string; details: unknown }[]).map((e) => [
        e.action,
        e.reason,
        e.details,
      ]),
    ).toEqual([
      [
        'ban_lifted',
        'Namensgleichheit, keine Person der Sanktionsliste',
        { from: 'banned', to: 'unchecked' },
      ],
      ['customer_banned', 'Treffer auf der EU-Sanktionsliste bestätigt', { from: 'approved', to: 'banned' }],
    ]);
  });
});

describe('professional requests', () => {
  it('approval adds the role professional_investor, records the decision, logs it and mails the customer', async () => {
    const customer = await seedInvestor(t.app.db, {
      appSecret: t.config.appSecret,
      locale: 'en',
      status: 'approved',
      roles: ['newsletter_reader'],
    });
    const { request } = await seedProfessionalRequest(t.app, customer.id);
    const res = await admin(t.app, token).post(`/professional-requests/${request.id}/approve`, {
      reason: 'Depot über 500.000 EUR und zehn Geschäfte je Quartal belegt',
    });
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({
      uuid: customer.uuid,
      customerRolesAsString: ['newsletter_reader', 'professional_investor'],
    });
    const [stored] = await t.app.db
      .select()
      .from(professionalRequests)
      .where(eq(professionalRequests.id, request.id));
    expect(stored).toMatchObject({
      status: 'approved',
      decidedById: operator.id,
      reason: 'Depot über 500.000 EUR und zehn Geschäfte je Quartal belegt',
    });
    expect(stored!.decidedAt).toBeInstanceOf(Date);
    expect(await auditRows(customer.id)).toEqual([
      expect.objectContaining({
        action: 'professional_approved',
        actorId: operator.id,
        details: expect.objectContaining({ requestId: request.id, criteria: ['transactions', 'portfolio'] }),
      }),
    ]);
    const mail = await lastMail(t.app, customer.email, 'professional_approved');
    expect(mail!.subject).toBe('You are now classified as a professional client');
    // decided once
    const again = await admin(t.app, token).post(`/professional-requests/${request.id}/refuse`, {
      reason: 'Doch nicht',
    });
    expect(again.status).toBe(409);
    expect((await customerRow(customer.id)).roles).toEqual(['newsletter_reader', 'professional_investor']);
    const file = await admin(t.app, token).get(`/customers/${customer.uuid}`);
    expect(file.body.professionalRequests).toEqual([
      expect.objectContaining({
        status: 'approved',
        decidedBy: { uuid: operator.uuid, fullName: 'Clara Hoffmann', email: operator.email },
      }),
    ]);
  });

  it('refusal needs a reason, keeps the roles, and mails the customer in their language', async () => {
    const customer = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const { request } = await seedProfessionalRequest(t.app, customer.id);
    await expectUnchanged(customer, async () => {
      const res = await admin(t.app, token, 'en').post(`/professional-requests/${request.id}/refuse`, {
        reason: '',
      });
      expect(res.status).toBe(422);
      expect(res.body.violations).toEqual([
        { propertyPath: 'reason', code: 'required', message: violationMessage('required', 'en') },
      ]);
    });
    const res = await admin(t.app, token).post(`/professional-requests/${request.id}/refuse`, {
      reason: 'Keine Nachweise über Geschäfte in relevantem Umfang',
    });
    expect(res.status).toBe(200);
    expect((await customerRow(customer.id)).roles).toEqual([]);
    const [stored] = await t.app.db
      .select()
      .from(professionalRequests)
      .where(eq(professionalRequests.id, request.id));
    expect(stored).toMatchObject({
      status: 'refused',
      reason: 'Keine Nachweise über Geschäfte in relevantem Umfang',
    });
    expect((await auditRows(customer.id)).map((r) => [r.action, r.reason])).toEqual([
      ['professional_refused', 'Keine Nachweise über Geschäfte in relevantem Umfang'],
    ]);
    const mail = await lastMail(t.app, customer.email, 'professional_refused');
    expect(mail!.subject).toBe('Ihr Antrag auf Einstufung als professioneller Kunde');
    expect(mail!.text).not.toContain('Keine Nachweise');
  });

  it('answers an unknown request 404 and a withdrawn one 409', async () => {
    expect((await admin(t.app, token).post('/professional-requests/999999/approve')).status).toBe(404);
    expect((await admin(t.app, token).post('/professional-requests/abc/approve')).status).toBe(400);
    const customer = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const { request } = await seedProfessionalRequest(t.app, customer.id);
    await t.app.db
      .update(professionalRequests)
      .set({ status: 'withdrawn' })
      .where(eq(professionalRequests.id, request.id));
    const res = await admin(t.app, token).post(`/professional-requests/${request.id}/approve`);
    expect(res.status).toBe(409);
    expect((await customerRow(customer.id)).roles).toEqual([]);
  });
});

describe('the audit log', () => {
  it('cannot be changed or deleted, not even by the database owner', async () => {
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    await admin(t.app, token).post(`/customers/${customer.uuid}/ban`, { reason: 'Betrugsverdacht' });
    const before = await auditRows(customer.id);
    expect(before).toHaveLength(1);
    await expect(
      t.app.db
        .update(complianceAuditLog)
        .set({ reason: 'geschönt' })
        .where(eq(complianceAuditLog.customerId, customer.id)),
    ).rejects.toThrow();
    await expect(
      t.app.db.delete(complianceAuditLog).where(eq(complianceAuditLog.customerId, customer.id)),
    ).rejects.toThrow();
    await expect(t.app.db.execute(sql`truncate compliance_audit_log`)).rejects.toThrow();
    expect(await auditRows(customer.id)).toEqual(before);
  });

  it('is listed newest first, paged, with Hydra totals', async () => {
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    await admin(t.app, token).post(`/customers/${customer.uuid}/follow-up`, {
      message: 'Bitte bestätigen Sie Ihre Anschrift.',
      reason: 'Adresse unklar',
    });
    await admin(t.app, token).post(`/customers/${customer.uuid}/approve`);
    await admin(t.app, token).post(`/customers/${customer.uuid}/ban`, { reason: 'Betrugsverdacht' });
    const res = await t.app.inject({
      url: `/api/v2/admin/customers/${customer.uuid}/audit-log?itemsPerPage=2`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
    });
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(3);
    expect(body['hydra:member'].map((e: { action: string }) => e.action)).toEqual([
      'customer_banned',
      'customer_approved',
    ]);
    expect(body['hydra:view']['hydra:next']).toContain('page=2');
  });
});
