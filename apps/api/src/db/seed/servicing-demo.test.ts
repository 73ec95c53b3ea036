import { checkLedger, type LedgerPosting } from '@token/domain/servicing';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../modules/admin/admin.test-kit.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { couponRuns, customers, ledgerPostings, products, registerHeads } from '../schema/index.ts';
import { onboardingDemoPeople } from './onboarding-demo.ts';
import { servicingDemoBondCodes } from './servicing-demo.ts';

let t: TestApp;
let jonasToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const [jonas] = await t.app.db
    .select()
    .from(customers)
    .where(eq(customers.email, onboardingDemoPeople.approved));
  jonasToken = await tokenFor(t.app, jonas!, { secondFactor: true });
});
afterAll(async () => {
  await t.close();
});

const shopGet = async <T>(url: string) => {
  const res = await t.app.inject({
    url: `/api/v2/shop/${url}`,
    headers: { authorization: `Bearer ${jonasToken}`, accept: 'application/json' },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as T;
};

type Payout = {
  id: number;
  type: string;
  status: string;
  amount: number;
  bondCode: string | null;
  payoutDate: string;
};

describe('the servicing demo (docs/demo-data.md "Servicing")', () => {
  it('has closed bonds Jonas was paid on: two coupons of one, and the coupons and redemption of a matured one', async () => {
    const closed = await t.app.db
      .select({ code: products.code, enabled: products.enabled })
      .from(products)
      .where(inArray(products.code, [...servicingDemoBondCodes]));
    expect(closed.map((p) => p.code).sort()).toEqual([...servicingDemoBondCodes].sort());
    expect(closed.every((p) => !p.enabled)).toBe(true);

    const payouts = await shopGet<Payout[]>('customer-payouts?itemsPerPage=300');
    const of = (code: string) => payouts.filter((p) => p.bondCode === code);
    // 12,000 tokens of 1 € at 5.75 % a quarter: 172.50 € each time, both paid.
    expect(of('STADTWERK_KIEL').map((p) => [p.type, p.status, p.amount])).toEqual([
      ['interest', 'paid', 17_250],
      ['interest', 'paid', 17_250],
    ]);
    // 8,000 tokens at 4 %: 320 € a year; at maturity 8,000 € nominal with the last coupon.
    expect(of('KITA_POTSDAM_2025').map((p) => [p.type, p.status, p.amount, p.payoutDate])).toEqual([
      ['redemption', 'paid', 832_000, '2025-06-30'],
      ['interest', 'paid', 32_000, '2024-07-01'],
      ['interest', 'paid', 32_000, '2023-06-30'],
    ]);
    expect(of('QUARTIER_ERFURT')).toEqual([]);

    // The matured bond's tokens are burned, its runs paid; every posting balances.
    const [kita] = await t.app.db.select().from(products).where(eq(products.code, 'KITA_POTSDAM_2025'));
    const [head] = await t.app.db.select().from(registerHeads).where(eq(registerHeads.productId, kita!.id));
    expect(head).toMatchObject({ minted: 8_000, burned: 8_000, holders: 0 });
    const runs = await t.app.db.select().from(couponRuns).where(eq(couponRuns.productId, kita!.id));
    expect(runs.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['coupon', 'paid'],
      ['coupon', 'paid'],
      ['redemption', 'paid'],
    ]);
    const postings = (await t.app.db.select().from(ledgerPostings)).map(
      (p): LedgerPosting => ({ postingId: p.id, kind: p.kind, bookedOn: p.bookedOn, lines: p.lines }),
    );
    expect(postings.length).toBeGreaterThanOrEqual(10);
    expect(checkLedger(postings)).toMatchObject({ ok: true });
  });

  it('shows the next payments: the Erfurt coupon whose record date is days ahead, and Kiel’s next', async () => {
    const expected =
      await shopGet<{ bondCode: string; recordDate: string; type: string }[]>('customer-expected-payouts');
    const erfurt = expected.find((e) => e.bondCode === 'QUARTIER_ERFURT');
    expect(erfurt).toBeDefined();
    const days = (Date.parse(erfurt!.recordDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(-1);
    expect(days).toBeLessThan(8);
    expect(expected.some((e) => e.bondCode === 'STADTWERK_KIEL')).toBe(true);
    expect(expected.some((e) => e.bondCode === 'KITA_POTSDAM_2025')).toBe(false);
  });
});

describe('the referral demo (docs/demo-data.md "Referral")', () => {
  it('shows Clara, who referred Jonas, her commissions: the old ones settled and paid, the new ones accrued', async () => {
    const [clara] = await t.app.db
      .select()
      .from(customers)
      .where(eq(customers.email, onboardingDemoPeople.receiver));
    const claraToken = await tokenFor(t.app, clara!);
    const res = await t.app.inject({
      url: '/api/v2/shop/customer-referrals',
      headers: { authorization: `Bearer ${claraToken}`, accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const view = res.json() as Record<string, unknown> & { lines: { kind: string; status: string }[] };
    expect(view).toMatchObject({ referralPartner: true });
    // Jonas's approval (50 €) and his five paid orders (25 € each): the orders older than a year
    // (KITA_POTSDAM_2025, QUARTIER_ERFURT) settled and paid, the rest accrued.
    const byStatus = (status: string) => view.lines.filter((l) => l.status === status);
    expect(byStatus('paid').map((l) => l.kind)).toEqual(['paid_order', 'paid_order']);
    expect(
      byStatus('accrued')
        .map((l) => l.kind)
        .sort(),
    ).toEqual(['paid_order', 'paid_order', 'paid_order', 'registered_customer']);
    expect(view).toMatchObject({ accrued: 12_500, paid: 5_000 });
    expect(JSON.stringify(view)).not.toContain('jonas');
    expect(JSON.stringify(view)).not.toContain('Wagner');
  });
});
