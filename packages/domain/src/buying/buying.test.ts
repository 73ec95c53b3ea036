import { describe, expect, it } from 'vitest';
import { isPurchasable, productLabel } from '../catalog/index.ts';
import { type BuyableProduct, type BuyingCustomer, buyBlockers, buyRefusalCode, canBuy } from './index.ts';

type Stock = { onHand: number; onHold: number; tracked: boolean };
const stock = (onHand: number, onHold: number, tracked = true): Stock => ({ onHand, onHold, tracked });

/** The parts of a shop view of a product that the rules read (views carry only enabled products). */
const view = (allowToBuy: boolean, s: Stock | null): BuyableProduct => ({ allowToBuy, defaultVariant: s });

// Shapes of the demo bonds (docs/demo-data.md).
const cases = {
  available: [true, stock(5_000_000, 1_250_000)],
  soldOut: [true, stock(2_000_000, 2_000_000)],
  exclusive: [false, stock(4_000_000, 0)],
  noVariant: [true, null],
  outOfStock: [true, stock(0, 0)],
  untrackedEmpty: [true, stock(0, 0, false)],
  exclusiveSoldOut: [false, stock(2_000_000, 2_000_000)],
  overHeld: [true, stock(10, 20)],
} as const satisfies Record<string, readonly [boolean, Stock | null]>;
const product = (name: keyof typeof cases) => view(cases[name][0], cases[name][1]);

const approved: BuyingCustomer = {
  hasWallet: true,
  kycPassed: true,
  status: 'approved',
  cryptoRegistrarStatus: 'approved',
};

describe('the card label of a shop view (spec 1, decision 001)', () => {
  it.each([
    ['available', 'available'],
    ['soldOut', 'sold'],
    ['exclusive', 'exclusive'],
    ['noVariant', 'unavailable'],
    ['outOfStock', 'unavailable'],
    ['untrackedEmpty', 'sold'],
    ['exclusiveSoldOut', 'sold'],
    ['overHeld', 'sold'],
  ] as const)('%s -> %s', (name, label) => {
    expect(productLabel(product(name))).toBe(label);
  });
});

describe('buyBlockers / canBuy (spec 5)', () => {
  it.each([
    ['approved investor, available bond', 'available', approved, []],
    ['visitor', 'available', null, ['login_required']],
    ['no wallet', 'available', { ...approved, hasWallet: false }, ['no_wallet']],
    // spec 6: "Only such users can invest" (KYC-approved); decision 009: a revoked identification
    ['identity not confirmed', 'available', { ...approved, kycPassed: false }, ['kyc_not_passed']],
    ['customer not approved', 'available', { ...approved, status: 'follow_up' }, ['customer_not_approved']],
    ['customer status missing', 'available', { ...approved, status: null }, ['customer_not_approved']],
    [
      'crypto approval only requested',
      'available',
      { ...approved, cryptoRegistrarStatus: 'approval_requested' },
      ['crypto_not_approved'],
    ],
    [
      'crypto rejected',
      'available',
      { ...approved, cryptoRegistrarStatus: 'rejected' },
      ['crypto_not_approved'],
    ],
    ['exclusive product', 'exclusive', approved, ['exclusive']],
    ['sold out', 'soldOut', approved, ['sold_out']],
    ['on hand 0', 'outOfStock', approved, ['unavailable']],
    ['no default variant', 'noVariant', approved, ['unavailable']],
    ['untracked, nothing on hand', 'untrackedEmpty', approved, ['sold_out']],
    [
      'visitor on exclusive sold-out product',
      'exclusiveSoldOut',
      null,
      ['exclusive', 'sold_out', 'login_required'],
    ],
  ] as const)('%s -> %j', (_name, name, customer, blockers) => {
    expect(buyBlockers(product(name), customer)).toEqual(blockers);
    expect(canBuy(product(name), customer)).toBe(blockers.length === 0);
  });

  it.each(Object.keys(cases) as (keyof typeof cases)[])(
    '%s: an approved investor may buy exactly when the catalogue says it is purchasable',
    (name) => {
      const [allowToBuy, s] = cases[name];
      expect(canBuy(product(name), approved)).toBe(
        isPurchasable({ enabled: true, allowToBuy, defaultVariant: s ? { ...s, enabled: true } : null }),
      );
    },
  );

  // spec 5 "status … approved", read through the state tables (convention 7), not as a substring
  it.each([
    [
      'a KYC state is no customer status',
      { ...approved, status: 'approved_in_review' },
      ['customer_not_approved'],
    ],
    ['an unknown status', { ...approved, status: 'not_approved' }, ['customer_not_approved']],
    ['a status in another case', { ...approved, status: 'APPROVED' }, ['customer_not_approved']],
    ['customer banned', { ...approved, status: 'banned' }, ['customer_not_approved']],
    ['customer not yet checked', { ...approved, status: 'unchecked' }, ['customer_not_approved']],
    [
      'registrar approval only required (passed, but not approved)',
      { ...approved, cryptoRegistrarStatus: 'approval_required' },
      ['crypto_not_approved'],
    ],
    ['registrar follow-up', { ...approved, cryptoRegistrarStatus: 'follow_up' }, ['crypto_not_approved']],
    [
      'an unknown registrar status',
      { ...approved, cryptoRegistrarStatus: 'unapproved' },
      ['crypto_not_approved'],
    ],
    ['registrar status missing', { ...approved, cryptoRegistrarStatus: undefined }, ['crypto_not_approved']],
  ] as const)('status from the state tables: %s -> %j', (_name, customer, blockers) => {
    expect(buyBlockers(product('available'), customer)).toEqual(blockers);
  });
});

describe('professional-only bonds (spec 6) and the API refusal code', () => {
  const bond = { ...product('available'), professionalOnly: true };
  it('refuses a non-professional and admits a professional', () => {
    expect(buyBlockers(bond, approved)).toEqual(['professional_only']);
    expect(buyBlockers(bond, { ...approved, isProfessional: true })).toEqual([]);
  });
  it.each([
    [[], null],
    [['professional_only'], 'professional_only'],
    [['sold_out'], 'insufficient_stock'],
    [['no_wallet'], 'buy_not_allowed'],
    [['no_wallet', 'professional_only'], 'buy_not_allowed'],
  ] as const)('%o -> %s', (blockers, code) => {
    expect(buyRefusalCode(blockers)).toBe(code);
  });
});
