import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateCoupon, allocateRedemption, type CouponInput, type Holding } from './allocation.ts';
import { accrualFraction } from './day-count.ts';
import { rational } from './rational.ts';

const annual = { nominalPerTokenCents: 10_000, couponRateBasisPoints: 550, accrualFraction: rational(1) };

describe('allocateCoupon', () => {
  it('pays nominal × tokens × rate × fraction per holder', () => {
    const run = allocateCoupon({
      ...annual,
      holdings: [
        { holderId: 'b', tokens: 3 },
        { holderId: 'a', tokens: 10 },
      ],
    });
    // 100 € × 5.5 % = 5.50 € a token
    expect(run.holders).toEqual([
      { holderId: 'a', tokens: 10, amountCents: 5_500 },
      { holderId: 'b', tokens: 3, amountCents: 1_650 },
    ]);
    expect(run).toMatchObject({
      outstandingTokens: 13,
      totalCents: 7_150,
      paidCents: 7_150,
      remainderCents: 0,
    });
  });

  it('rounds each holder half up and reports what the total differs by', () => {
    // 1 € nominal, 5 %, 1/4 year: 1.25 cents a token
    const input = { nominalPerTokenCents: 100, couponRateBasisPoints: 500, accrualFraction: rational(1, 4) };
    const run = allocateCoupon({
      ...input,
      holdings: [
        { holderId: 'a', tokens: 1 }, // 1.25 -> 1
        { holderId: 'b', tokens: 2 }, // 2.5 -> 3 (half up)
        { holderId: 'c', tokens: 3 }, // 3.75 -> 4
      ],
    });
    expect(run.holders.map((h) => h.amountCents)).toEqual([1, 3, 4]);
    expect(run).toMatchObject({ totalCents: 8, paidCents: 8, remainderCents: 0 }); // 7.5 -> 8
    const three = allocateCoupon({
      ...input,
      holdings: ['a', 'b', 'c', 'd'].map((holderId) => ({ holderId, tokens: 2 })), // 2.5 each -> 3
    });
    expect(three).toMatchObject({ totalCents: 10, paidCents: 12, remainderCents: -2 });
  });

  it('computes a short first period exactly: 10,000 tokens of 100 €, 5.5 %, 150/365', () => {
    const fraction = accrualFraction({
      convention: 'act_act_icma',
      start: '1999-02-01',
      end: '1999-07-01',
      frequency: 'annual',
    });
    const run = allocateCoupon({
      ...annual,
      accrualFraction: fraction,
      holdings: [
        { holderId: 'a', tokens: 1 }, // 226.0274 -> 226
        { holderId: 'b', tokens: 9_999 },
      ],
    });
    // 550 × 150 / 365 = 226.027397… cents a token; 9,999 tokens: 2,260,047.945… -> 2,260,048
    expect(run.holders.map((h) => h.amountCents)).toEqual([226, 2_260_048]);
    expect(run).toMatchObject({ totalCents: 2_260_274, paidCents: 2_260_274, remainderCents: 0 });
  });

  it('leaves out holders with no tokens and refuses a holder listed twice or a fraction of a token', () => {
    expect(allocateCoupon({ ...annual, holdings: [{ holderId: 'a', tokens: 0 }] }).holders).toEqual([]);
    expect(() =>
      allocateCoupon({
        ...annual,
        holdings: [
          { holderId: 'a', tokens: 1 },
          { holderId: 'a', tokens: 2 },
        ],
      }),
    ).toThrow(RangeError);
    expect(() => allocateCoupon({ ...annual, holdings: [{ holderId: 'a', tokens: 1.5 }] })).toThrow(
      RangeError,
    );
    expect(() => allocateCoupon({ ...annual, holdings: [{ holderId: 'a', tokens: -1 }] })).toThrow(
      RangeError,
    );
  });

  it('stays exact where floats would drift (a large issue)', () => {
    const run = allocateCoupon({
      nominalPerTokenCents: 100_000_00,
      couponRateBasisPoints: 733,
      accrualFraction: rational(181, 360),
      holdings: [{ holderId: 'a', tokens: 9_000_000 }],
    });
    // 10,000,000 cents × 9,000,000 × 0.0733 × 181/360 = 3,316,825,000,000 cents exactly
    expect(run.totalCents).toBe(3_316_825_000_000);
  });
});

const holdingsArbitrary = fc.uniqueArray(
  fc.record({
    holderId: fc.string({ minLength: 1, maxLength: 8 }),
    tokens: fc.integer({ min: 0, max: 1_000_000 }),
  }),
  { selector: (h) => h.holderId, maxLength: 40 },
);
const inputArbitrary: fc.Arbitrary<CouponInput> = fc.record({
  nominalPerTokenCents: fc.integer({ min: 1, max: 10_000_000 }),
  couponRateBasisPoints: fc.integer({ min: 1, max: 2_000 }),
  accrualFraction: fc
    .tuple(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 1, max: 1_000 }))
    .map(([n, d]) => rational(n, d)),
  holdings: holdingsArbitrary,
});

describe('allocateCoupon properties', () => {
  it('sum(holders) + remainder = total, every amount a whole cent ≥ 0, remainder under half a cent a holder', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const run = allocateCoupon(input);
        const sum = run.holders.reduce((s, h) => s + h.amountCents, 0);
        expect(sum).toBe(run.paidCents);
        expect(sum + run.remainderCents).toBe(run.totalCents);
        for (const h of run.holders) {
          expect(Number.isSafeInteger(h.amountCents)).toBe(true);
          expect(h.amountCents).toBeGreaterThanOrEqual(0);
        }
        expect(Math.abs(run.remainderCents)).toBeLessThanOrEqual(run.holders.length / 2 + 0.5);
      }),
    );
  });

  it('gives the same holdings the same amounts, in whatever order they come', () => {
    fc.assert(
      fc.property(
        inputArbitrary.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray([...input.holdings], { minLength: input.holdings.length }),
          ),
        ),
        ([input, shuffled]) => {
          expect(allocateCoupon({ ...input, holdings: shuffled })).toEqual(allocateCoupon(input));
        },
      ),
    );
  });

  it('gives a holder the same amount whoever else holds', () => {
    fc.assert(
      fc.property(inputArbitrary, fc.integer({ min: 1, max: 1_000_000 }), (input, tokens) => {
        const me: Holding = { holderId: '\u0000me', tokens };
        const alone = allocateCoupon({ ...input, holdings: [me] }).holders[0];
        const among = allocateCoupon({ ...input, holdings: [...input.holdings, me] }).holders.find(
          (h) => h.holderId === me.holderId,
        );
        expect(among).toEqual(alone);
      }),
    );
  });
});

describe('allocateRedemption', () => {
  it('repays nominal × tokens with the last coupon and burns every token', () => {
    const run = allocateRedemption({
      ...annual,
      accrualFraction: rational(1, 2),
      holdings: [
        { holderId: 'b', tokens: 3 },
        { holderId: 'a', tokens: 10 },
      ],
    });
    expect(run.holders).toEqual([
      {
        holderId: 'a',
        tokens: 10,
        couponCents: 2_750,
        redemptionCents: 100_000,
        totalCents: 102_750,
        tokensToBurn: 10,
      },
      {
        holderId: 'b',
        tokens: 3,
        couponCents: 825,
        redemptionCents: 30_000,
        totalCents: 30_825,
        tokensToBurn: 3,
      },
    ]);
    expect(run.redemptionTotalCents).toBe(130_000);
    expect(run.tokensToBurn).toBe(13);
    expect(run.coupon).toMatchObject({ totalCents: 3_575, paidCents: 3_575, remainderCents: 0 });
  });

  it('burns what is held and repays its nominal, for any register', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const run = allocateRedemption(input);
        const held = input.holdings.reduce((s, h) => s + h.tokens, 0);
        expect(run.tokensToBurn).toBe(held);
        expect(run.redemptionTotalCents).toBe(held * input.nominalPerTokenCents);
        for (const h of run.holders) expect(h.totalCents).toBe(h.couponCents + h.redemptionCents);
      }),
    );
  });
});
