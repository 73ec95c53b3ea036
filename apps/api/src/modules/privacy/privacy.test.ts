import { inflateRawSync } from 'node:zlib';
import { platformToday } from '@token/domain/calendar';
import type { CustomerFile } from '@token/domain/compliance';
import { errorMessage } from '@token/domain/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  answeredQuestionnaires,
  authSessions,
  complianceAuditLog,
  customers,
  dataExports,
  erasureRequests,
  identifications,
  mailOutbox,
  orders,
  productCollectionItems,
  productCollections,
  registerHoldings,
  retainedRecords,
  storedFiles,
} from '../../db/schema/index.ts';
import { seedChannel } from '../../db/seed/channel.ts';
import {
  seedAnsweredQuestionnaire,
  seedBuyer,
  seedCustomerDocument,
  seedInvestor,
  seedOrder,
} from '../../db/seed/factories.ts';
import { privacyRetentionJob } from '../../jobs/privacy-retention.job.ts';
import { currentCode, loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { testBond } from '../../test/orders.ts';
import {
  admin,
  operatorWithToken,
  seedIdentifiedCustomer,
  seedProfessionalRequest,
} from '../admin/admin.test-kit.ts';
import { expireDataExports } from './data-export.service.ts';
import { purgeRetainedRecords } from './retention.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  await t.app.db.transaction((tx) => seedChannel(tx));
});
afterAll(async () => {
  await t.close();
});

/** The entries of a zip (central directory), each inflated: enough to read what the export holds. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataAt, dataAt + compressed);
    files.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

async function investorWithData(name: { firstName: string; lastName: string }) {
  const row = await seedBuyer(t.app.db, {
    appSecret: t.config.appSecret,
    ...name,
    address: { street: 'Lindenstraße 5', postcode: '10969', city: 'Berlin', countryCode: 'DE' },
  });
  const { variant } = await testBond(t);
  const order = await seedOrder(t.app.db, {
    customerId: row.id,
    variant,
    quantity: 10,
    state: 'completed',
    paymentState: 'paid',
  });
  // Minted: the order is settled and the tokens delivered.
  await t.app.db.update(orders).set({ shippingState: 'shipped' }).where(eq(orders.id, order.order.id));
  const doc = await seedCustomerDocument(t.app.db, {
    customerId: row.id,
    storage: t.partners.storage,
    bytes: Buffer.from(`%PDF-1.4 Ausweis ${name.lastName}`),
  });
  await seedAnsweredQuestionnaire(t.app.db, { customerId: row.id, type: 'adequacy', grade: 3 });
  const [favourites] = await t.app.db
    .insert(productCollections)
    .values({ customerId: row.id, type: 'favourites' })
    .returning();
  await t.app.db
    .insert(productCollectionItems)
    .values({ collectionId: favourites!.id, productId: variant.productId });
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  return { row, token, api: shop(t.app, token), order, doc };
}

describe('data export (GDPR Art. 15/20)', () => {
  it('a zip with the investor’s data and files, and nothing of another investor', async () => {
    const a = await investorWithData({ firstName: 'Anna', lastName: 'Auskunft' });
    const b = await investorWithData({ firstName: 'Bernd', lastName: 'Fremd' });

    for (const who of [a, b]) {
      await t.app.db.insert(mailOutbox).values({
        toAddress: who.row.email,
        fromAddress: 'noreply@tokenwerk.example',
        subject: `Ihre Bestellung ${who.row.lastName}`,
        text: 'Vielen Dank.',
        template: 'order_placed',
      });
    }
    const wrong = await a.api.post(`/customers/${a.row.uuid}/data-exports`, { password: 'falsch' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('bad_credentials');
    expect(await t.app.db.select().from(dataExports).where(eq(dataExports.customerId, a.row.id))).toEqual([]);

    // Another customer's uuid is not found; nothing is queued.
    const foreign = await b.api.post(`/customers/${a.row.uuid}/data-exports`, { password: testPassword });
    expect(foreign.status).toBe(404);

    const requested = await a.api.post(`/customers/${a.row.uuid}/data-exports`, { password: testPassword });
    expect(requested.status).toBe(202);
    expect(requested.body.state).toBe('pending');
    const again = await a.api.post(`/customers/${a.row.uuid}/data-exports`, { password: testPassword });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('data_export_pending');

    const notYet = await a.api.get(`/customers/${a.row.uuid}/data-exports/${requested.body.id}/link`);
    expect(notYet.status).toBe(409);
    await t.jobs.drain();

    const list = await a.api.get(`/customers/${a.row.uuid}/data-exports`, { accept: 'application/json' });
    const [first] = list.body as unknown as { id: string; state: string; size: number }[];
    expect(first).toMatchObject({ id: requested.body.id, state: 'ready' });
    expect(first!.size).toBeGreaterThan(0);

    // B cannot reach A's export, neither under A's uuid nor under B's own.
    expect((await b.api.get(`/customers/${a.row.uuid}/data-exports/${requested.body.id}/link`)).status).toBe(
      404,
    );
    expect((await b.api.get(`/customers/${b.row.uuid}/data-exports/${requested.body.id}/link`)).status).toBe(
      404,
    );

    const link = await a.api.get(`/customers/${a.row.uuid}/data-exports/${requested.body.id}/link`);
    expect(link.status).toBe(200);
    const url = new URL(String(link.body.url), 'http://localhost');
    const download = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(download.statusCode).toBe(200);
    const files = unzip(download.rawPayload);
    const names = [...files.keys()];
    expect(names).toContain('data.json');
    expect(names.some((n) => n.startsWith('documents/'))).toBe(true);
    expect(names.some((n) => n.startsWith('invoices/') && n.endsWith('.pdf'))).toBe(true);
    const doc = [...files.entries()].find(([n]) => n.startsWith('documents/'))![1];
    expect(doc.toString()).toContain('Ausweis Auskunft');
    const invoice = [...files.entries()].find(([n]) => n.startsWith('invoices/'))![1];
    expect(invoice.subarray(0, 4).toString()).toBe('%PDF');

    const json = files.get('data.json')!.toString();
    const data = JSON.parse(json);
    expect(data.account.email).toBe(a.row.email);
    expect(data.account.passwordHash).toBeUndefined();
    expect(data.orders.map((o: { number: string }) => o.number)).toEqual([a.order.order.number]);
    expect(data.invoices).toHaveLength(1);
    expect(data.onboarding.identifications).toHaveLength(1);
    expect(data.onboarding.questionnaires).toHaveLength(1);
    expect(data.onboarding.documents).toHaveLength(1);
    expect(data.collectibles.favourites).toHaveLength(1);
    expect(data.mails.map((m: { subject: string }) => m.subject)).toContain('Ihre Bestellung Auskunft');
    expect(data.addresses[0].street).toBe('Lindenstraße 5');
    // Nothing of B: not the address, the name, the order, the document.
    expect(json).not.toContain(b.row.email);
    expect(json).not.toContain('Fremd');
    expect(json).not.toContain(b.order.order.number!);
    for (const [, bytes] of files) expect(bytes.toString('latin1')).not.toContain('Ausweis Fremd');
    expect(json).not.toMatch(/argon2/);
  });

  it('asks for the two-factor code when two-factor is on', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ';
    const c = await seedInvestor(t.app.db, { appSecret: t.config.appSecret, twoFactorSecret: secret });
    const { token } = await loginAs(
      t.app,
      { email: c.email, password: testPassword },
      await currentCode(secret),
    );
    const api = shop(t.app, token);
    const missing = await api.post(`/customers/${c.uuid}/data-exports`, { password: testPassword });
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('two_factor_required');
    const wrong = await api.post(`/customers/${c.uuid}/data-exports`, {
      password: testPassword,
      code: '000000',
    });
    expect(wrong.body.code).toBe('two_factor_invalid');
    expect(await t.app.db.select().from(dataExports).where(eq(dataExports.customerId, c.id))).toEqual([]);
  });

  it('expired export files are removed by the retention step', async () => {
    const a = await investorWithData({ firstName: 'Egon', lastName: 'Ablauf' });
    const requested = await a.api.post(`/customers/${a.row.uuid}/data-exports`, { password: testPassword });
    await t.jobs.drain();
    const [row] = await t.app.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.uuid, String(requested.body.id)));
    expect(await t.partners.storage.get(row!.storageKey!)).not.toBeNull();
    expect(await expireDataExports({ db: t.app.db, storage: t.partners.storage })).toBe(0);
    const later = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect(
      await expireDataExports({ db: t.app.db, storage: t.partners.storage, now: later }),
    ).toBeGreaterThan(0);
    const [expired] = await t.app.db.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(expired).toMatchObject({ state: 'expired', storageKey: null });
    expect(await t.partners.storage.get(row!.storageKey!)).toBeNull();
    const link = await a.api.get(`/customers/${a.row.uuid}/data-exports/${requested.body.id}/link`);
    expect(link.body.code).toBe('data_export_not_ready');
  });
});

describe('erasure (GDPR Art. 17)', () => {
  it('is refused with a clear 409 while an order is unpaid or tokens are held, and files nothing', async () => {
    const row = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const { variant } = await testBond(t);
    const unpaid = await seedOrder(t.app.db, { customerId: row.id, variant, state: 'completed' });
    const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/shop/customers/${row.uuid}/erasure-requests`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'de' },
      payload: { password: testPassword },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'erasure_unpaid_orders' });
    expect(res.json().title).toContain('unbezahlte Bestellungen');

    await t.app.db
      .update(orders)
      .set({ paymentState: 'paid', shippingState: 'shipped' })
      .where(eq(orders.id, unpaid.order.id));
    await t.app.db
      .insert(registerHoldings)
      .values({ productId: variant.productId, customerId: row.id, balance: 5 });
    const held = await shop(t.app, token).post(`/customers/${row.uuid}/erasure-requests`, {
      password: testPassword,
    });
    expect(held.status).toBe(409);
    expect(held.body.code).toBe('erasure_open_positions');
    const positions = await shop(t.app, token).get(`/customers/${row.uuid}/open-positions`);
    expect(positions.body).toMatchObject({ tokensHeld: 5, blocker: 'erasure_open_positions' });
    expect(
      await t.app.db.select().from(erasureRequests).where(eq(erasureRequests.customerId, row.id)),
    ).toEqual([]);
  });

  it('the operator refuses with a reason; the customer may withdraw an open request', async () => {
    const a = await investorWithData({ firstName: 'Rita', lastName: 'Ablehnung' });
    const { token: operatorToken } = await operatorWithToken(t.app, t.config.appSecret);
    const filed = await a.api.post(`/customers/${a.row.uuid}/erasure-requests`, { password: testPassword });
    expect(filed.status).toBe(201);
    const short = await admin(t.app, operatorToken).post(`/erasure-requests/${filed.body.id}/refuse`, {
      reason: 'nein',
    });
    expect(short.status).toBe(422);
    const refused = await admin(t.app, operatorToken).post(`/erasure-requests/${filed.body.id}/refuse`, {
      reason: 'Laufende Prüfung der Staatsanwaltschaft',
    });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      state: 'refused',
      refusalReason: 'Laufende Prüfung der Staatsanwaltschaft',
    });
    const twice = await admin(t.app, operatorToken).post(`/erasure-requests/${filed.body.id}/confirm`, {});
    expect(twice.body.code).toBe('erasure_request_decided');
    const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, a.row.id));
    expect(customer!.email).toBe(a.row.email);

    const again = await a.api.post(`/customers/${a.row.uuid}/erasure-requests`, { password: testPassword });
    expect(again.status).toBe(201);
    const withdrawn = await a.api.delete(`/customers/${a.row.uuid}/erasure-requests/${again.body.id}`);
    expect(withdrawn.body.state).toBe('withdrawn');
    // Customers cannot reach the operator's calls.
    expect((await admin(t.app, a.token).get('/erasure-requests')).status).toBe(403);
  });

  it('confirmed: deletes and anonymises, keeps and locks what the law requires, closes the login', async () => {
    const a = await investorWithData({ firstName: 'Lena', lastName: 'Löschung' });
    const bystander = await investorWithData({ firstName: 'Paul', lastName: 'Bleibt' });
    const { token: operatorToken } = await operatorWithToken(t.app, t.config.appSecret);

    await t.app.db
      .update(customers)
      .set({ referralCommissionPerPaidOrder: 2500 })
      .where(eq(customers.id, a.row.id));
    const filed = await a.api.post(`/customers/${a.row.uuid}/erasure-requests`, {
      password: testPassword,
      reason: 'Ich nutze die Plattform nicht mehr.',
    });
    expect(filed.status).toBe(201);
    const dup = await a.api.post(`/customers/${a.row.uuid}/erasure-requests`, { password: testPassword });
    expect(dup.body.code).toBe('erasure_request_open');

    const list = await admin(t.app, operatorToken).get('/erasure-requests?state=requested');
    const item = (list.body as unknown as { customer: { uuid: string }; blocker: unknown }[]).find(
      (r) => r.customer.uuid === a.row.uuid,
    );
    expect(item).toMatchObject({ blocker: null });

    const confirmed = await admin(t.app, operatorToken).post(
      `/erasure-requests/${filed.body.id}/confirm`,
      {},
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.state).toBe('confirmed');
    const year = Number(platformToday().slice(0, 4));
    expect(confirmed.body.retained).toEqual([
      { category: 'identification', legalBasis: 'GwG § 8 (4)', retainUntil: `${year + 5}-12-31` },
      expect.objectContaining({ category: 'investment_records', retainUntil: `${year + 5}-12-31` }),
      expect.objectContaining({ category: 'accounting_vouchers', retainUntil: `${year + 8}-12-31` }),
      expect.objectContaining({ category: 'books', retainUntil: `${year + 10}-12-31` }),
      expect.objectContaining({ category: 'business_letters', retainUntil: `${year + 6}-12-31` }),
      expect.objectContaining({ category: 'register', retainUntil: null }),
    ]);

    // Anonymised and closed.
    const [stub] = await t.app.db.select().from(customers).where(eq(customers.id, a.row.id));
    expect(stub).toMatchObject({
      email: `erased-${a.row.uuid}@erased.invalid`,
      passwordHash: null,
      firstName: null,
      lastName: null,
      iban: null,
      twoFactorSecret: null,
      subscribedToNewsletter: false,
      referralCode: null,
      referralCommissionPerPaidOrder: 0,
    });
    expect(await t.app.db.select().from(authSessions).where(eq(authSessions.customerId, a.row.id))).toEqual(
      [],
    );
    expect(await t.app.db.select().from(addresses).where(eq(addresses.customerId, a.row.id))).toEqual([]);
    expect(
      await t.app.db.select().from(productCollections).where(eq(productCollections.customerId, a.row.id)),
    ).toEqual([]);
    expect((await a.api.get(`/customers/${a.row.uuid}`)).status).toBe(401);
    const login = await shop(t.app).post('/authentication-token', {
      email: a.row.email,
      password: testPassword,
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);

    // Kept and locked: identity snapshot, identification and documents in place, invoices as issued, orders.
    const [identity] = await t.app.db
      .select()
      .from(retainedRecords)
      .where(and(eq(retainedRecords.customerId, a.row.id), eq(retainedRecords.category, 'identification')));
    expect(identity!.data).toMatchObject({ firstName: 'Lena', lastName: 'Löschung', email: a.row.email });
    expect(
      await t.app.db.select().from(identifications).where(eq(identifications.customerId, a.row.id)),
    ).toHaveLength(1);
    expect(await t.app.db.select().from(orders).where(eq(orders.customerId, a.row.id))).toHaveLength(1);
    const [vouchers] = await t.app.db
      .select()
      .from(retainedRecords)
      .where(
        and(eq(retainedRecords.customerId, a.row.id), eq(retainedRecords.category, 'accounting_vouchers')),
      );
    expect(vouchers!.storageKeys).toHaveLength(1);
    const archivedPdf = await t.partners.storage.get(vouchers!.storageKeys[0]!);
    expect(archivedPdf?.subarray(0, 4).toString()).toBe('%PDF');

    // The bystander is untouched.
    const [other] = await t.app.db.select().from(customers).where(eq(customers.id, bystander.row.id));
    expect(other!.email).toBe(bystander.row.email);
    expect((await bystander.api.get(`/customers/${bystander.row.uuid}`)).status).toBe(200);

    // The retention job: nothing is due yet.
    expect(await purgeRetainedRecords({ db: t.app.db, storage: t.partners.storage })).toEqual([]);
    await t.jobs.enqueue(t.app.db, privacyRetentionJob, {});
    await t.jobs.drain();
    expect(
      await t.app.db.select().from(identifications).where(eq(identifications.customerId, a.row.id)),
    ).toHaveLength(1);

    // After the GwG / WpHG period (5 years after the end of the year): identification and records go.
    const sixYearsOn = new Date(`${year + 6}-01-02T12:00:00Z`);
    const purged = await purgeRetainedRecords({ db: t.app.db, storage: t.partners.storage, now: sixYearsOn });
    expect(
      purged
        .filter((p) => p.customerId === a.row.id)
        .map((p) => p.category)
        .sort(),
    ).toEqual(['identification', 'investment_records']);
    expect(
      await t.app.db.select().from(identifications).where(eq(identifications.customerId, a.row.id)),
    ).toEqual([]);
    expect(await t.app.db.select().from(storedFiles).where(eq(storedFiles.customerId, a.row.id))).toEqual([]);
    expect(await t.partners.storage.get(a.doc.file.storageKey)).toBeNull();
    expect(
      await t.app.db
        .select()
        .from(answeredQuestionnaires)
        .where(eq(answeredQuestionnaires.customerId, a.row.id)),
    ).toEqual([]);
    expect(await t.partners.storage.get(vouchers!.storageKeys[0]!)).not.toBeNull();
    // The bystander's identification and files stay.
    expect(
      await t.app.db.select().from(identifications).where(eq(identifications.customerId, bystander.row.id)),
    ).toHaveLength(1);
    expect(await t.partners.storage.get(bystander.doc.file.storageKey)).not.toBeNull();

    // After the voucher period (8 years): the archived invoices go; the register's record stays.
    const nineYearsOn = new Date(`${year + 9}-01-02T12:00:00Z`);
    await purgeRetainedRecords({ db: t.app.db, storage: t.partners.storage, now: nineYearsOn });
    expect(await t.partners.storage.get(vouchers!.storageKeys[0]!)).toBeNull();
    const left = await t.app.db
      .select()
      .from(retainedRecords)
      .where(and(eq(retainedRecords.customerId, a.row.id), eq(retainedRecords.category, 'register')));
    expect(left[0]!.purgedAt).toBeNull();
  });

  it('the operator’s customer file says so; an erased customer takes no decision and waits in no queue', async () => {
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret, {
      firstName: 'Edda',
      lastName: 'Entfernt',
      kycPassed: false,
      kycState: 'rejected_in_review',
    });
    const { request } = await seedProfessionalRequest(t.app, customer.id);
    const { token: operatorToken } = await operatorWithToken(t.app, t.config.appSecret);
    const operator = admin(t.app, operatorToken);
    const file = async () =>
      (await operator.get(`/customers/${customer.uuid}`)).body as unknown as CustomerFile;
    const queued = async () =>
      ((await operator.get('/customers?itemsPerPage=100')).body as unknown as { uuid: string }[]).map(
        (c) => c.uuid,
      );

    expect((await file()).erasure).toBeNull();
    expect(await queued()).toContain(customer.uuid);

    // Open: the file says since when; the review goes on until the operator decides the request.
    const { token } = await loginAs(t.app, { email: customer.email, password: testPassword });
    const filed = await shop(t.app, token).post(`/customers/${customer.uuid}/erasure-requests`, {
      password: testPassword,
    });
    expect(filed.status).toBe(201);
    const open = await file();
    expect(open.erasure).toEqual({
      state: 'requested',
      requestedAt: filed.body.requestedAt,
      decidedAt: null,
      retained: [],
    });
    expect(open.decisions).toContainEqual({ decision: 'ban', blocker: null });

    const confirmed = await operator.post(`/erasure-requests/${filed.body.id}/confirm`, {});
    expect(confirmed.status).toBe(200);
    const erased = await file();
    const year = Number(platformToday().slice(0, 4));
    expect(erased.customer).toMatchObject({
      firstName: null,
      email: `erased-${customer.uuid}@erased.invalid`,
    });
    expect(erased.erasure).toEqual({
      state: 'confirmed',
      requestedAt: filed.body.requestedAt,
      decidedAt: confirmed.body.decidedAt,
      retained: [
        {
          category: 'identification',
          legalBasis: 'GwG § 8 (4)',
          retainUntil: `${year + 5}-12-31`,
          purgedAt: null,
        },
        expect.objectContaining({ category: 'investment_records', retainUntil: `${year + 5}-12-31` }),
        expect.objectContaining({ category: 'accounting_vouchers', retainUntil: `${year + 8}-12-31` }),
        expect.objectContaining({ category: 'books', retainUntil: `${year + 10}-12-31` }),
        expect.objectContaining({ category: 'business_letters', retainUntil: `${year + 6}-12-31` }),
        expect.objectContaining({ category: 'register', retainUntil: null, purgedAt: null }),
      ],
    });
    // The open professional request ended with the relationship; nothing is decided any more.
    expect(erased.professionalRequests).toEqual([
      expect.objectContaining({ id: request.id, status: 'withdrawn' }),
    ]);
    expect(erased.queueReasons).toEqual([]);
    expect(erased.decisions).toEqual([
      { decision: 'approve', blocker: 'customer_erased' },
      { decision: 'follow_up', blocker: 'customer_erased' },
      { decision: 'ban', blocker: 'customer_erased' },
      { decision: 'lift_ban', blocker: 'customer_erased' },
    ]);
    const audit = async () =>
      t.app.db.select().from(complianceAuditLog).where(eq(complianceAuditLog.customerId, customer.id));
    const auditBefore = await audit();
    const ban = await operator.post(`/customers/${customer.uuid}/ban`, { reason: 'Sanktionslistentreffer' });
    expect(ban.status).toBe(409);
    expect(ban.body).toMatchObject({ code: 'customer_erased', title: errorMessage('customer_erased', 'de') });
    const professional = await admin(t.app, operatorToken, 'en').post(
      `/professional-requests/${request.id}/refuse`,
      { reason: 'Nachweise unzureichend' },
    );
    expect(professional.status).toBe(409);
    expect(professional.body).toMatchObject({
      code: 'customer_erased',
      title: errorMessage('customer_erased', 'en'),
    });
    const [stub] = await t.app.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(stub!.status).toBe(customer.status);
    expect(await audit()).toEqual(auditBefore);

    // The queue no longer lists them; every customer's list still finds the stub, waiting for nothing.
    expect(await queued()).not.toContain(customer.uuid);
    const all = await operator.get(`/customers?scope=all&search=${customer.uuid}`);
    expect(all.body).toEqual([expect.objectContaining({ uuid: customer.uuid, reasons: [] })]);

    // Once a period has passed, the file says what the retention job purged.
    await purgeRetainedRecords({
      db: t.app.db,
      storage: t.partners.storage,
      now: new Date(`${year + 6}-01-02T12:00:00Z`),
    });
    const purged = (await file()).erasure!.retained;
    expect(purged.find((r) => r.category === 'identification')!.purgedAt).toEqual(expect.any(String));
    expect(purged.find((r) => r.category === 'books')!.purgedAt).toBeNull();
  });

  it('an unknown request is 404 for the operator; bad input is 4xx', async () => {
    const { token } = await operatorWithToken(t.app, t.config.appSecret);
    const unknown = await admin(t.app, token).post(
      '/erasure-requests/6f1c2b1e-5d5a-4c1e-9a7e-1b2c3d4e5f60/confirm',
      {},
    );
    expect(unknown.status).toBe(404);
    const malformed = await admin(t.app, token).post('/erasure-requests/nope/confirm', {});
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
  });
});
