import { describe, expect, it } from 'vitest';
import { allocateCoupon } from './allocation.ts';
import { exampleBondTerms } from './example-terms.ts';
import { expectedPayoutsOf, expectedPayoutView, sortExpectedPayouts } from './expected-payouts.ts';
import { couponSchedule } from './schedule.ts';
import type { BondTerms } from './terms.ts';

/** 1,000 € per token, 5.5 % a year, ACT/ACT ICMA, 2020-03-31 to 2025-03-31. */
const annual: BondTerms = exampleBondTerms();

describe('expectedPayoutsOf', () => {
  it('gives the next coupon within 12 months at the holding, rounded as a run would', () => {
    const out = expectedPayoutsOf({ terms: annual, tokens: 3, today: '2021-01-15' });
    expect(out).toHaveLength(1);
    const [first] = out;
    expect(first?.type).toBe('interest');
    expect(first?.period.paymentDate).toBe('2021-03-31');
    // 3 × 1,000 € × 5.5 % × 1 year
    expect(first?.amountCents).toBe(16_500);
    const run = allocateCoupon({
      nominalPerTokenCents: annual.nominalPerTokenCents,
      couponRateBasisPoints: annual.couponRateBasisPoints,
      accrualFraction: first!.period.accrualFraction,
      holdings: [{ holderId: 'x', tokens: 3 }],
    });
    expect(first?.couponCents).toBe(run.holders[0]?.amountCents);
  });

  it('leaves out a period whose record date has ended, and looks no further than 12 months', () => {
    // record date of 2021-03-31 is 2021-03-30: on 2021-03-31 the next expected is 2022
    const out = expectedPayoutsOf({ terms: annual, tokens: 1, today: '2021-03-31' });
    expect(out.map((e) => e.period.paymentDate)).toEqual(['2022-03-31']);
    expect(expectedPayoutsOf({ terms: annual, tokens: 1, today: '2021-03-30' })[0]?.period.paymentDate).toBe(
      '2021-03-31',
    );
  });

  it('adds the redemption of the nominal in the final period', () => {
    const out = expectedPayoutsOf({ terms: annual, tokens: 7, today: '2024-06-01' });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      type: 'redemption',
      couponCents: 38_500,
      redemptionCents: 700_000,
      amountCents: 738_500,
    });
  });

  it('stops at 4 payments per bond and returns none without tokens or after maturity', () => {
    const monthly: BondTerms = {
      ...annual,
      couponFrequency: 'monthly',
      issueDate: '2020-03-15',
      firstCouponDate: '2020-04-15',
      maturityDate: '2025-03-15',
      dayCountConvention: '30e_360',
    };
    const out = expectedPayoutsOf({ terms: monthly, tokens: 10, today: '2022-01-10' });
    expect(out).toHaveLength(4);
    // 10 × 1,000 € × 5.5 % × 30/360 = 45.83 € (4,583.33 cents, rounded half up)
    expect(out.map((e) => e.amountCents)).toEqual([4_583, 4_583, 4_583, 4_583]);
    expect(expectedPayoutsOf({ terms: annual, tokens: 0, today: '2021-01-01' })).toEqual([]);
    expect(expectedPayoutsOf({ terms: annual, tokens: 5, today: '2025-04-01' })).toEqual([]);
  });

  it('has a view marked expected, sorted by payment date then bond', () => {
    const [e] = expectedPayoutsOf({ terms: annual, tokens: 2, today: '2022-01-01' });
    const view = expectedPayoutView({ code: 'B', name: 'Bond B', terms: annual }, e!);
    expect(view).toMatchObject({
      expected: true,
      isin: 'DE000A1EWWW0',
      accrualFraction: '1',
      amount: 11_000,
    });
    const other = { ...view, bondCode: 'A' };
    const later = { ...view, paymentDate: '2023-01-01', bondCode: 'A' };
    expect(sortExpectedPayouts([later, view, other]).map((v) => v.bondCode)).toEqual(['A', 'B', 'A']);
    expect(couponSchedule(annual)).toHaveLength(5);
  });
});
