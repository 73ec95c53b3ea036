import { addCalendarMonths, daysBetween, daysInMonth, parseIsoDate } from '../calendar/index.ts';
import { addRational, type Rational, rational, zero } from './rational.ts';

/*
 * Day-count conventions (regulatory notes, "Interest payments and redemption"): the fraction of a year's
 * coupon that a period earns. Sources: ICMA Rule Book Rule 251 (ACT/ACT ICMA, as reproduced by ISDA),
 * 2006 ISDA Definitions Section 4.16 (b) ACT/ACT ICMA, (d) ACT/365 Fixed, (e) ACT/360, (g) 30E/360
 * "Eurobond Basis", and the worked examples of ISDA's memo "EMU and Market Conventions: Recent
 * Developments" (1998). Fractions are exact rationals; amounts are rounded once, in allocation.ts.
 */

/** How often a coupon is paid (the bond terms). */
export const couponFrequencies = ['annual', 'semi_annual', 'quarterly', 'monthly'] as const;
export type CouponFrequency = (typeof couponFrequencies)[number];

/** Coupons per year: the "frequency" of Rule 251. */
export const periodsPerYear: Record<CouponFrequency, number> = {
  annual: 1,
  semi_annual: 2,
  quarterly: 4,
  monthly: 12,
};

const monthsPerPeriod = (f: CouponFrequency) => 12 / periodsPerYear[f];

export const dayCountConventions = ['act_act_icma', '30e_360', 'act_365_fixed', 'act_360'] as const;
export type DayCountConvention = (typeof dayCountConventions)[number];

function parts(day: string): [number, number, number] {
  const p = parseIsoDate(day);
  if (!p) throw new RangeError(`not a calendar day: ${day}`);
  return p;
}

/** Whether the day is the last of its month (the end-of-month rule keys on it). */
export function isEndOfMonth(day: string): boolean {
  const [y, m, d] = parts(day);
  return d === daysInMonth(y, m);
}

/**
 * The coupon date `k` periods from `anchor` on the bond's regular cycle (negative `k`: before it).
 * Counted from the anchor each time, so 30 January stays the 30th after February. End-of-month rule:
 * when the anchor is the last day of its month, every cycle date is the last day of its month.
 */
export function cycleDate(anchor: string, frequency: CouponFrequency, k: number): string {
  const moved = addCalendarMonths(anchor, k * monthsPerPeriod(frequency));
  if (!isEndOfMonth(anchor)) return moved;
  const [y, m] = parts(moved);
  return `${moved.slice(0, 8)}${String(daysInMonth(y, m)).padStart(2, '0')}`;
}

/** Days from `start` to `end` under 30E/360: a 31st counts as the 30th, on either side (ISDA 2006 4.16 (g)). */
export function days30E360(start: string, end: string): number {
  const [y1, m1, d1] = parts(start);
  const [y2, m2, d2] = parts(end);
  return 360 * (y2 - y1) + 30 * (m2 - m1) + (Math.min(d2, 30) - Math.min(d1, 30));
}

export type AccrualPeriod = {
  convention: DayCountConvention;
  /** First day that accrues (issue date or the previous coupon date). */
  start: string;
  /** The day accrual stops, excluded (the coupon date, unadjusted). */
  end: string;
  /** Needed by ACT/ACT ICMA: the coupons per year of the regular schedule. */
  frequency: CouponFrequency;
  /**
   * Any date of the regular coupon cycle (ACT/ACT ICMA's notional periods are counted from it);
   * the first coupon date for a short or long first period. Defaults to `end`.
   */
  cycleAnchor?: string;
};

/**
 * The period's accrual fraction of a year's coupon. ACT/ACT ICMA (Rule 251): the days accrued in each
 * regular (notional) coupon period the accrual period touches, divided by frequency × that period's
 * days; a regular period gives exactly 1/frequency, a short or long first period its share.
 */
export function accrualFraction(p: AccrualPeriod): Rational {
  const { convention, start, end } = p;
  if (start > end) throw new RangeError(`accrual period ends before it starts: ${start} – ${end}`);
  switch (convention) {
    case 'act_365_fixed':
      return rational(daysBetween(start, end), 365);
    case 'act_360':
      return rational(daysBetween(start, end), 360);
    case '30e_360':
      return rational(days30E360(start, end), 360);
    case 'act_act_icma':
      return actActIcma(start, end, p.frequency, p.cycleAnchor ?? end);
  }
}

function actActIcma(start: string, end: string, frequency: CouponFrequency, anchor: string): Rational {
  const perYear = periodsPerYear[frequency];
  // The notional period that holds `start`: cycle dates c(k) <= start < c(k + 1).
  let k = 0;
  while (cycleDate(anchor, frequency, k) > start) k--;
  while (cycleDate(anchor, frequency, k + 1) <= start) k++;
  let fraction = zero;
  for (let from = cycleDate(anchor, frequency, k); from < end; k++) {
    const to = cycleDate(anchor, frequency, k + 1);
    const accrued = daysBetween(start > from ? start : from, end < to ? end : to);
    fraction = addRational(fraction, rational(accrued, perYear * daysBetween(from, to)));
    from = to;
  }
  return fraction;
}
