import { describe, expect, it } from 'vitest';
import { errorCatalogue, fieldViolationsOf, violationCatalogue } from '../errors/index.ts';
import { type BondTerms, bondTermsSchema, isValidIsin, termsChangeRefusal } from './terms.ts';

const terms: BondTerms = {
  isin: 'DE0001102580',
  issuer: 'Solarpark Nord GmbH',
  nominalPerTokenCents: 10_000,
  issueVolumeCents: 100_000_000,
  totalSupply: 10_000,
  couponRateBasisPoints: 550,
  couponFrequency: 'annual',
  dayCountConvention: 'act_act_icma',
  issueDate: '2026-03-15',
  firstCouponDate: '2027-03-15',
  maturityDate: '2031-03-15',
  businessDayConvention: 'modified_following',
  recordDateOffsetBusinessDays: 1,
  subscriptionStart: '2026-01-15',
  subscriptionEnd: '2026-03-13',
  minimumSubscriptionCents: 50_000,
  maximumOrderCentsNonProfessional: 2_500_000,
  professionalOnly: false,
  investorLimit: 149,
  exclusive: false,
};

/** The violations (path and code) the schema reports for the terms with `change` applied. */
function violationsOf(change: Record<string, unknown>) {
  const input = { ...terms, ...change };
  const result = bondTermsSchema.safeParse(input);
  if (result.success) return [];
  return fieldViolationsOf(result.error.issues, input).map((v) => [v.propertyPath, v.code]);
}

describe('isValidIsin (ISO 6166, Luhn over the letters-to-digits expansion)', () => {
  it.each([
    'DE0001102580', // Bund
    'US0378331005', // Apple
    'XS2350756446',
    'AU0000XVGZA3',
    'GB0002634946',
    'DE0007164600', // SAP
    'DE000BAY0017', // Bayer
  ])('%s is valid', (isin) => {
    expect(isValidIsin(isin)).toBe(true);
  });

  it.each([
    'DE0001102581', // wrong check digit
    'US0378331006',
    'XS2350756447',
    'DE000BAY0018',
    'de0001102580', // lower case
    'DE000110258', // 11 characters
    'DE00011025800',
    '1E0001102580', // country must be letters
    'DE000110258X', // check must be a digit
    'DE00011-2580',
    '',
  ])('%s is refused', (isin) => {
    expect(isValidIsin(isin)).toBe(false);
  });
});

describe('bondTermsSchema', () => {
  it('accepts consistent terms', () => {
    expect(bondTermsSchema.parse(terms)).toEqual(terms);
    expect(violationsOf({})).toEqual([]);
  });

  it.each([
    ['invalid ISIN', { isin: 'DE0001102581' }, [['isin', 'invalid_isin']]],
    [
      'volume not nominal × supply',
      { issueVolumeCents: 99_999_999 },
      [['issueVolumeCents', 'inconsistent_volume']],
    ],
    ['supply changed alone', { totalSupply: 10_001 }, [['issueVolumeCents', 'inconsistent_volume']]],
    ['rate 0', { couponRateBasisPoints: 0 }, [['couponRateBasisPoints', 'coupon_rate_out_of_range']]],
    [
      'rate negative',
      { couponRateBasisPoints: -100 },
      [['couponRateBasisPoints', 'coupon_rate_out_of_range']],
    ],
    [
      'rate 20.01 %',
      { couponRateBasisPoints: 2001 },
      [['couponRateBasisPoints', 'coupon_rate_out_of_range']],
    ],
    [
      'rate not whole basis points',
      { couponRateBasisPoints: 5.5 },
      [['couponRateBasisPoints', 'invalid_type']],
    ],
    [
      'maturity on the issue date',
      { maturityDate: '2026-03-15' },
      [['maturityDate', 'maturity_before_issue']],
    ],
    ['maturity before issue', { maturityDate: '2025-03-15' }, [['maturityDate', 'maturity_before_issue']]],
    [
      'first coupon on the issue date',
      { firstCouponDate: '2026-03-15' },
      [['firstCouponDate', 'first_coupon_date_out_of_place']],
    ],
    [
      'first coupon before issue',
      { firstCouponDate: '2026-01-15' },
      [['firstCouponDate', 'first_coupon_date_out_of_place']],
    ],
    [
      'first coupon two periods after issue',
      { firstCouponDate: '2028-03-15' },
      [['firstCouponDate', 'first_coupon_date_out_of_place']],
    ],
    [
      'first coupon after maturity',
      { firstCouponDate: '2032-03-15' },
      [['firstCouponDate', 'first_coupon_date_out_of_place']],
    ],
    [
      'maturity off the coupon cycle',
      { maturityDate: '2031-04-15' },
      [['firstCouponDate', 'first_coupon_date_out_of_place']],
    ],
    ['record offset 16', { recordDateOffsetBusinessDays: 16 }, [['recordDateOffsetBusinessDays', 'too_big']]],
    [
      'record offset -1',
      { recordDateOffsetBusinessDays: -1 },
      [['recordDateOffsetBusinessDays', 'too_small']],
    ],
    [
      'subscription ends before it starts',
      { subscriptionEnd: '2026-01-14' },
      [['subscriptionEnd', 'min_date']],
    ],
    ['subscription ends after issue', { subscriptionEnd: '2026-03-16' }, [['subscriptionEnd', 'max_date']]],
    [
      'minimum below one token',
      { minimumSubscriptionCents: 9_999 },
      [['minimumSubscriptionCents', 'too_small']],
    ],
    [
      'maximum below minimum',
      { maximumOrderCentsNonProfessional: 49_999 },
      [['maximumOrderCentsNonProfessional', 'too_small']],
    ],
    ['investor limit 0', { investorLimit: 0 }, [['investorLimit', 'too_small']]],
    ['unknown frequency', { couponFrequency: 'weekly' }, [['couponFrequency', 'invalid_value']]],
    ['unknown day count', { dayCountConvention: 'act_act_isda' }, [['dayCountConvention', 'invalid_value']]],
    ['no calendar day', { issueDate: '2026-02-30' }, [['issueDate', 'invalid_value']]],
    ['unknown field', { couponDay: 15 }, [['couponDay', 'unknown_parameter']]],
  ])('%s', (_name, change, expected) => {
    expect(violationsOf(change)).toEqual(expected);
  });

  it.each([
    ['short first period', { firstCouponDate: '2026-12-15', maturityDate: '2030-12-15' }],
    ['long first period', { firstCouponDate: '2027-12-15', maturityDate: '2030-12-15' }],
    [
      'month-end cycle',
      {
        issueDate: '2026-03-15',
        firstCouponDate: '2026-06-30',
        maturityDate: '2028-12-31',
        couponFrequency: 'quarterly',
      },
    ],
    ['maturity at the first coupon', { maturityDate: '2027-03-15' }],
    ['20 % exactly', { couponRateBasisPoints: 2000 }],
    [
      'no limits',
      { minimumSubscriptionCents: null, maximumOrderCentsNonProfessional: null, investorLimit: null },
    ],
    ['subscription closing on the issue date', { subscriptionEnd: '2026-03-15' }],
  ])('accepts a %s', (_name, change) => {
    expect(violationsOf(change)).toEqual([]);
  });

  it('gives every new violation a German and an English sentence', () => {
    for (const code of [
      'invalid_isin',
      'maturity_before_issue',
      'coupon_rate_out_of_range',
      'first_coupon_date_out_of_place',
      'inconsistent_volume',
    ] as const) {
      expect(violationCatalogue[code].de).not.toBe('');
      expect(violationCatalogue[code].en).not.toBe('');
    }
  });
});

describe('termsChangeRefusal', () => {
  it('allows any change before a token is sold', () => {
    expect(termsChangeRefusal(terms, { ...terms, couponRateBasisPoints: 600 }, { tokensSold: 0 })).toBeNull();
  });

  it.each([
    ['couponRateBasisPoints', 600],
    ['maturityDate', '2032-03-15'],
    ['nominalPerTokenCents', 5_000],
    ['dayCountConvention', '30e_360'],
    ['recordDateOffsetBusinessDays', 2],
    ['businessDayConvention', 'following'],
    ['professionalOnly', true],
    ['isin', 'XS2350756446'],
  ] as const)('refuses a change of %s once tokens are sold', (field, value) => {
    const refusal = termsChangeRefusal(terms, { ...terms, [field]: value }, { tokensSold: 1 });
    expect(refusal).toEqual({ code: 'bond_terms_locked', fields: [field] });
    expect(errorCatalogue[refusal!.code].status).toBe(409);
  });

  it('names every locked field a change touches', () => {
    const next = { ...terms, nominalPerTokenCents: 5_000, totalSupply: 20_000 };
    expect(termsChangeRefusal(terms, next, { tokensSold: 3 })?.fields).toEqual([
      'nominalPerTokenCents',
      'totalSupply',
    ]);
  });

  it('lets the sale settings change after tokens are sold', () => {
    const next = {
      ...terms,
      subscriptionEnd: '2026-03-14',
      minimumSubscriptionCents: 100_000,
      maximumOrderCentsNonProfessional: null,
      investorLimit: 150,
      exclusive: true,
    };
    expect(termsChangeRefusal(terms, next, { tokensSold: 10 })).toBeNull();
  });

  it('sees no change in equal terms', () => {
    expect(termsChangeRefusal(terms, { ...terms }, { tokensSold: 10 })).toBeNull();
  });
});
