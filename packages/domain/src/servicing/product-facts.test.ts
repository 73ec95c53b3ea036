import { describe, expect, it } from 'vitest';
import { bondProductFacts, couponRateAttribute, termMonths } from './product-facts.ts';
import type { BondTerms } from './terms.ts';

const terms = {
  isin: 'DE000A1EWWW0',
  issuer: 'Sonnenfeld Energie GmbH',
  nominalPerTokenCents: 100,
  issueVolumeCents: 500_000_000,
  totalSupply: 5_000_000,
  couponRateBasisPoints: 550,
  couponFrequency: 'semi_annual',
  dayCountConvention: 'act_act_icma',
  issueDate: '2026-04-01',
  firstCouponDate: '2026-10-01',
  maturityDate: '2031-03-31',
  businessDayConvention: 'following',
  recordDateOffsetBusinessDays: 1,
  subscriptionStart: '2026-01-05',
  subscriptionEnd: '2026-03-31',
  minimumSubscriptionCents: 100_000,
  maximumOrderCentsNonProfessional: null,
  professionalOnly: false,
  investorLimit: 149,
  exclusive: true,
} satisfies BondTerms;

describe('the product facts that follow from bond terms', () => {
  it('writes rates as the attribute does and counts the term in whole months', () => {
    expect(couponRateAttribute(550)).toBe('5.50');
    expect(couponRateAttribute(725)).toBe('7.25');
    expect(couponRateAttribute(1_005)).toBe('10.05');
    expect(termMonths('2026-04-01', '2031-03-31')).toBe(60);
    expect(termMonths('2020-03-31', '2025-03-31')).toBe(60);
    expect(termMonths('2026-04-15', '2026-10-14')).toBe(6);
    expect(termMonths('2026-04-15', '2026-10-13')).toBe(5);
  });

  it('sets the order rules from the terms: exclusive means enquiry only', () => {
    const { columns, attributes } = bondProductFacts(terms);
    expect(columns).toEqual({
      professionalOnly: false,
      investorLimit: 149,
      minimumSubscriptionCents: 100_000,
      maximumOrderCentsNonProfessional: null,
      allowToBuy: false,
    });
    expect(attributes).toContainEqual({ code: 'coupon_rate', locale: null, value: '5.50' });
    expect(attributes).toContainEqual({ code: 'term_months', locale: null, value: '60' });
    expect(attributes).toContainEqual({ code: 'interest_payment', locale: 'de', value: 'halbjährlich' });
    expect(attributes).toContainEqual({ code: 'interest_payment', locale: 'en', value: 'semi-annual' });
  });
});
