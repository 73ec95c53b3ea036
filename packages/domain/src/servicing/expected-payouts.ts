import { z } from 'zod';
import { addCalendarMonths } from '../calendar/index.ts';
import { allocateCoupon, allocateRedemption } from './allocation.ts';
import { formatRational, toDecimalString } from './rational.ts';
import { type CouponPeriod, couponSchedule } from './schedule.ts';
import type { BondTerms } from './terms.ts';

/*
 * The investor's next expected payments (issue 17, `GET customer-expected-payouts`): for a bond held
 * now, the coupons whose record date has not ended, at most 12 months ahead and at most 4 per bond, each
 * at the current holding with the runs' formula and rounding (`allocateCoupon`: nominal × tokens × rate
 * × fraction, rounded half up once); the final period adds the redemption of the nominal. An
 * expectation, never a promise: the register on the record date and the issuer's funding decide.
 */

/** At most this many months ahead … */
export const expectedPayoutHorizonMonths = 12;
/** … and at most this many payments per bond. */
export const expectedPayoutsPerBond = 4;

export type ExpectedPayout = {
  period: CouponPeriod;
  /** `interest`, or `redemption` for the final period (the last coupon with the nominal). */
  type: 'interest' | 'redemption';
  tokens: number;
  couponCents: number;
  /** Nominal × tokens at maturity, else 0. */
  redemptionCents: number;
  /** Coupon plus redemption. */
  amountCents: number;
};

/**
 * The expected payments of `tokens` tokens of a bond with `terms`, seen on `today` (the platform's
 * day): periods whose record date is today or later and whose payment lies within the horizon.
 */
export function expectedPayoutsOf(opts: {
  terms: BondTerms;
  tokens: number;
  today: string;
  horizonMonths?: number;
  maxPerBond?: number;
}): ExpectedPayout[] {
  const { terms, tokens, today } = opts;
  if (tokens <= 0) return [];
  const until = addCalendarMonths(today, opts.horizonMonths ?? expectedPayoutHorizonMonths);
  const periods = couponSchedule(terms)
    .filter((p) => p.recordDate >= today && p.paymentDate <= until)
    .slice(0, opts.maxPerBond ?? expectedPayoutsPerBond);
  return periods.map((period) => {
    const input = {
      nominalPerTokenCents: terms.nominalPerTokenCents,
      couponRateBasisPoints: terms.couponRateBasisPoints,
      accrualFraction: period.accrualFraction,
      holdings: [{ holderId: 'holder', tokens }],
    };
    if (period.isFinal) {
      const [line] = allocateRedemption(input).holders;
      return {
        period,
        type: 'redemption',
        tokens,
        couponCents: line?.couponCents ?? 0,
        redemptionCents: line?.redemptionCents ?? 0,
        amountCents: line?.totalCents ?? 0,
      };
    }
    const amount = allocateCoupon(input).holders[0]?.amountCents ?? 0;
    return { period, type: 'interest', tokens, couponCents: amount, redemptionCents: 0, amountCents: amount };
  });
}

const day = z.string().describe('calendar day YYYY-MM-DD');

/** One expected payment as `GET customer-expected-payouts` answers it. */
export const expectedPayoutViewSchema = z.object({
  bondCode: z.string(),
  bondName: z.string(),
  isin: z.string(),
  type: z.enum(['interest', 'redemption']),
  /** Always true: an expectation at the current holding, not a guaranteed payment. */
  expected: z.literal(true),
  paymentDate: day,
  recordDate: day,
  periodStart: day,
  periodEnd: day,
  tokens: z.number().int().min(1),
  couponRateBasisPoints: z.number().int(),
  accrualFraction: z.string().describe('exact fraction of a year, e.g. "181/365"'),
  accrualFractionDecimal: z.string(),
  couponAmount: z.number().int().min(0).describe('integer cents'),
  redemptionAmount: z.number().int().min(0).describe('integer cents; 0 unless the final period'),
  amount: z.number().int().min(0).describe('integer cents: coupon plus redemption'),
});
export type ExpectedPayoutView = z.infer<typeof expectedPayoutViewSchema>;

/** An expected payment of a bond as its view. */
export function expectedPayoutView(
  bond: { code: string; name: string; terms: Pick<BondTerms, 'isin' | 'couponRateBasisPoints'> },
  e: ExpectedPayout,
): ExpectedPayoutView {
  return {
    bondCode: bond.code,
    bondName: bond.name,
    isin: bond.terms.isin,
    type: e.type,
    expected: true,
    paymentDate: e.period.paymentDate,
    recordDate: e.period.recordDate,
    periodStart: e.period.startDate,
    periodEnd: e.period.endDate,
    tokens: e.tokens,
    couponRateBasisPoints: bond.terms.couponRateBasisPoints,
    accrualFraction: formatRational(e.period.accrualFraction),
    accrualFractionDecimal: toDecimalString(e.period.accrualFraction, 10),
    couponAmount: e.couponCents,
    redemptionAmount: e.redemptionCents,
    amount: e.amountCents,
  };
}

/** Several bonds' expected payments in one list: by payment date, then bond code. */
export function sortExpectedPayouts(views: ExpectedPayoutView[]): ExpectedPayoutView[] {
  return [...views].sort((a, b) =>
    a.paymentDate !== b.paymentDate
      ? a.paymentDate < b.paymentDate
        ? -1
        : 1
      : a.bondCode < b.bondCode
        ? -1
        : a.bondCode > b.bondCode
          ? 1
          : 0,
  );
}
