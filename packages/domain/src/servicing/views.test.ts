import { describe, expect, it } from 'vitest';
import { couponSchedule } from './schedule.ts';
import { couponScheduleRowView, couponScheduleRowViewSchema, payoutViewSchema } from './views.ts';

describe('payoutViewSchema', () => {
  const interest = {
    id: 1,
    type: 'interest',
    status: 'paid',
    amount: 5_500,
    payoutDate: '2027-03-15',
    bondCode: 'SOLAR-2031',
    bondName: 'Solarpark Nord 5,5 % 2026/2031',
    periodStart: '2026-03-15',
    periodEnd: '2027-03-15',
  };

  it('takes interest, redemption and commission payouts', () => {
    expect(payoutViewSchema.parse(interest)).toEqual(interest);
    const commission = {
      ...interest,
      type: 'commission',
      bondCode: null,
      bondName: null,
      periodStart: null,
      periodEnd: null,
    };
    expect(payoutViewSchema.parse(commission)).toEqual(commission);
  });

  it.each([
    ['cents only', { amount: 55.5 }],
    ['no negative amount', { amount: -1 }],
    ['known types', { type: 'dividend' }],
    ['known statuses', { status: 'lost' }],
  ])('%s', (_name, change) => {
    expect(payoutViewSchema.safeParse({ ...interest, ...change }).success).toBe(false);
  });
});

describe('couponScheduleRowView', () => {
  it('writes the exact fraction and its decimal', () => {
    const [first] = couponSchedule({
      issueDate: '2026-02-01',
      firstCouponDate: '2026-07-01',
      maturityDate: '2027-07-01',
      couponFrequency: 'semi_annual',
      dayCountConvention: 'act_act_icma',
      businessDayConvention: 'following',
      recordDateOffsetBusinessDays: 1,
    });
    const row = couponScheduleRowView(first!);
    expect(row).toEqual({
      index: 1,
      startDate: '2026-02-01',
      endDate: '2026-07-01',
      paymentDate: '2026-07-01',
      recordDate: '2026-06-30',
      accrualFraction: '75/181',
      accrualFractionDecimal: '0.4143646409',
      isFinal: false,
    });
    expect(couponScheduleRowViewSchema.parse(row)).toEqual(row);
  });
});
