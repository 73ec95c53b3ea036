import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { platformToday } from '@token/domain/calendar';
import { type BondTerms, exampleBondTerms, expectedPayoutsOf } from '@token/domain/servicing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema/index.ts';
import { seedAddress, seedBond, seedBuyer } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { hasPoppler } from '../../test/poppler.ts';
import { admin, operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { appendConfirmed } from '../register/register.test-kit.ts';
import { taxParagraph } from './statement-pdf-texts.ts';
import { listExpectedPayouts } from './statements.service.ts';

/*
 * What investors see of their payouts (issue 17): the statement PDF of their own payout (others' 404)
 * in German and English, and the next expected payments at the current holding.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  // The demo platform: its channel is the statement's sender.
  t = await createTestApp();
  token = (await operatorWithToken(t.app, t.config.appSecret)).token;
});
afterAll(async () => {
  await t.close();
});

const termsOf = exampleBondTerms;

async function putTerms(code: string, terms: BondTerms) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v2/admin/bonds/${code}/terms`,
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    payload: terms as object,
  });
  expect(res.statusCode).toBe(200);
}

function mintAt(productId: number, customerId: number, amount: number, at: string) {
  return appendConfirmed(t.app.db, {
    productId,
    kind: 'mint',
    fromCustomerId: null,
    toCustomerId: customerId,
    amount,
    cause: { type: 'order', orderId: `seed-${productId}-${customerId}-${at}` },
    now: new Date(at),
  });
}

/** A bond with terms, two holders (3 and 997 tokens), period 1 prepared and approved; the first holder's payout. */
async function paidOutBond(terms = termsOf()) {
  const { product } = await seedBond(t.app.db, { variant: { totalSupply: 2_000 } });
  await putTerms(product.code, terms);
  const holder = await seedBuyer(t.app.db, {
    appSecret: t.config.appSecret,
    firstName: 'Erika',
    lastName: 'Mustermann',
  });
  await seedAddress(t.app.db, {
    customerId: holder.id,
    makeDefault: true,
    street: 'Heidestraße 17',
    city: 'Köln',
    postcode: '51147',
  });
  const other = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
  await mintAt(product.id, holder.id, 3, '2020-04-01T10:00:00Z');
  await mintAt(product.id, other.id, 997, '2020-04-01T10:00:00Z');
  const run = await admin(t.app, token).post(`/bonds/${product.code}/coupon-runs`, { periodIndex: 1 });
  expect(run.status).toBe(201);
  const approved = await admin(t.app, token).post(
    `/bonds/${product.code}/coupon-runs/${run.body.id}/approve`,
  );
  expect(approved.status).toBe(200);
  const [payout] = await t.app.db.select().from(payouts).where(eq(payouts.customerId, holder.id));
  return {
    product,
    holder,
    other,
    payout: payout!,
    runId: run.body.id as number,
    holderToken: await tokenFor(t.app, holder),
    otherToken: await tokenFor(t.app, other),
  };
}

function get(url: string, as?: string, locale = 'de') {
  return t.app.inject({
    url: `/api/v2/shop${url}`,
    headers: { 'accept-language': locale, ...(as ? { authorization: `Bearer ${as}` } : {}) },
  });
}

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'statement-'));
  const file = join(dir, 'statement.pdf');
  writeFileSync(file, bytes);
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('GET customer-payouts/{id}/statement', () => {
  it('gives the owner the statement in German: bond, period, holding, calculation, gross amount, tax note', async () => {
    const { product, payout, holderToken } = await paidOutBond();
    expect(payout.amountCents).toBe(16_500);
    const res = await get(`/customer-payouts/${payout.id}/statement`, holderToken, 'de');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (!hasPoppler) return;
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Abrechnung Zinszahlung',
      'Erika Mustermann',
      'Heidestraße 17',
      '51147 Köln',
      'DE000A1EWWW0',
      'Sonnenfeld Energie GmbH',
      '31.03.2020 – 31.03.2021',
      '30.03.2021',
      'Token im Bestand am Stichtag',
      '1.000,00 €',
      '5,50 %',
      'ACT/ACT (ICMA)',
      '165,00 €',
      'Geplant',
      'Kapitalertragsteuer',
      'Anlage KAP',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/Zinsen\b/);
    expect(text).toMatch(/Tokenwerk/);
    const name = (await get(`/customer-payouts?itemsPerPage=300`, holderToken)).json() as {
      'hydra:member': { bondName: string }[];
    };
    expect(text).toContain(name['hydra:member'][0]!.bondName);
    expect(product.code).toBeTruthy();
  });

  it('gives it in English, paid once the payout is marked paid', async () => {
    const { product, payout, holderToken, runId } = await paidOutBond();
    const paid = await admin(t.app, token).post(
      `/bonds/${product.code}/coupon-runs/${runId}/payouts/${payout.id}/paid`,
    );
    expect(paid.status).toBe(200);
    const res = await get(`/customer-payouts/${payout.id}/statement?locale=en`, holderToken);
    expect(res.statusCode).toBe(200);
    if (!hasPoppler) return;
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Interest payment statement',
      'Tokens held on the record date',
      '31/03/2020 – 31/03/2021',
      'Record date',
      '30/03/2021',
      '€1,000.00',
      '5.50%',
      '€165.00',
      'Paid',
      'paid gross',
      'Kapitalertragsteuer',
      'Anlage KAP',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // One page, rendered: a look at it is part of the review (pdftoppm works on it).
    const dir = mkdtempSync(join(tmpdir(), 'statement-png-'));
    writeFileSync(join(dir, 's.pdf'), res.rawPayload);
    execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '50', join(dir, 's.pdf'), join(dir, 'page')]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.png'))).toHaveLength(1);
  });

  it('answers 404 for another customer’s payout, an unknown one, and 401 without a token', async () => {
    const { payout, otherToken } = await paidOutBond();
    const foreign = await get(`/customer-payouts/${payout.id}/statement`, otherToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/problem+json');
    expect(foreign.json().code).toBe('payout_not_found');
    const unknown = await get(`/customer-payouts/${payout.id + 100_000}/statement`, otherToken);
    expect(unknown.statusCode).toBe(404);
    expect((await get(`/customer-payouts/${payout.id}/statement`)).statusCode).toBe(401);
    expect((await get(`/customer-payouts/abc/statement`, otherToken)).statusCode).toBe(400);
  });

  it('has a tax paragraph in both languages saying gross, no withholding, Anlage KAP', () => {
    expect(taxParagraph('de', 'interest')).toMatch(/brutto.*keine Kapitalertragsteuer.*Anlage KAP/s);
    expect(taxParagraph('en', 'interest')).toMatch(/gross.*Kapitalertragsteuer.*Anlage KAP/s);
    expect(taxParagraph('de', 'redemption')).toContain('Rückzahlung des Nennbetrags ist kein Zinsertrag');
  });
});

describe('GET customer-expected-payouts', () => {
  it('gives the next coupons at the current holding, and the redemption at maturity', async () => {
    const { holder } = await paidOutBond();
    const db = t.app.db;
    const early = await listExpectedPayouts({ db, customerId: holder.id, locale: 'de', today: '2022-01-10' });
    expect(early).toHaveLength(1);
    expect(early[0]).toMatchObject({
      type: 'interest',
      expected: true,
      paymentDate: '2022-03-31',
      recordDate: '2022-03-30',
      tokens: 3,
      amount: 16_500,
      isin: 'DE000A1EWWW0',
    });
    const last = await listExpectedPayouts({ db, customerId: holder.id, locale: 'en', today: '2024-06-01' });
    expect(last).toEqual([
      expect.objectContaining({
        type: 'redemption',
        couponAmount: 16_500,
        redemptionAmount: 300_000,
        amount: 316_500,
      }),
    ]);
    expect(
      await listExpectedPayouts({ db, customerId: holder.id, locale: 'de', today: '2025-04-01' }),
    ).toEqual([]);
  });

  it('answers the holder of a running bond over HTTP, and another customer with nothing', async () => {
    const today = platformToday();
    const year = Number(today.slice(0, 4));
    const terms = termsOf({
      issueDate: `${year - 1}-03-31`,
      firstCouponDate: `${year}-03-31`,
      maturityDate: `${year + 4}-03-31`,
      subscriptionStart: `${year - 1}-01-02`,
      subscriptionEnd: `${year - 1}-03-31`,
    });
    const { product } = await seedBond(t.app.db, { variant: { totalSupply: 2_000 } });
    await putTerms(product.code, terms);
    const holder = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    await mintAt(product.id, holder.id, 12, `${year - 1}-04-01T10:00:00Z`);
    const res = await get('/customer-expected-payouts', await tokenFor(t.app, holder));
    expect(res.statusCode).toBe(200);
    const members = res.json()['hydra:member'] as {
      amount: number;
      paymentDate: string;
      expected: boolean;
    }[];
    const expected = expectedPayoutsOf({ terms, tokens: 12, today });
    expect(members.map((m) => [m.paymentDate, m.amount])).toEqual(
      expected.map((e) => [e.period.paymentDate, e.amountCents]),
    );
    expect(members.length).toBeGreaterThan(0);
    expect(members.every((m) => m.expected)).toBe(true);
    const stranger = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const none = await get('/customer-expected-payouts', await tokenFor(t.app, stranger));
    expect(none.json()['hydra:member']).toEqual([]);
    expect((await get('/customer-expected-payouts')).statusCode).toBe(401);
  });
});
