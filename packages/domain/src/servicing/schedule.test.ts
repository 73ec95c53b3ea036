import { describe, expect, it } from 'vitest';
import { formatRational } from './rational.ts';
import { type CouponPeriod, couponSchedule, findCouponPeriod, type ScheduleTerms } from './schedule.ts';

const base: ScheduleTerms = {
  issueDate: '2026-03-15',
  firstCouponDate: '2027-03-15',
  maturityDate: '2031-03-15',
  couponFrequency: 'annual',
  dayCountConvention: 'act_act_icma',
  businessDayConvention: 'modified_following',
  recordDateOffsetBusinessDays: 1,
};

/** [start, end, payment, record, fraction] per period: the schedule as a reader checks it. */
const rows = (periods: CouponPeriod[]) =>
  periods.map((p) => [
    p.startDate,
    p.endDate,
    p.paymentDate,
    p.recordDate,
    formatRational(p.accrualFraction),
  ]);

describe('couponSchedule', () => {
  it('annual, regular: a whole coupon each year, Saturday maturity paid on Monday', () => {
    const periods = couponSchedule(base);
    expect(rows(periods)).toEqual([
      ['2026-03-15', '2027-03-15', '2027-03-15', '2027-03-12', '1'],
      ['2027-03-15', '2028-03-15', '2028-03-15', '2028-03-14', '1'],
      ['2028-03-15', '2029-03-15', '2029-03-15', '2029-03-14', '1'],
      ['2029-03-15', '2030-03-15', '2030-03-15', '2030-03-14', '1'],
      ['2030-03-15', '2031-03-15', '2031-03-17', '2031-03-14', '1'],
    ]);
    expect(periods.map((p) => p.index)).toEqual([1, 2, 3, 4, 5]);
    expect(periods.map((p) => p.isFinal)).toEqual([false, false, false, false, true]);
  });

  it('semi-annual with a short first period (ACT/ACT ICMA 150 of 181 notional days)', () => {
    const periods = couponSchedule({
      ...base,
      issueDate: '2026-02-01',
      firstCouponDate: '2026-07-01',
      maturityDate: '2027-07-01',
      couponFrequency: 'semi_annual',
      recordDateOffsetBusinessDays: 0,
    });
    expect(rows(periods)).toEqual([
      ['2026-02-01', '2026-07-01', '2026-07-01', '2026-07-01', '75/181'],
      ['2026-07-01', '2027-01-01', '2027-01-04', '2027-01-04', '1/2'], // 1 Jan closed, Monday 4th
      ['2027-01-01', '2027-07-01', '2027-07-01', '2027-07-01', '1/2'],
    ]);
  });

  it('quarterly with a long first period on a month-end cycle', () => {
    const periods = couponSchedule({
      ...base,
      issueDate: '2026-01-10',
      firstCouponDate: '2026-06-30',
      maturityDate: '2027-06-30',
      couponFrequency: 'quarterly',
    });
    // 80 of 90 days of the notional quarter to 31 March, then a whole quarter: 80/360 + 1/4
    expect(rows(periods)).toEqual([
      ['2026-01-10', '2026-06-30', '2026-06-30', '2026-06-29', '17/36'],
      ['2026-06-30', '2026-09-30', '2026-09-30', '2026-09-29', '1/4'],
      ['2026-09-30', '2026-12-31', '2026-12-31', '2026-12-30', '1/4'],
      ['2026-12-31', '2027-03-31', '2027-03-31', '2027-03-30', '1/4'],
      ['2027-03-31', '2027-06-30', '2027-06-30', '2027-06-29', '1/4'],
    ]);
  });

  it('monthly from 31 January keeps month ends (leap February), 30E/360, over Easter 2024', () => {
    const periods = couponSchedule({
      ...base,
      issueDate: '2023-12-31',
      firstCouponDate: '2024-01-31',
      maturityDate: '2024-06-30',
      couponFrequency: 'monthly',
      dayCountConvention: '30e_360',
      recordDateOffsetBusinessDays: 2,
    });
    expect(rows(periods)).toEqual([
      ['2023-12-31', '2024-01-31', '2024-01-31', '2024-01-29', '1/12'],
      ['2024-01-31', '2024-02-29', '2024-02-29', '2024-02-27', '29/360'],
      // Sunday 31 March: Easter Monday and the new month follow, so back over Good Friday to Thursday
      ['2024-02-29', '2024-03-31', '2024-03-28', '2024-03-26', '31/360'],
      ['2024-03-31', '2024-04-30', '2024-04-30', '2024-04-26', '1/12'],
      ['2024-04-30', '2024-05-31', '2024-05-31', '2024-05-29', '1/12'],
      ['2024-05-31', '2024-06-30', '2024-06-28', '2024-06-26', '1/12'],
    ]);
  });

  it('following lets a payment cross into the next month', () => {
    const periods = couponSchedule({
      ...base,
      issueDate: '2023-12-31',
      firstCouponDate: '2024-06-30',
      maturityDate: '2024-06-30',
      couponFrequency: 'semi_annual',
      businessDayConvention: 'following',
    });
    expect(rows(periods)).toEqual([['2023-12-31', '2024-06-30', '2024-07-01', '2024-06-28', '1/2']]);
  });

  it('ACT/365 Fixed earns more than a year over a leap day; ACT/360 more still', () => {
    const leap = {
      ...base,
      issueDate: '2027-03-01',
      firstCouponDate: '2028-03-01',
      maturityDate: '2029-03-01',
    };
    expect(rows(couponSchedule({ ...leap, dayCountConvention: 'act_365_fixed' })).map((r) => r[4])).toEqual([
      '366/365',
      '1',
    ]);
    expect(rows(couponSchedule({ ...leap, dayCountConvention: 'act_360' })).map((r) => r[4])).toEqual([
      '61/60',
      '73/72',
    ]);
  });

  it('record date before Easter: payment Tuesday 22 April 2025, record Thursday 17 April', () => {
    const periods = couponSchedule({
      ...base,
      issueDate: '2024-04-22',
      firstCouponDate: '2025-04-22',
      maturityDate: '2026-04-22',
    });
    expect(periods.map((p) => [p.paymentDate, p.recordDate])).toEqual([
      ['2025-04-22', '2025-04-17'],
      ['2026-04-22', '2026-04-21'],
    ]);
    expect(findCouponPeriod(periods, '2025-04-22')?.index).toBe(1);
    expect(findCouponPeriod(periods, '2025-04-23')).toBeNull();
  });

  it('ends a maturity off the cycle with a short last period', () => {
    const periods = couponSchedule({ ...base, maturityDate: '2028-09-15' });
    expect(rows(periods).at(-1)).toEqual(['2028-03-15', '2028-09-15', '2028-09-15', '2028-09-14', '184/365']);
  });

  it('refuses a first coupon date that is not after issue', () => {
    expect(() => couponSchedule({ ...base, firstCouponDate: '2026-03-15' })).toThrow(RangeError);
  });
});
