import { describe, expect, it } from 'vitest';
import {
  assertCouponRunTransition,
  assertPayoutTransition,
  type CouponRunState,
  couponRunStates,
  isPayableRunState,
  type PayoutState,
  payoutStates,
  settledRunState,
} from './lifecycle.ts';

describe('the coupon run lifecycle', () => {
  const allowed: [CouponRunState, CouponRunState][] = [
    ['prepared', 'approved'],
    ['approved', 'paid'],
    ['approved', 'partially_failed'],
  ];
  it.each(couponRunStates.flatMap((from) => couponRunStates.map((to) => [from, to] as const)))(
    '%s -> %s',
    (from, to) => {
      const ok = from === to || allowed.some(([f, t]) => f === from && t === to);
      if (ok) expect(() => assertCouponRunTransition(from, to)).not.toThrow();
      else
        expect(() => assertCouponRunTransition(from, to)).toThrow(
          expect.objectContaining({ code: 'invalid_transition' }),
        );
    },
  );

  it('hands pending payouts to the bank only from an approved or partially failed run', () => {
    expect(couponRunStates.filter(isPayableRunState)).toEqual(['approved', 'partially_failed']);
  });
});

describe('the payout lifecycle', () => {
  it.each(payoutStates.flatMap((from) => payoutStates.map((to) => [from, to] as const)))(
    '%s -> %s',
    (from, to) => {
      const ok = from === to || from === 'pending';
      if (ok) expect(() => assertPayoutTransition(from, to)).not.toThrow();
      else
        expect(() => assertPayoutTransition(from, to)).toThrow(
          expect.objectContaining({ code: 'invalid_transition' }),
        );
    },
  );
});

describe('settledRunState', () => {
  const cases: [PayoutState[], CouponRunState][] = [
    [[], 'paid'],
    [['paid', 'paid'], 'paid'],
    [['paid', 'pending'], 'approved'],
    [['failed', 'pending'], 'approved'],
    [['paid', 'failed'], 'partially_failed'],
    [['failed'], 'partially_failed'],
  ];
  it.each(cases)('%j settles the run %s', (payouts, state) => {
    expect(settledRunState(payouts)).toBe(state);
  });
});
