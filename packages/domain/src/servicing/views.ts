import { z } from 'zod';
import { formatRational, toDecimalString } from './rational.ts';
import type { CouponPeriod } from './schedule.ts';

/*
 * Views of bond servicing (convention 6): the API's responses and the web's types derive from these.
 */

/** What a payout pays: a coupon, the nominal at maturity (with the last coupon), or a referral commission. */
export const payoutTypes = ['interest', 'redemption', 'commission'] as const;
export type PayoutType = (typeof payoutTypes)[number];

/** Where a payout stands: announced for its date, sent to the bank, booked as paid, or returned by the bank. */
export const payoutStatuses = ['scheduled', 'processing', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

const day = z.string().describe('calendar day YYYY-MM-DD');

/** A payout as `GET customer-payouts` answers it (spec 3 Payout: amount, payoutDate). */
export const payoutViewSchema = z.object({
  id: z.number().int(),
  type: z.enum(payoutTypes),
  status: z.enum(payoutStatuses),
  amount: z.number().int().min(0).describe('integer cents'),
  payoutDate: day.describe('the payment date (a TARGET2 business day)'),
  /** The bond (product) paid on; null for a referral commission. */
  bondCode: z.string().nullable(),
  bondName: z.string().nullable(),
  /** The coupon period the interest is for; null for a commission. */
  periodStart: day.nullable(),
  periodEnd: day.nullable(),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

/** A row of a bond's coupon schedule. */
export const couponScheduleRowViewSchema = z.object({
  index: z.number().int().min(1),
  startDate: day,
  endDate: day.describe('unadjusted coupon date, excluded from accrual'),
  paymentDate: day,
  recordDate: day,
  accrualFraction: z.string().describe('exact fraction of a year, e.g. "75/181"'),
  accrualFractionDecimal: z.string().describe('the same to 10 decimal places, for display'),
  isFinal: z.boolean(),
});
export type CouponScheduleRowView = z.infer<typeof couponScheduleRowViewSchema>;

/** A schedule period as its view. */
export function couponScheduleRowView(p: CouponPeriod): CouponScheduleRowView {
  return {
    index: p.index,
    startDate: p.startDate,
    endDate: p.endDate,
    paymentDate: p.paymentDate,
    recordDate: p.recordDate,
    accrualFraction: formatRational(p.accrualFraction),
    accrualFractionDecimal: toDecimalString(p.accrualFraction, 10),
    isFinal: p.isFinal,
  };
}
