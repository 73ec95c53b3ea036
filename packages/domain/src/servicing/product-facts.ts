import type { CouponFrequency } from './day-count.ts';
import type { BondTerms } from './terms.ts';

/*
 * What the shop shows and the order rules read of a bond (the product's columns and attribute
 * values) follows its terms: saving terms writes these facts in the same transaction, so the
 * product page, the order limits and the terms never disagree (issue 17).
 */

/** The product columns the order rules read (spec 5/6), as the terms set them. */
export type BondProductColumns = {
  professionalOnly: boolean;
  investorLimit: number | null;
  minimumSubscriptionCents: number | null;
  maximumOrderCentsNonProfessional: number | null;
  /** false: exclusive, enquiry only (spec 6). */
  allowToBuy: boolean;
};

/** An attribute value of the product: `locale` null for a value that holds in every language. */
export type BondAttributeValue = { code: string; locale: 'de' | 'en' | null; value: string };

export const couponFrequencyLabels: Record<CouponFrequency, { de: string; en: string }> = {
  annual: { de: 'jährlich', en: 'annual' },
  semi_annual: { de: 'halbjährlich', en: 'semi-annual' },
  quarterly: { de: 'quartalsweise', en: 'quarterly' },
  monthly: { de: 'monatlich', en: 'monthly' },
};

/** "550" basis points as the attribute writes a rate: "5.50". */
export function couponRateAttribute(basisPoints: number): string {
  return `${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/** Whole months from the issue date to the day after maturity (the demo's 2026-04-01 to 2031-03-31: 60). */
export function termMonths(issueDate: string, maturityDate: string): number {
  const [iy, im, id] = issueDate.split('-').map(Number) as [number, number, number];
  const next = new Date(`${maturityDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  let months = (next.getUTCFullYear() - iy) * 12 + (next.getUTCMonth() + 1 - im);
  if (next.getUTCDate() < id) months -= 1;
  return Math.max(0, months);
}

/** The product columns and attribute values that follow from `terms`. */
export function bondProductFacts(terms: BondTerms): {
  columns: BondProductColumns;
  attributes: BondAttributeValue[];
} {
  return {
    columns: {
      professionalOnly: terms.professionalOnly,
      investorLimit: terms.investorLimit,
      minimumSubscriptionCents: terms.minimumSubscriptionCents,
      maximumOrderCentsNonProfessional: terms.maximumOrderCentsNonProfessional,
      allowToBuy: !terms.exclusive,
    },
    attributes: [
      { code: 'isin', locale: null, value: terms.isin },
      { code: 'issuer', locale: null, value: terms.issuer },
      { code: 'coupon_rate', locale: null, value: couponRateAttribute(terms.couponRateBasisPoints) },
      { code: 'maturity_date', locale: null, value: terms.maturityDate },
      { code: 'term_months', locale: null, value: String(termMonths(terms.issueDate, terms.maturityDate)) },
      { code: 'issue_volume', locale: null, value: String(terms.issueVolumeCents) },
      { code: 'nominal_per_token', locale: null, value: String(terms.nominalPerTokenCents) },
      ...(['de', 'en'] as const).map((locale) => ({
        code: 'interest_payment',
        locale,
        value: couponFrequencyLabels[terms.couponFrequency][locale],
      })),
    ],
  };
}
