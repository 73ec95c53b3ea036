import { z } from 'zod';
import { bondTermsSchema } from './terms.ts';

/*
 * The operator's servicing views (issue 17, convention 6): the admin routes' responses and the web's
 * servicing screens derive from these. The investor's payout and the schedule row are in `views.ts`.
 */

const day = z.string().describe('calendar day YYYY-MM-DD');
const instant = z.string().describe('ISO 8601 instant');

/** A saved version of a bond's terms. */
export const bondTermsVersionViewSchema = z.object({
  product: z.string(),
  version: z.number().int().min(1),
  terms: bondTermsSchema,
  createdAt: instant,
  /** The operator who saved it. */
  createdBy: z.uuid(),
});
export type BondTermsVersionView = z.infer<typeof bondTermsVersionViewSchema>;

/** The body of POST coupon-runs: the schedule's period (1 = the first). */
export const couponRunInputSchema = z.strictObject({
  periodIndex: z.number().int().min(1).max(10_000),
});

export const couponRunStatusSchema = z.enum(['prepared', 'approved', 'paid', 'partially_failed']);
export const payoutRowStatusSchema = z.enum(['pending', 'paid', 'failed']);

const party = z.object({ uuid: z.uuid(), name: z.string(), email: z.string() });

/** A holder's line of a coupon run: tokens on the record date, the amount, and the payout once approved. */
export const couponRunHolderViewSchema = z.object({
  customer: party,
  tokens: z.number().int().min(1),
  amountCents: z.number().int().min(0).describe('the coupon'),
  redemptionCents: z.number().int().min(0).describe('the nominal repaid (a redemption run; else 0)'),
  payout: z.object({ id: z.number().int(), status: payoutRowStatusSchema }).nullable(),
});

/** A coupon run: the preview per holder, the total on all tokens, the rounding remainder, the status. */
export const couponRunViewSchema = z.object({
  id: z.number().int(),
  product: z.string(),
  periodIndex: z.number().int().min(1),
  kind: z.enum(['coupon', 'redemption']).describe('redemption: the final period, paid with the nominal'),
  termsVersion: z.number().int().min(1),
  periodStart: day,
  periodEnd: day,
  paymentDate: day,
  recordDate: day,
  accrualFraction: z.string().describe('exact fraction of a year, e.g. "75/181"'),
  status: couponRunStatusSchema,
  outstandingTokens: z.number().int().min(0),
  totalCents: z.number().int().describe('the coupon on all tokens outstanding, rounded half up once'),
  paidCents: z.number().int().describe('the sum of the holders’ amounts'),
  remainderCents: z.number().int().describe('total − paid: the rounding difference'),
  redemptionCents: z.number().int().min(0).describe('the nominal repaid to all holders (a redemption run)'),
  /** A redemption run's burn: tokens in burn instructions and tokens the registrar has burned. */
  burn: z.object({ queuedTokens: z.number().int().min(0), burnedTokens: z.number().int().min(0) }).nullable(),
  holders: z.array(couponRunHolderViewSchema),
  preparedAt: instant,
  approvedAt: instant.nullable(),
  approvedBy: z.uuid().nullable(),
});
export type CouponRunView = z.infer<typeof couponRunViewSchema>;

/** A run in the bond's list of runs (`GET coupon-runs`): status and totals, no holders. */
export const couponRunSummaryViewSchema = couponRunViewSchema
  .omit({ holders: true, burn: true, approvedBy: true })
  .extend({ holderCount: z.number().int().min(0).describe('holders with tokens on the record date') });
export type CouponRunSummaryView = z.infer<typeof couponRunSummaryViewSchema>;
export type CouponRunStatus = z.infer<typeof couponRunStatusSchema>;
export type PayoutRowStatus = z.infer<typeof payoutRowStatusSchema>;
export type CouponRunInput = z.infer<typeof couponRunInputSchema>;
export type PayoutFailedInput = z.infer<typeof payoutFailedInputSchema>;

/** A payout as the operator sees it after marking it. */
export const payoutAdminViewSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  customer: z.uuid(),
  amountCents: z.number().int().min(0),
  status: payoutRowStatusSchema,
  paidAt: instant.nullable(),
  failedAt: instant.nullable(),
  /** The bank's return reason code or the operator's words. */
  failureReason: z.string().nullable(),
});
export type PayoutAdminView = z.infer<typeof payoutAdminViewSchema>;

/** The body of POST payouts/{id}/failed: why the payout failed (audit log, the operator's words). */
export const payoutFailedInputSchema = z.strictObject({
  reason: z.string().trim().min(3).max(500),
});

/** What a camt.054 upload did to a run's payouts. */
export const payoutNoticeResultSchema = z.object({
  messageId: z.string(),
  /** Debits matched to a pending payout by end-to-end id and amount: now paid. */
  matched: z.number().int(),
  /** Debits of payouts paid before (the same file again): nothing booked. */
  alreadyPaid: z.number().int(),
  /** Returned or rejected transfers of pending payouts: now failed. */
  failed: z.number().int(),
  /** Returns of payouts failed before: nothing changed. */
  alreadyFailed: z.number().int(),
  /** Entries that changed nothing, with the reason. */
  unmatched: z.array(
    z.object({
      endToEndId: z.string().nullable(),
      amountCents: z.number().int(),
      reason: z.enum([
        'unknown_end_to_end_id',
        'other_run',
        'amount_mismatch',
        'currency_mismatch',
        'payout_failed',
        'returned_after_paid',
      ]),
    }),
  ),
  run: z.object({ id: z.number().int(), status: couponRunStatusSchema }),
});
export type PayoutNoticeResult = z.infer<typeof payoutNoticeResultSchema>;
