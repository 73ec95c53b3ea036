import type { BondTerms } from './terms.ts';

/**
 * The bond terms the tests, the benchmark and the web's tests start from (one place, so they agree):
 * 1,000 tokens of 1,000 € each, 5.5 % annually, ACT/ACT ICMA, 2020-03-31 to 2025-03-31, the record
 * date a TARGET2 business day before payment. `overrides` change what a test is about.
 */
export function exampleBondTerms(overrides: Partial<BondTerms> = {}): BondTerms {
  return {
    isin: 'DE000A1EWWW0',
    issuer: 'Sonnenfeld Energie GmbH',
    nominalPerTokenCents: 100_000,
    issueVolumeCents: 100_000_000,
    totalSupply: 1_000,
    couponRateBasisPoints: 550,
    couponFrequency: 'annual',
    dayCountConvention: 'act_act_icma',
    issueDate: '2020-03-31',
    firstCouponDate: '2021-03-31',
    maturityDate: '2025-03-31',
    businessDayConvention: 'following',
    recordDateOffsetBusinessDays: 1,
    subscriptionStart: '2020-01-02',
    subscriptionEnd: '2020-03-31',
    minimumSubscriptionCents: null,
    maximumOrderCentsNonProfessional: null,
    professionalOnly: false,
    investorLimit: null,
    exclusive: false,
    ...overrides,
  };
}
