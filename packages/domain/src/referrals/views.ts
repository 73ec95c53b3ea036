import { z } from 'zod';

/*
 * Views of referral commissions (convention 6): the API's responses and the web's types derive from
 * these. A partner never sees who they referred: lines carry no name, e-mail or id of the referred
 * customer, counts are counts.
 */

export const referralCommissionKinds = ['registered_customer', 'paid_order'] as const;
export type ReferralCommissionKind = (typeof referralCommissionKinds)[number];

/** accrued: owed, not yet settled; paid: settled into a commission statement; reversed: the order was refunded first. */
export const referralCommissionStatuses = ['accrued', 'paid', 'reversed'] as const;
export type ReferralCommissionStatus = (typeof referralCommissionStatuses)[number];

const day = z.string().describe('calendar day YYYY-MM-DD');
const cents = z.number().int().min(0).describe('integer cents');

/** The most either commission may be: 100 000 € in cents. */
export const maxReferralCommissionCents = 10_000_000;

/** PUT referral-partners/{uuid}/terms: the partner's one-off commissions in cents. */
export const referralTermsInputSchema = z.strictObject({
  referralCommissionPerRegisteredCustomer: z.number().int().min(0).max(maxReferralCommissionCents),
  referralCommissionPerPaidOrder: z.number().int().min(0).max(maxReferralCommissionCents),
});
export type ReferralTermsInput = z.infer<typeof referralTermsInputSchema>;

/** How many came through the link: registered, approved, and investors (at least one paid order). */
export const referralCountsSchema = z.object({
  registered: z.number().int().min(0),
  approved: z.number().int().min(0),
  investors: z.number().int().min(0),
});
export type ReferralCounts = z.infer<typeof referralCountsSchema>;

/** A commission line as the partner sees it: no data of the referred customer. */
export const referralCommissionLineSchema = z.object({
  id: z.number().int(),
  bookedOn: day,
  kind: z.enum(referralCommissionKinds),
  amount: cents,
  status: z.enum(referralCommissionStatuses),
});
export type ReferralCommissionLine = z.infer<typeof referralCommissionLineSchema>;

/** GET customer-referrals: the investor's own referral link, counts and commissions. */
export const customerReferralsViewSchema = z.object({
  referralCode: z.string().nullable(),
  referralLink: z.string().nullable(),
  referralPartner: z.boolean(),
  referralCommissionPerRegisteredCustomer: cents,
  referralCommissionPerPaidOrder: cents,
  counts: referralCountsSchema,
  accrued: cents.describe('earned, not yet settled'),
  paid: cents.describe('settled into commission statements'),
  lines: z.array(referralCommissionLineSchema),
});
export type CustomerReferralsView = z.infer<typeof customerReferralsViewSchema>;

/** A partner in the operators' list. */
export const referralPartnerAdminViewSchema = z.object({
  uuid: z.string(),
  fullName: z.string(),
  email: z.string(),
  referralCode: z.string(),
  referralPartner: z.boolean(),
  referralCommissionPerRegisteredCustomer: cents,
  referralCommissionPerPaidOrder: cents,
  counts: referralCountsSchema,
  accrued: cents,
  paid: cents,
});
export type ReferralPartnerAdminView = z.infer<typeof referralPartnerAdminViewSchema>;

/** A commission line for operators: the referred customer only as a short id ("#1a2b3c4d"). */
export const referralCommissionAdminLineSchema = referralCommissionLineSchema.extend({
  referredCustomer: z.string().describe('short id of the referred customer'),
  orderNumber: z.string().nullable(),
  statementId: z.number().int().nullable(),
});
export type ReferralCommissionAdminLine = z.infer<typeof referralCommissionAdminLineSchema>;

/** A commission statement: what one settlement paid one partner. */
export const referralStatementViewSchema = z.object({
  id: z.number().int(),
  periodFrom: day,
  periodTo: day,
  total: cents,
  lines: z.number().int().min(1),
  payoutId: z.number().int(),
  /** The commission payout: pending until the operator books the transfer as paid. */
  payoutStatus: z.enum(['pending', 'paid', 'failed']),
  createdAt: z.string(),
});
export type ReferralStatementView = z.infer<typeof referralStatementViewSchema>;

/** The short form under which a referred customer appears on a statement: "#" and 8 hex digits. */
export function shortCustomerId(uuid: string): string {
  return `#${uuid.replaceAll('-', '').slice(0, 8)}`;
}
