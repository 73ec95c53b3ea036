import { couponRunSummaryViewSchema } from '@token/domain/servicing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBond, seedBuyer } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { admin, operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { servicedBond } from './servicing.test-kit.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  token = (await operatorWithToken(t.app, t.config.appSecret)).token;
});
afterAll(async () => {
  await t.close();
});

describe('GET admin/bonds/{code}/coupon-runs', () => {
  it("lists the bond's runs, the newest period first, with status and totals and without holders", async () => {
    const { code } = await servicedBond(t, token);
    const api = admin(t.app, token);
    const first = await api.post(`/bonds/${code}/coupon-runs`, { periodIndex: 1 });
    const second = await api.post(`/bonds/${code}/coupon-runs`, { periodIndex: 2 });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await api.post(`/bonds/${code}/coupon-runs/${first.body.id}/approve`)).status).toBe(200);

    const list = await api.get(`/bonds/${code}/coupon-runs`);
    expect(list.status).toBe(200);
    const runs = couponRunSummaryViewSchema.array().parse(list.body);
    expect(runs.map((r) => [r.periodIndex, r.status, r.kind])).toEqual([
      [2, 'prepared', 'coupon'],
      [1, 'approved', 'coupon'],
    ]);
    const [, one] = runs;
    // 1,000 tokens of 1,000 € at 5.5 % for a full year: 55 € each
    expect(one).toMatchObject({
      id: first.body.id,
      product: code,
      holderCount: 3,
      outstandingTokens: 1_000,
      totalCents: 5_500_000,
      paidCents: 5_500_000,
      remainderCents: 0,
      redemptionCents: 0,
      periodStart: '2020-03-31',
      periodEnd: '2021-03-31',
    });
    expect(one?.approvedAt).not.toBeNull();
    expect(list.body[0]).not.toHaveProperty('holders');
  });

  it('answers a Hydra collection, an empty list for a bond without runs, 404 for an unknown bond', async () => {
    const { product } = await seedBond(t.app.db);
    const res = await t.app.inject({
      url: `/api/v2/admin/bonds/${product.code}/coupon-runs`,
      headers: { accept: 'application/ld+json', authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ 'hydra:member': [], 'hydra:totalItems': 0 });
    expect((await admin(t.app, token).get('/bonds/NO_SUCH_BOND/coupon-runs')).status).toBe(404);
  });

  it('answers a visitor 401 and an investor 403', async () => {
    const { product } = await seedBond(t.app.db);
    const investor = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const url = `/bonds/${product.code}/coupon-runs`;
    expect((await admin(t.app).get(url)).status).toBe(401);
    expect((await admin(t.app, await tokenFor(t.app, investor)).get(url)).status).toBe(403);
  });
});
