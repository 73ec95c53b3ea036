import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkLedger, type LedgerPosting } from '@token/domain/servicing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  complianceAuditLog,
  customers,
  ledgerPostings,
  payouts,
  referralCommissions,
} from '../../db/schema/index.ts';
import { type CustomerRow, seedBond, seedBuyer, seedOrder } from '../../db/seed/factories.ts';
import { shop } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { admin, operatorWithToken, seedIdentifiedCustomer, tokenFor } from '../admin/admin.test-kit.ts';
import { bookOrderPaid, bookOrderRefunded } from '../orders/order-lifecycle.service.ts';
import { bookReferralCommission } from './referrals.service.ts';

let t: TestApp;
let operatorToken: string;
let partner: CustomerRow;
let partnerToken: string;
let variant: NonNullable<Awaited<ReturnType<typeof seedBond>>['variant']>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  ({ token: operatorToken } = await operatorWithToken(t.app, t.config.appSecret));
  partner = await seedBuyer(t.app.db, {
    appSecret: t.config.appSecret,
    firstName: 'Paula',
    lastName: 'Partner',
    referralCommissionPerRegisteredCustomer: 2_500,
    referralCommissionPerPaidOrder: 5_000,
  });
  partnerToken = await tokenFor(t.app, partner);
  const bond = await seedBond(t.app.db, { variant: { totalSupply: 100_000 } });
  variant = bond.variant!;
});
afterAll(async () => {
  await t.close();
});

const commissionsOf = (partnerId: number) =>
  t.app.db
    .select()
    .from(referralCommissions)
    .where(eq(referralCommissions.partnerId, partnerId))
    .orderBy(asc(referralCommissions.id));

const booking = () => ({ mail: t.app.partners.mail, publicUrl: t.config.publicUrl });

/** A referred customer waiting for the review (identified), referred by `by`. */
const referred = (by: CustomerRow, overrides: Partial<typeof customers.$inferInsert> = {}) =>
  seedIdentifiedCustomer(t.app, t.config.appSecret, {
    firstName: 'Rita',
    lastName: 'Geworben',
    referredById: by.id,
    ...overrides,
  });

/** A completed order of `customer` awaiting payment. */
const placedOrder = async (customerId: number) =>
  (await seedOrder(t.app.db, { customerId, variant, state: 'completed', quantity: 10 })).order;

const adminPut = (path: string, body: unknown, token: string | undefined = operatorToken) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v2/admin${path}`,
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body as object,
  });

describe('booking', () => {
  it('books the registered-customer commission with the approval, once', async () => {
    const customer = await referred(partner);
    const first = await admin(t.app, operatorToken).post(`/customers/${customer.uuid}/approve`, {});
    expect(first.status).toBe(200);
    // A second approval is refused, and the same event booked again is a no-op.
    const second = await admin(t.app, operatorToken).post(`/customers/${customer.uuid}/approve`, {});
    expect(second.status).toBe(409);
    expect(
      await t.app.db.transaction((tx) =>
        bookReferralCommission(tx, { kind: 'registered_customer', customerId: customer.id }),
      ),
    ).toBe(false);
    const rows = (await commissionsOf(partner.id)).filter((c) => c.referredCustomerId === customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'registered_customer', amountCents: 2_500, status: 'accrued' });
    const [posting] = await t.app.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.id, `referral_commission:customer:${customer.id}`));
    expect(posting?.lines).toEqual([
      { account: 'platform:commission_expense', side: 'debit', amountCents: 2_500 },
      { account: `partner:${partner.id}:payable`, side: 'credit', amountCents: 2_500 },
    ]);
  });

  it('books nothing for a self-referral or a partner without terms', async () => {
    const self = await seedIdentifiedCustomer(t.app, t.config.appSecret, {
      referralCommissionPerRegisteredCustomer: 1_000,
    });
    await t.app.db.update(customers).set({ referredById: self.id }).where(eq(customers.id, self.id));
    expect((await admin(t.app, operatorToken).post(`/customers/${self.uuid}/approve`, {})).status).toBe(200);
    expect(await commissionsOf(self.id)).toEqual([]);

    const noTerms = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const customer = await referred(noTerms);
    expect((await admin(t.app, operatorToken).post(`/customers/${customer.uuid}/approve`, {})).status).toBe(
      200,
    );
    expect(await commissionsOf(noTerms.id)).toEqual([]);
  });

  it('books a paid order once, even when the payment event arrives twice', async () => {
    const customer = await seedBuyer(t.app.db, { appSecret: t.config.appSecret, referredById: partner.id });
    const order = await placedOrder(customer.id);
    const first = await t.app.db.transaction((tx) => bookOrderPaid(tx, { orderId: order.id, ...booking() }));
    const again = await t.app.db.transaction((tx) => bookOrderPaid(tx, { orderId: order.id, ...booking() }));
    expect(first.booked).toBe(true);
    expect(again.booked).toBe(false);
    // Even a second booking call of the commission itself (a replayed hook) books nothing more.
    expect(
      await t.app.db.transaction((tx) =>
        bookReferralCommission(tx, { kind: 'paid_order', customerId: customer.id, orderId: order.id }),
      ),
    ).toBe(false);
    const rows = (await commissionsOf(partner.id)).filter((c) => c.orderId === order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'paid_order', amountCents: 5_000, status: 'accrued' });
  });

  it('uses the terms of the moment of the event', async () => {
    const other = await seedBuyer(t.app.db, {
      appSecret: t.config.appSecret,
      referralCommissionPerPaidOrder: 700,
    });
    const customer = await seedBuyer(t.app.db, { appSecret: t.config.appSecret, referredById: other.id });
    const a = await placedOrder(customer.id);
    await t.app.db.transaction((tx) => bookOrderPaid(tx, { orderId: a.id, ...booking() }));
    await adminPut(`/referral-partners/${other.uuid}/terms`, {
      referralCommissionPerRegisteredCustomer: 0,
      referralCommissionPerPaidOrder: 900,
    });
    const b = await placedOrder(customer.id);
    await t.app.db.transaction((tx) => bookOrderPaid(tx, { orderId: b.id, ...booking() }));
    expect((await commissionsOf(other.id)).map((c) => c.amountCents)).toEqual([700, 900]);
  });

  it('reverses the accrued commission of a refunded order with a counter posting', async () => {
    const customer = await seedBuyer(t.app.db, { appSecret: t.config.appSecret, referredById: partner.id });
    const order = await placedOrder(customer.id);
    await t.app.db.transaction((tx) => bookOrderPaid(tx, { orderId: order.id, ...booking() }));
    const refunded = await t.app.db.transaction((tx) =>
      bookOrderRefunded(tx, { orderId: order.id, reason: 'test', ...booking() }),
    );
    expect(refunded).toBe(true);
    const [row] = (await commissionsOf(partner.id)).filter((c) => c.orderId === order.id);
    expect(row?.status).toBe('reversed');
    const [counter] = await t.app.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.id, `referral_commission_reversal:order:${order.id}`));
    expect(counter?.lines).toEqual([
      { account: 'platform:commission_expense', side: 'credit', amountCents: 5_000 },
      { account: `partner:${partner.id}:payable`, side: 'debit', amountCents: 5_000 },
    ]);
  });

  it('keeps the ledger balanced', async () => {
    const rows = await t.app.db.select().from(ledgerPostings).orderBy(asc(ledgerPostings.createdAt));
    expect(rows.length).toBeGreaterThan(3);
    const ledger: LedgerPosting[] = rows.map((r) => ({
      postingId: r.id,
      kind: r.kind,
      bookedOn: r.bookedOn,
      lines: r.lines,
    }));
    expect(checkLedger(ledger)).toMatchObject({ ok: true });
    // The partner's payable is what is accrued: credits minus debits.
    const payable = ledger
      .flatMap((p) => p.lines)
      .filter((l) => l.account === `partner:${partner.id}:payable`)
      .reduce((s, l) => s + (l.side === 'credit' ? l.amountCents : -l.amountCents), 0);
    const accrued = (await commissionsOf(partner.id))
      .filter((c) => c.status === 'accrued')
      .reduce((s, c) => s + c.amountCents, 0);
    expect(payable).toBe(accrued);
  });
});

describe('the partner’s own view', () => {
  it('shows link, counts and commissions, and nothing of the referred customers', async () => {
    const res = await shop(t.app, partnerToken).get('/customer-referrals');
    expect(res.status).toBe(200);
    const view = res.body as Record<string, unknown> & { counts: Record<string, number> };
    expect(view).toMatchObject({
      referralCode: partner.referralCode,
      referralLink: `${t.config.publicUrl}/sign-up/${partner.referralCode}`,
      referralPartner: true,
      referralCommissionPerRegisteredCustomer: 2_500,
      referralCommissionPerPaidOrder: 5_000,
      accrued: 7_500,
      paid: 0,
    });
    // registered and approved: the reviewed one and two buyers (approved when seeded); investors: one
    // paid order (the other was refunded).
    expect(view.counts).toEqual({ registered: 3, approved: 3, investors: 1 });
    const text = JSON.stringify(view);
    const referredRows = await t.app.db
      .select()
      .from(customers)
      .where(eq(customers.referredById, partner.id));
    for (const r of referredRows) {
      expect(text).not.toContain(r.email);
      expect(text).not.toContain(r.uuid);
      expect(text).not.toContain(r.uuid.replaceAll('-', '').slice(0, 8));
    }
    expect(text).not.toContain('Geworben');
    expect(Object.keys((view.lines as object[])[0]!).sort()).toEqual([
      'amount',
      'bookedOn',
      'id',
      'kind',
      'status',
    ]);
    const me = await shop(t.app, partnerToken).get(`/customers/${partner.uuid}`);
    expect(me.body.referralPartner).toBe(true);
  });

  it('shows another customer only their own (empty) page', async () => {
    const [someone] = await t.app.db.select().from(customers).where(eq(customers.referredById, partner.id));
    const res = await shop(t.app, await tokenFor(t.app, someone!)).get('/customer-referrals');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ referralPartner: false, accrued: 0, paid: 0, lines: [] });
    expect(res.body.counts).toEqual({ registered: 0, approved: 0, investors: 0 });
    expect(JSON.stringify(res.body)).not.toContain(partner.email);
  });

  it('answers 401 to a visitor', async () => {
    expect((await shop(t.app).get('/customer-referrals')).status).toBe(401);
  });
});

describe('operators', () => {
  it('lists partners with counts and sums, searchable', async () => {
    const res = await admin(t.app, operatorToken).get('/referral-partners?search=Paula');
    expect(res.status).toBe(200);
    const list = res.body as unknown as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      uuid: partner.uuid,
      fullName: 'Paula Partner',
      accrued: 7_500,
      paid: 0,
      counts: { registered: 3, approved: 3, investors: 1 },
    });
    expect((await admin(t.app, operatorToken).get('/referral-partners?search=nobody-here')).body).toEqual([]);
  });

  it('sets the terms (0..100 000 €) with an audit row', async () => {
    const p = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const ok = await adminPut(`/referral-partners/${p.uuid}/terms`, {
      referralCommissionPerRegisteredCustomer: 1_000,
      referralCommissionPerPaidOrder: 0,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      referralPartner: true,
      referralCommissionPerRegisteredCustomer: 1_000,
    });
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(eq(complianceAuditLog.customerId, p.id));
    expect(audit.map((a) => a.action)).toContain('referral_terms_changed');
    const tooMuch = await adminPut(`/referral-partners/${p.uuid}/terms`, {
      referralCommissionPerRegisteredCustomer: 10_000_001,
      referralCommissionPerPaidOrder: 0,
    });
    expect(tooMuch.statusCode).toBe(422);
  });

  it('settles only accrued commissions into one statement with one commission payout', async () => {
    const before = await commissionsOf(partner.id);
    const res = await admin(t.app, operatorToken).post(`/referral-partners/${partner.uuid}/statements`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 7_500, lines: 2 });
    const after = await commissionsOf(partner.id);
    for (const c of after) {
      const was = before.find((b) => b.id === c.id)!;
      if (was.status === 'accrued') expect(c).toMatchObject({ status: 'paid', statementId: res.body.id });
      else expect(c.status).toBe(was.status);
    }
    const mine = await t.app.db.select().from(payouts).where(eq(payouts.customerId, partner.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'commission',
      amountCents: 7_500,
      runId: null,
      productId: null,
      status: 'pending',
    });
    const again = await admin(t.app, operatorToken).post(`/referral-partners/${partner.uuid}/statements`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('referral_commissions_none_accrued');
    const view = await shop(t.app, partnerToken).get('/customer-referrals');
    expect(view.body).toMatchObject({ accrued: 0, paid: 7_500 });
    const lines = await admin(t.app, operatorToken).get(`/referral-partners/${partner.uuid}/commissions`);
    expect((lines.body as unknown as { referredCustomer: string }[])[0]!.referredCustomer).toMatch(
      /^#[0-9a-f]{8}$/,
    );
  });

  it('renders the statement PDF without names of the referred customers, de and en', async () => {
    const list = await admin(t.app, operatorToken).get(`/referral-partners/${partner.uuid}/statements`);
    const id = (list.body as unknown as { id: number }[])[0]!.id;
    for (const locale of ['de', 'en'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/admin/referral-partners/${partner.uuid}/statements/${id}/pdf?locale=${locale}`,
        headers: { authorization: `Bearer ${operatorToken}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (!existsSync('/usr/bin/pdftotext')) continue;
      const file = join(mkdtempSync(join(tmpdir(), 'statement-')), 'statement.pdf');
      writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      if (locale === 'de') {
        expect(text).toContain('Provisionsabrechnung');
        expect(text).toContain('75,00 €');
        expect(text).toContain('§ 22 Nr. 3 EStG');
        expect(text).toMatch(/Kunde #[0-9a-f]{8}/);
      } else {
        expect(text).toContain('Commission statement');
        expect(text).toContain('€75.00');
        expect(text).toContain('not capital income');
      }
      expect(text).toContain('Paula Partner');
      expect(text).not.toContain('Geworben');
    }
  });

  it('books the commission transfer as paid once, against the partner payable', async () => {
    const list = await admin(t.app, operatorToken).get(`/referral-partners/${partner.uuid}/statements`);
    const statement = (list.body as unknown as { id: number; payoutId: number; payoutStatus: string }[])[0]!;
    expect(statement.payoutStatus).toBe('pending');
    const url = `/referral-partners/${partner.uuid}/statements/${statement.id}/paid`;
    const paid = await admin(t.app, operatorToken).post(url);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: statement.id, payoutStatus: 'paid' });
    expect((await admin(t.app, operatorToken).post(url)).body).toMatchObject({ payoutStatus: 'paid' });
    const postings = await t.app.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.id, `payout_paid:${statement.payoutId}`));
    expect(postings).toHaveLength(1);
    expect(postings[0]!.lines).toEqual([
      { account: `partner:${partner.id}:payable`, side: 'debit', amountCents: 7_500 },
      expect.objectContaining({ side: 'credit', amountCents: 7_500 }),
    ]);
    const other = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    expect(
      (
        await admin(t.app, operatorToken).post(
          `/referral-partners/${other.uuid}/statements/${statement.id}/paid`,
        )
      ).status,
    ).toBe(404);
  });

  it('gives the partner the statement as the PDF of their commission payout; nobody else', async () => {
    const [payout] = await t.app.db.select().from(payouts).where(eq(payouts.customerId, partner.id));
    const url = `/api/v2/shop/customer-payouts/${payout!.id}/statement?locale=en`;
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${partnerToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (existsSync('/usr/bin/pdftotext')) {
      const file = join(mkdtempSync(join(tmpdir(), 'statement-')), 'payout.pdf');
      writeFileSync(file, res.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Commission statement');
      expect(text).toContain('€75.00');
    }
    const stranger = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    const other = await t.app.inject({
      url,
      headers: { authorization: `Bearer ${await tokenFor(t.app, stranger)}` },
    });
    expect(other.statusCode).toBe(404);
  });

  it('answers 403 to an investor and 401 to a visitor on every admin call', async () => {
    const calls: [string, string][] = [
      ['GET', '/referral-partners'],
      ['PUT', `/referral-partners/${partner.uuid}/terms`],
      ['GET', `/referral-partners/${partner.uuid}/commissions`],
      ['GET', `/referral-partners/${partner.uuid}/statements`],
      ['POST', `/referral-partners/${partner.uuid}/statements`],
      ['GET', `/referral-partners/${partner.uuid}/statements/1/pdf`],
    ];
    for (const [method, path] of calls) {
      for (const [token, status] of [
        [partnerToken, 403],
        [undefined, 401],
      ] as const) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: `/api/v2/admin${path}`,
          headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(method === 'PUT'
            ? { payload: { referralCommissionPerRegisteredCustomer: 1, referralCommissionPerPaidOrder: 1 } }
            : method === 'POST'
              ? { payload: {} }
              : {}),
        });
        expect(res.statusCode, `${method} ${path}`).toBe(status);
      }
    }
  });

  it('answers 404 for an unknown partner or another partner’s statement', async () => {
    const other = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const list = await admin(t.app, operatorToken).get(`/referral-partners/${partner.uuid}/statements`);
    const id = (list.body as unknown as { id: number }[])[0]!.id;
    const res = await admin(t.app, operatorToken).get(
      `/referral-partners/${other.uuid}/statements/${id}/pdf`,
    );
    expect(res.status).toBe(404);
    const unknown = await admin(t.app, operatorToken).get(
      '/referral-partners/00000000-0000-4000-8000-000000000000/commissions',
    );
    expect(unknown.status).toBe(404);
  });
});
