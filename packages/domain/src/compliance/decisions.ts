import { z } from 'zod';
import { AppError, type ErrorCode } from '../errors/index.ts';
import { type CustomerStatus, canTransition, customerLifecycle, isStateOf } from '../onboarding/states.ts';

/**
 * The compliance review (issue 7): what an operator may decide about a customer and about a
 * request to be classified as a professional client, which status each decision leads to, which
 * decisions need a reason, and the audit-log actions they write.
 */

export const customerDecisions = ['approve', 'follow_up', 'ban', 'lift_ban'] as const;
export type CustomerDecision = (typeof customerDecisions)[number];

export const professionalDecisions = ['approve', 'refuse'] as const;
export type ProfessionalDecision = (typeof professionalDecisions)[number];

/** The customer status each decision leads to (spec 4 customer status, `customerLifecycle`). */
export const decisionTargets: Readonly<Record<CustomerDecision, CustomerStatus>> = {
  approve: 'approved',
  follow_up: 'follow_up',
  ban: 'banned',
  // The lifecycle lets a lifted ban start the check over.
  lift_ban: 'unchecked',
};

/**
 * The append-only audit log's actions for the decisions of this review. Other parts of the platform
 * may log their own actions (a partner's verdict); readers show unknown ones by their code.
 */
export const auditActions = [
  'customer_approved',
  'follow_up_requested',
  'customer_banned',
  'ban_lifted',
  'professional_approved',
  'professional_refused',
  // written by the platform and the customer, shown in the same log
  'professional_request_submitted',
  'professional_request_withdrawn',
  'identification_result',
  // decision 009 (amended): a final rejection took back the identification's earlier pass
  'kyc_passed_revoked',
  'registrar_status',
  // Orders (issue 8): an operator cancels a placed order with a reason
  'order_cancelled',
  // Payments (issue 8): an operator books, refunds, assigns or returns with a reason
  'order_marked_paid',
  'order_refunded',
  'bank_credit_assigned',
  'bank_credit_returned',
  // Card payments (decision 028), written by the platform: a refund the card partner reports (in part
  // or in full), a payment the order did not need given back (late or second), or one that could not be
  // given back and awaits an operator
  'card_refund_received',
  'card_payment_returned',
  'card_payment_flagged',
  // Data protection (issue 19, decision 024): an operator confirmed a customer's erasure
  'erasure_confirmed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const customerDecisionActions: Readonly<Record<CustomerDecision, AuditAction>> = {
  approve: 'customer_approved',
  follow_up: 'follow_up_requested',
  ban: 'customer_banned',
  lift_ban: 'ban_lifted',
};
export const professionalDecisionActions: Readonly<Record<ProfessionalDecision, AuditAction>> = {
  approve: 'professional_approved',
  refuse: 'professional_refused',
};

/** Decisions that must say why (the audit log's `reason`); approvals may. */
export const reasonRequired: Readonly<
  Record<CustomerDecision | `professional_${ProfessionalDecision}`, boolean>
> = {
  approve: false,
  follow_up: true,
  ban: true,
  lift_ban: true,
  professional_approve: false,
  professional_refuse: true,
};

/** A stored status as a lifecycle state; an unknown value counts as not yet checked (null). */
export function customerStatusOf(value: string | null | undefined): CustomerStatus | null {
  return isStateOf(customerLifecycle, value) ? value : null;
}

/**
 * What the review knows about a customer when it judges a decision; `erased`: an erasure request of
 * theirs was confirmed (decision 024), the record is a locked pseudonymous stub.
 */
export type DecisionSubject = { status: string | null; kycPassed: boolean; erased: boolean };

/**
 * Why a decision cannot be taken now, as a catalogue code, or null when it can:
 * - an erased customer is decided on no more (GDPR Art. 17 (3) (b): what is kept is locked and
 *   may serve nothing but the retention and an authority's request, decision 024);
 * - a decision that changes nothing is refused (approving an approved customer), except a new
 *   follow-up, which sends the customer a new message;
 * - lifting a ban needs a ban; every other change follows `customerLifecycle` (a banned customer
 *   is not approved or asked for more information before the ban is lifted);
 * - approval needs a confirmed identity (spec 5: only KYC-approved investors may invest).
 */
export function decisionBlocker(decision: CustomerDecision, subject: DecisionSubject): ErrorCode | null {
  if (subject.erased) return 'customer_erased';
  const from = customerStatusOf(subject.status);
  const to = decisionTargets[decision];
  if (decision === 'lift_ban') return from === 'banned' ? null : 'invalid_transition';
  if (from === to) return decision === 'follow_up' ? null : 'invalid_transition';
  if (!canTransition(customerLifecycle, from, to)) return 'invalid_transition';
  if (decision === 'approve' && !subject.kycPassed) return 'customer_not_identified';
  return null;
}

/** Throws the blocker of `decisionBlocker` as an AppError (409). */
export function assertCanDecide(decision: CustomerDecision, subject: DecisionSubject): void {
  const blocker = decisionBlocker(decision, subject);
  if (blocker) {
    throw new AppError(blocker, { detail: `${decision} on status ${subject.status ?? 'null'}` });
  }
}

/** Every customer decision with whether it can be taken now, for the operator's buttons. */
export function availableDecisions(
  subject: DecisionSubject,
): { decision: CustomerDecision; blocker: ErrorCode | null }[] {
  return customerDecisions.map((decision) => ({ decision, blocker: decisionBlocker(decision, subject) }));
}

// ---------------------------------------------------------------------------------------------
// Inputs: the same schemas validate the API body and the web's decision dialog (convention 9).
// ---------------------------------------------------------------------------------------------

/** Why a decision was taken: kept in the audit log, never shown to the customer. */
export const decisionReasonSchema = z.string().trim().min(3).max(2000);
const optionalReason = z.string().trim().max(2000).nullish();

/** The message a follow-up sends the customer (mail and the "more information needed" banner). */
export const followUpMessageSchema = z.string().trim().min(10).max(2000);

export const approveCustomerInputSchema = z.strictObject({ reason: optionalReason });
export const followUpInputSchema = z.strictObject({
  message: followUpMessageSchema,
  reason: decisionReasonSchema,
});
export const banInputSchema = z.strictObject({ reason: decisionReasonSchema });
export const liftBanInputSchema = z.strictObject({ reason: decisionReasonSchema });
export const approveProfessionalInputSchema = z.strictObject({ reason: optionalReason });
export const refuseProfessionalInputSchema = z.strictObject({ reason: decisionReasonSchema });

export const customerDecisionInputSchemas = {
  approve: approveCustomerInputSchema,
  follow_up: followUpInputSchema,
  ban: banInputSchema,
  lift_ban: liftBanInputSchema,
} as const;
export const professionalDecisionInputSchemas = {
  approve: approveProfessionalInputSchema,
  refuse: refuseProfessionalInputSchema,
} as const;

export type CustomerDecisionInput = {
  approve: z.infer<typeof approveCustomerInputSchema>;
  follow_up: z.infer<typeof followUpInputSchema>;
  ban: z.infer<typeof banInputSchema>;
  lift_ban: z.infer<typeof liftBanInputSchema>;
};
export type ProfessionalDecisionInput = {
  approve: z.infer<typeof approveProfessionalInputSchema>;
  refuse: z.infer<typeof refuseProfessionalInputSchema>;
};

/** The API path segment of a decision (`POST admin/customers/{uuid}/follow-up`). */
export function decisionPath(decision: CustomerDecision | ProfessionalDecision): string {
  return decision.replace(/_/g, '-');
}
