import { accrualFraction, cycleDate } from './day-count.ts';
import type { Rational } from './rational.ts';
import { addTarget2BusinessDays, adjustToBusinessDay } from './target2.ts';
import type { BondTerms } from './terms.ts';

/*
 * The coupon schedule: one period per coupon from the issue date to maturity. Accrual runs over the
 * unadjusted dates (a payment moved by the business-day convention earns no extra day: the usual
 * fixed-rate euro bond, "unadjusted"); the payment moves to a TARGET2 business day, and the record date
 * lies the terms' offset of TARGET2 business days before the payment.
 */

/** One coupon period. */
export type CouponPeriod = {
  /** 1 for the first period. */
  index: number;
  /** Accrual starts (issue date or the previous unadjusted coupon date), included. */
  startDate: string;
  /** Accrual ends (the unadjusted coupon date), excluded. */
  endDate: string;
  /** `endDate` moved to a TARGET2 business day by the terms' convention. */
  paymentDate: string;
  /** The register at the end of this day decides who is paid. */
  recordDate: string;
  /** The share of a year's coupon the period earns, exact. */
  accrualFraction: Rational;
  /** The last period: the nominal is repaid with its coupon. */
  isFinal: boolean;
};

export type ScheduleTerms = Pick<
  BondTerms,
  | 'issueDate'
  | 'firstCouponDate'
  | 'maturityDate'
  | 'couponFrequency'
  | 'dayCountConvention'
  | 'businessDayConvention'
  | 'recordDateOffsetBusinessDays'
>;

/**
 * The bond's coupon periods: issue date to first coupon date (short or long), then the regular cycle
 * the first coupon date sets (end-of-month rule when it is a month's last day); the last ends at maturity.
 */
export function couponSchedule(terms: ScheduleTerms): CouponPeriod[] {
  const { issueDate, firstCouponDate: first, maturityDate, couponFrequency: frequency } = terms;
  if (!(issueDate < first && first <= maturityDate)) {
    throw new RangeError(
      `first coupon ${first} must lie after issue ${issueDate} and by maturity ${maturityDate}`,
    );
  }
  const periods: CouponPeriod[] = [];
  let startDate = issueDate;
  for (let k = 0; startDate < maturityDate; k++) {
    const onCycle = cycleDate(first, frequency, k);
    // Validated terms put maturity on the cycle; otherwise the last period is a short one to maturity.
    const endDate = onCycle < maturityDate ? onCycle : maturityDate;
    const paymentDate = adjustToBusinessDay(endDate, terms.businessDayConvention);
    periods.push({
      index: k + 1,
      startDate,
      endDate,
      paymentDate,
      recordDate: addTarget2BusinessDays(paymentDate, -terms.recordDateOffsetBusinessDays),
      accrualFraction: accrualFraction({
        convention: terms.dayCountConvention,
        start: startDate,
        end: endDate,
        frequency,
        cycleAnchor: first,
      }),
      isFinal: endDate === maturityDate,
    });
    startDate = endDate;
  }
  return periods;
}

/** The period whose payment falls on `paymentDate`, or null (a coupon run looks its period up by day). */
export function findCouponPeriod(periods: readonly CouponPeriod[], paymentDate: string): CouponPeriod | null {
  return periods.find((p) => p.paymentDate === paymentDate) ?? null;
}
