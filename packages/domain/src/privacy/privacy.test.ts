import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/index.ts';
import { assertCanTransition } from '../lifecycle/index.ts';
import { erasureBlocker, erasureLifecycle } from './erasure-state.ts';
import { retentionCategories, retentionEnd, retentionRules } from './retention.ts';

const none = { tokensHeld: 0, unpaidOrders: 0, ordersToMint: 0, pendingPayouts: 0 };

describe('retention table (decision 024)', () => {
  it.each([
    // GwG § 8 (4): 5 years from the end of the year the relationship ended
    ['identification', '2026-03-01', '2031-12-31'],
    ['identification', '2026-12-31', '2031-12-31'],
    ['investment_records', '2026-06-15', '2031-12-31'],
    // HGB § 257 / AO § 147: vouchers 8 years, books 10, letters 6
    ['accounting_vouchers', '2026-06-15', '2034-12-31'],
    ['books', '2026-06-15', '2036-12-31'],
    ['business_letters', '2026-01-01', '2032-12-31'],
    // eWpG: with the register
    ['register', '2026-06-15', null],
  ] as const)('%s erased on %s is kept until %s', (category, erasedOn, until) => {
    expect(retentionEnd(category, erasedOn)).toBe(until);
  });

  it('names a legal basis for every category', () => {
    for (const c of retentionCategories) expect(retentionRules[c].legalBasis.length).toBeGreaterThan(3);
  });
});

describe('erasure', () => {
  it.each([
    [none, null],
    [{ ...none, unpaidOrders: 1 }, 'erasure_unpaid_orders'],
    [{ ...none, tokensHeld: 3 }, 'erasure_open_positions'],
    [{ ...none, ordersToMint: 1 }, 'erasure_open_positions'],
    [{ ...none, pendingPayouts: 2 }, 'erasure_open_positions'],
    [{ ...none, tokensHeld: 1, unpaidOrders: 1 }, 'erasure_open_positions'],
  ])('open positions %o block with %s', (open, code) => {
    expect(erasureBlocker(open)).toBe(code);
  });

  it('a decided request moves no more', () => {
    expect(() => assertCanTransition(erasureLifecycle, 'requested', 'confirmed')).not.toThrow();
    expect(() => assertCanTransition(erasureLifecycle, 'refused', 'confirmed')).toThrow(AppError);
    expect(() => assertCanTransition(erasureLifecycle, 'confirmed', 'withdrawn')).toThrow(AppError);
  });
});
