import {
  allocateCoupon,
  checkLedger,
  couponSchedule,
  couponScheduleRowView,
  exampleBondTerms,
  type LedgerPosting,
} from '@token/domain/servicing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributes,
  complianceAuditLog,
  ledgerPostings,
  payouts,
  products,
  productVariants,
} from '../../db/schema/index.ts';
import { seedBond, seedBuyer } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { admin, operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { appendConfirmed } from '../register/register.test-kit.ts';
import { prepareCouponRun } from './coupon-runs.service.ts';

const isPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let token: string;
let operatorId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  const op = await operatorWithToken(t.app, t.config.appSecret);
  token = op.token;
  operatorId = op.operator.id;
});
afterAll(async () => {
  await t.close();
});

const termsOf = exampleBondTerms;

function putTerms(code: string, body: unknown, as: string | undefined = token) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v2/admin/bonds/${code}/terms`,
    headers: { accept: 'application/json', ...(as ? { authorization: `Bearer ${as}` } : {}) },
    payload: body as object,
  });
}

/** A confirmed mint recorded at `at` (the register's journal as it stood then). */
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

/** A bond with terms saved and three holders minted after the issue: 3, 7 and 990 tokens. */
async function servicedBond() {
  // The variant leaves room for a mint after the record date.
  const { product } = await seedBond(t.app.db, { variant: { totalSupply: 2_000 } });
  expect(
    (await putTerms(product.code, termsOf({ totalSupply: 2_000, issueVolumeCents: 200_000_000 }))).statusCode,
  ).toBe(200);
  const holders = [];
  for (const tokens of [3, 7, 990]) {
    const buyer = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    await mintAt(product.id, buyer.id, tokens, '2020-04-01T10:00:00Z');
    holders.push({ buyer, tokens });
  }
  return { product, code: product.code, holders };
}

async function postingsOf(prefix: string) {
  return t.app.db
    .select()
    .from(ledgerPostings)
    .where(sql`${ledgerPostings.id} like ${`${prefix}%`}`);
}

describe('who reaches the servicing calls', () => {
  it('answers a visitor 401 and an investor 403 on the operator calls; a visitor 401 on customer-payouts', async () => {
    const { product } = await seedBond(t.app.db);
    const investor = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const investorToken = await tokenFor(t.app, investor);
    const base = `/api/v2/admin/bonds/${product.code}`;
    const calls: [string, string, object?][] = [
      ['PUT', `${base}/terms`, termsOf()],
      ['GET', `${base}/terms`],
      ['GET', `${base}/coupon-schedule`],
      ['POST', `${base}/coupon-runs`, { periodIndex: 1 }],
      ['GET', `${base}/coupon-runs/1`],
      ['POST', `${base}/coupon-runs/1/approve`, {}],
      ['POST', `${base}/coupon-runs/1/payouts/1/paid`, {}],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${investorToken}` },
        ...(payload ? { payload } : {}),
      });
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
    }
    const visitor = await t.app.inject({ url: '/api/v2/shop/customer-payouts' });
    expect(visitor.statusCode).toBe(401);
    expect((await admin(t.app, token).get(`/bonds/${product.code}/terms`)).status).toBe(404);
  });
});

describe('the bond terms (PUT, GET terms)', () => {
  it('answers bad terms 422 with the violation on the field, and saves nothing', async () => {
    const { product } = await seedBond(t.app.db);
    const res = await putTerms(product.code, termsOf({ isin: 'DE000A1EWWW1', couponRateBasisPoints: 2_500 }));
    expect(res.statusCode).toBe(422);
    const { code, violations } = res.json() as {
      code: string;
      violations: { propertyPath: string; code: string; message: string }[];
    };
    expect(code).toBe('validation_failed');
    expect(violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ propertyPath: 'isin', code: 'invalid_isin' }),
        expect.objectContaining({ propertyPath: 'couponRateBasisPoints', code: 'coupon_rate_out_of_range' }),
      ]),
    );
    const early = await putTerms(product.code, termsOf({ maturityDate: '2019-03-31' }));
    expect(early.statusCode).toBe(422);
    expect(early.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'maturityDate', code: 'maturity_before_issue' }),
    ]);
    expect((await admin(t.app, token).get(`/bonds/${product.code}/terms`)).status).toBe(404);
  });

  it('saves each change as a new version; once tokens are sold a locked field answers 409', async () => {
    const { product } = await seedBond(t.app.db, { variant: { totalSupply: 1_000 } });
    const first = await putTerms(product.code, termsOf());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ product: product.code, version: 1, terms: termsOf() });
    const second = await putTerms(product.code, termsOf({ couponRateBasisPoints: 600 }));
    expect(second.json().version).toBe(2);

    const buyer = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    await mintAt(product.id, buyer.id, 10, '2020-04-01T10:00:00Z');
    const locked = await putTerms(product.code, termsOf({ couponRateBasisPoints: 700 }));
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('bond_terms_locked');
    // The sale's own settings may still change.
    const open = await putTerms(product.code, termsOf({ couponRateBasisPoints: 600, exclusive: true }));
    expect(open.statusCode).toBe(200);
    expect(open.json().version).toBe(3);

    const current = await admin(t.app, token).get(`/bonds/${product.code}/terms`);
    expect(current.body).toMatchObject({
      version: 3,
      terms: { couponRateBasisPoints: 600, exclusive: true },
    });
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(eq(complianceAuditLog.action, 'bond_terms_saved'));
    expect(audit.filter((a) => (a.details as { product?: string }).product === product.code)).toHaveLength(3);
  });

  it('writes the order rules, the shown attributes and the supply onto the product', async () => {
    const { product, variant } = await seedBond(t.app.db, { variant: { totalSupply: 500, onHand: 500 } });
    const [rate] = await t.app.db
      .insert(attributes)
      .values({ code: `coupon_rate_${product.id}`, type: 'percent' })
      .returning();
    // The attribute the shop shows under its own code; a code the catalogue lacks is left out.
    await t.app.db.execute(sql`update attributes set code = 'coupon_rate' where id = ${rate!.id}
      and not exists (select 1 from attributes where code = 'coupon_rate')`);
    const saved = await putTerms(
      product.code,
      termsOf({
        professionalOnly: true,
        investorLimit: 149,
        minimumSubscriptionCents: 2_500_000,
        exclusive: true,
      }),
    );
    expect(saved.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({
      professionalOnly: true,
      investorLimit: 149,
      minimumSubscriptionCents: 2_500_000,
      maximumOrderCentsNonProfessional: null,
      allowToBuy: false,
    });
    const [v] = await t.app.db.select().from(productVariants).where(eq(productVariants.id, variant!.id));
    expect(v).toMatchObject({ totalSupply: 1_000, onHand: 1_000 });
    const { rows } = await t.app.db.execute<{
      value: string;
    }>(sql`select v.value from product_attribute_values v
      join attributes a on a.id = v.attribute_id where v.product_id = ${product.id} and a.code = 'coupon_rate'`);
    expect(rows.map((r) => r.value)).toEqual(['5.50']);
    await putTerms(product.code, termsOf({ couponRateBasisPoints: 625 }));
    const { rows: after } = await t.app.db.execute<{
      value: string;
    }>(sql`select v.value from product_attribute_values v
      join attributes a on a.id = v.attribute_id where v.product_id = ${product.id} and a.code = 'coupon_rate'`);
    expect(after.map((r) => r.value)).toEqual(['6.25']);
  });
});

describe('the coupon schedule', () => {
  it('lists the periods of the terms in force as the domain computes them', async () => {
    const { product } = await seedBond(t.app.db);
    const none = await admin(t.app, token).get(`/bonds/${product.code}/coupon-schedule`);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('bond_terms_missing');
    await putTerms(product.code, termsOf());
    const res = await admin(t.app, token).get(`/bonds/${product.code}/coupon-schedule`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(couponSchedule(termsOf()).map(couponScheduleRowView));
    expect(res.body).toHaveLength(5);
    // 2021-03-31 is a Wednesday: paid that day, record date the business day before.
    expect((res.body as unknown as { paymentDate: string; recordDate: string }[])[0]).toMatchObject({
      paymentDate: '2021-03-31',
      recordDate: '2021-03-30',
    });
  });
});

describe('coupon runs', () => {
  it('prepares the preview from the register at the end of the record date, as the domain allocates', async () => {
    const { product, code, holders } = await servicedBond();
    // After the record date (2021-03-30): not in the run.
    const late = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    await mintAt(product.id, late.id, 5, '2021-03-31T08:00:00Z');

    const res = await admin(t.app, token).post(`/bonds/${code}/coupon-runs`, { periodIndex: 1 });
    expect(res.status).toBe(201);
    const period = couponSchedule(termsOf())[0]!;
    const expected = allocateCoupon({
      nominalPerTokenCents: 100_000,
      couponRateBasisPoints: 550,
      accrualFraction: period.accrualFraction,
      holdings: holders.map((h) => ({ holderId: String(h.buyer.id), tokens: h.tokens })),
    });
    const run = res.body as unknown as {
      id: number;
      status: string;
      totalCents: number;
      paidCents: number;
      remainderCents: number;
      outstandingTokens: number;
      holders: { customer: { uuid: string }; tokens: number; amountCents: number; payout: unknown }[];
    };
    expect(run).toMatchObject({
      status: 'prepared',
      periodIndex: 1,
      recordDate: '2021-03-30',
      outstandingTokens: 1_000,
      totalCents: expected.totalCents,
      paidCents: expected.paidCents,
      remainderCents: expected.remainderCents,
    });
    const byUuid = new Map(holders.map((h) => [h.buyer.uuid, h.buyer.id]));
    expect(
      run.holders.map((h) => ({
        holderId: String(byUuid.get(h.customer.uuid)),
        tokens: h.tokens,
        amountCents: h.amountCents,
      })),
    ).toEqual(expected.holders);
    expect(run.holders.every((h) => h.payout === null)).toBe(true);
    // 1,000 € × 5.5 % × a whole year: 55 € per token.
    expect(expected.totalCents).toBe(5_500_000);

    const again = await admin(t.app, token).post(`/bonds/${code}/coupon-runs`, { periodIndex: 1 });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(run.id);
    const preview = await admin(t.app, token).get(`/bonds/${code}/coupon-runs/${run.id}`);
    expect(preview.body).toEqual(res.body);
  });

  it('refuses a record date that has not ended and an unknown period', async () => {
    const { code } = await servicedBond();
    await expect(
      prepareCouponRun({ db: t.app.db, code, periodIndex: 1, operatorId, today: '2021-03-30' }),
    ).rejects.toMatchObject({ code: 'coupon_record_date_pending' });
    const unknown = await admin(t.app, token).post(`/bonds/${code}/coupon-runs`, { periodIndex: 9 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.violations).toEqual([expect.objectContaining({ propertyPath: 'periodIndex' })]);
    const other = await seedBond(t.app.db);
    expect((await admin(t.app, token).get(`/bonds/${other.product.code}/coupon-runs/1`)).status).toBe(404);
  });

  it('approves once: payouts pending and one balanced ledger posting; payouts marked paid once', async () => {
    const { code, holders } = await servicedBond();
    const prepared = await admin(t.app, token).post(`/bonds/${code}/coupon-runs`, { periodIndex: 2 });
    const runId = prepared.body.id as number;
    const approved = await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${runId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    const twice = await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${runId}/approve`);
    expect(twice.status).toBe(200);
    expect(twice.body).toEqual(approved.body);

    const rows = await t.app.db.select().from(payouts).where(eq(payouts.runId, runId));
    expect(rows).toHaveLength(holders.length);
    expect(rows.every((p) => p.status === 'pending' && p.type === 'interest')).toBe(true);
    const [posting] = await postingsOf(`coupon_run:${runId}`);
    expect(posting).toBeDefined();
    const asDomain = (p: typeof posting): LedgerPosting => ({
      postingId: p!.id,
      kind: p!.kind,
      bookedOn: p!.bookedOn,
      lines: p!.lines,
    });
    const check = checkLedger([asDomain(posting)]);
    expect(check.ok).toBe(true);
    expect(posting!.lines[0]).toEqual({
      account: `issuer:${code}:coupon_funding`,
      side: 'debit',
      amountCents: approved.body.paidCents,
    });

    const payout = rows[0]!;
    const url = `/bonds/${code}/coupon-runs/${runId}/payouts/${payout.id}/paid`;
    const paid = await admin(t.app, token).post(url);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: payout.id, status: 'paid', amountCents: payout.amountCents });
    const repeated = await admin(t.app, token).post(url);
    expect(repeated.body).toEqual(paid.body);
    expect(await postingsOf(`payout_paid:${payout.id}`)).toHaveLength(1);
    const wrongRun = await admin(t.app, token).post(
      `/bonds/${code}/coupon-runs/${runId + 1000}/payouts/${payout.id}/paid`,
    );
    expect(wrongRun.status).toBe(404);

    for (const p of rows.slice(1))
      await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${runId}/payouts/${p.id}/paid`);
    const done = await admin(t.app, token).get(`/bonds/${code}/coupon-runs/${runId}`);
    expect(done.body.status).toBe('paid');
    const all = await t.app.db.select().from(ledgerPostings);
    expect(checkLedger(all.map(asDomain)).ok).toBe(true);
  });

  it.runIf(isPostgres)('two approvals at once approve once', async () => {
    const { code, holders } = await servicedBond();
    const prepared = await admin(t.app, token).post(`/bonds/${code}/coupon-runs`, { periodIndex: 1 });
    const runId = prepared.body.id as number;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        admin(t.app, token).post(`/bonds/${code}/coupon-runs/${runId}/approve`),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await t.app.db.select().from(payouts).where(eq(payouts.runId, runId))).toHaveLength(
      holders.length,
    );
    expect(await postingsOf(`coupon_run:${runId}`)).toHaveLength(1);
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        sql`${complianceAuditLog.action} = 'coupon_run_approved' and (${complianceAuditLog.details}->>'runId')::int = ${runId}`,
      );
    expect(audit).toHaveLength(1);
  });
});

describe('the servicing ledger', () => {
  it('refuses to change or delete a posting (append-only)', async () => {
    const { code } = await servicedBond();
    const run = await admin(t.app, token).post(`/bonds/${code}/coupon-runs`, { periodIndex: 1 });
    await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${run.body.id}/approve`);
    const id = `coupon_run:${run.body.id}`;
    await expect(
      t.app.db.execute(sql`update ledger_postings set booked_on = '2000-01-01' where id = ${id}`),
    ).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from ledger_postings where id = ${id}`)).rejects.toThrow();
    expect(await postingsOf(id)).toHaveLength(1);
  });

  it.runIf(isPostgres)('a payout marked paid twice at once is booked once', async () => {
    const { code } = await servicedBond();
    const run = await admin(t.app, token).post(`/bonds/${code}/coupon-runs`, { periodIndex: 1 });
    await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${run.body.id}/approve`);
    const [payout] = await t.app.db
      .select()
      .from(payouts)
      .where(eq(payouts.runId, run.body.id as number));
    const url = `/bonds/${code}/coupon-runs/${run.body.id}/payouts/${payout!.id}/paid`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => admin(t.app, token).post(url)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await postingsOf(`payout_paid:${payout!.id}`)).toHaveLength(1);
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        sql`${complianceAuditLog.action} = 'payout_marked_paid' and (${complianceAuditLog.details}->>'payoutId')::int = ${payout!.id}`,
      );
    expect(audit).toHaveLength(1);
  });
});

describe('GET customer-payouts', () => {
  it('shows the customer their own payouts only, newest first, paged up to 300', async () => {
    const { code, holders } = await servicedBond();
    for (const periodIndex of [1, 2]) {
      const run = await admin(t.app, token).post(`/bonds/${code}/coupon-runs`, { periodIndex });
      await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${run.body.id}/approve`);
    }
    const [small, , big] = holders;
    const mine = await tokenFor(t.app, small!.buyer);
    const get = (query: string, accept = 'application/json', as = mine) =>
      t.app.inject({
        url: `/api/v2/shop/customer-payouts${query}`,
        headers: { accept, authorization: `Bearer ${as}`, 'accept-language': 'en' },
      });
    const list = await get('');
    expect(list.statusCode).toBe(200);
    const items = list.json() as { payoutDate: string; amount: number; status: string; bondCode: string }[];
    expect(items).toHaveLength(2);
    expect(items.map((p) => p.payoutDate)).toEqual(['2022-03-31', '2021-03-31']);
    expect(items[0]).toMatchObject({
      type: 'interest',
      status: 'scheduled',
      bondCode: code,
      periodEnd: '2022-03-31',
    });
    // 3 tokens × 55 €
    expect(items[1]!.amount).toBe(16_500);

    const paged = await get('?itemsPerPage=1&page=2', 'application/ld+json');
    expect(paged.statusCode).toBe(200);
    const hydra = paged.json() as { 'hydra:member': { payoutDate: string }[]; 'hydra:totalItems': number };
    expect(hydra['hydra:totalItems']).toBe(2);
    expect(hydra['hydra:member'].map((p) => p.payoutDate)).toEqual(['2021-03-31']);
    // A page past the end is empty and still states the total.
    const past = (await get('?itemsPerPage=1&page=5', 'application/ld+json')).json() as typeof hydra;
    expect(past['hydra:member']).toEqual([]);
    expect(past['hydra:totalItems']).toBe(2);
    expect((await get('?itemsPerPage=300')).statusCode).toBe(200);
    expect((await get('?itemsPerPage=301')).statusCode).toBe(400);

    // Another customer's payouts never appear.
    const bigToken = await tokenFor(t.app, big!.buyer);
    const theirs = (await get('', 'application/json', bigToken)).json() as { id: number; amount: number }[];
    expect(theirs).toHaveLength(2);
    const myIds = new Set(items.map((p) => (p as unknown as { id: number }).id));
    expect(theirs.some((p) => myIds.has(p.id))).toBe(false);
    const stranger = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    expect((await get('', 'application/json', await tokenFor(t.app, stranger))).json()).toEqual([]);
  });
});
