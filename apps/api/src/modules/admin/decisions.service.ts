import {
  assertCanDecide,
  type CustomerDecision,
  type CustomerDecisionInput,
  customerDecisionActions,
  type DecisionResult,
  decisionTargets,
  type ProfessionalDecision,
  type ProfessionalDecisionInput,
} from '@token/domain/compliance';
import { AppError, notFound } from '@token/domain/errors';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, professionalRequests } from '../../db/schema/index.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import { isCustomerErased } from '../privacy/erasure.service.ts';
import { decideProfessionalRequest as decideRequest } from '../professional/professional.service.ts';
import { bookReferralCommission } from '../referrals/referrals.service.ts';
import { appendAuditEntry, displayName, latestAuditEntry } from './audit-log.service.ts';
import { queueComplianceMail } from './compliance-mails.ts';

/** The operator deciding: never on their own account (no one reviews themself). */
export type DecidingOperator = { id: number };

function assertNotOwnAccount(operator: DecidingOperator, customerId: number): void {
  if (operator.id === customerId) {
    throw new AppError('forbidden', { detail: 'an operator does not decide on their own account' });
  }
}

/** A reason as stored: trimmed, and null when none was given. */
const reasonOf = (reason: string | null | undefined) => (reason?.trim() ? reason.trim() : null);

/**
 * An operator's decision on a customer, in one transaction with the customer's row locked:
 * approve (status `approved`, the follow-up message is done with, and a mail telling the customer
 * in their language), follow-up (status `follow_up`
 * with the message to the customer, the "seen" mark cleared so the gate leads to /contact once
 * more, and a mail in the customer's language), ban (status `banned`; no mail, see
 * compliance-mails.ts) or lift a ban (checked again from `unchecked`). The status change follows
 * `customerLifecycle`; each decision appends its audit row (who, when, what, why). An erased
 * customer takes no decision (409 `customer_erased`, decision 024).
 */
export async function decideCustomer<D extends CustomerDecision>(opts: {
  db: Database;
  mailCtx: MailContext;
  operator: DecidingOperator;
  customerUuid: string;
  decision: D;
  input: CustomerDecisionInput[D];
  now?: Date;
}): Promise<DecisionResult> {
  const { decision, operator } = opts;
  const now = opts.now ?? new Date();
  return opts.db.transaction(async (tx) => {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.uuid, opts.customerUuid.toLowerCase()))
      .for('update');
    if (!customer) throw notFound();
    assertNotOwnAccount(operator, customer.id);
    // The row lock waits for a confirming erasure (it locks the same row), so this reads its outcome.
    assertCanDecide(decision, { ...customer, erased: await isCustomerErased(tx, customer.id) });
    const to = decisionTargets[decision];
    const input = opts.input as Partial<{ message: string; reason: string | null }>;
    const message = decision === 'follow_up' ? input.message!.trim() : undefined;
    const followUp =
      decision === 'follow_up'
        ? { followUpMessage: message!, followUpSeenAt: null }
        : decision === 'approve'
          ? { followUpMessage: null, followUpSeenAt: null }
          : {};
    const [updated] = await tx
      .update(customers)
      .set({ status: to, ...followUp, updatedAt: now })
      .where(eq(customers.id, customer.id))
      .returning();
    const auditEntry = await appendAuditEntry(tx, {
      customerId: customer.id,
      actorId: operator.id,
      action: customerDecisionActions[decision],
      reason: reasonOf(input.reason),
      details: { from: customer.status, to, ...(message === undefined ? {} : { message }) },
    });
    if (decision === 'follow_up') {
      await queueComplianceMail(tx, opts.mailCtx, {
        to: customer.email,
        locale: customer.locale,
        kind: 'follow_up_requested',
        name: displayName(customer),
        message: message!,
      });
    }
    if (decision === 'approve') {
      // The referral partner's one-off commission for this customer, once (decision 017).
      await bookReferralCommission(tx, { kind: 'registered_customer', customerId: customer.id }, now);
      await queueComplianceMail(tx, opts.mailCtx, {
        to: customer.email,
        locale: customer.locale,
        kind: 'account_approved',
        name: displayName(customer),
      });
    }
    return {
      customer: {
        uuid: updated!.uuid,
        status: updated!.status,
        followUpMessage: updated!.followUpMessage,
        customerRolesAsString: updated!.roles,
      },
      auditEntry,
    };
  });
}

/**
 * An operator's decision on an open request to be classified as a professional client (WpHG
 * § 67 (6)), made by the professional module's one decision (evidence for every stated criterion,
 * the role `professional_investor` on approval, the audit row), plus the mail to the customer, in
 * one transaction. A request already decided or withdrawn answers 409 `invalid_transition`; one of
 * an erased customer 409 `customer_erased` (decision 024).
 */
export async function decideProfessionalRequest<D extends ProfessionalDecision>(opts: {
  db: Database;
  mailCtx: MailContext;
  operator: DecidingOperator;
  requestId: number;
  decision: D;
  input: ProfessionalDecisionInput[D];
  now?: Date;
}): Promise<DecisionResult> {
  const { decision, operator } = opts;
  return opts.db.transaction(async (tx) => {
    const [request] = await tx
      .select({ customerId: professionalRequests.customerId })
      .from(professionalRequests)
      .where(eq(professionalRequests.id, opts.requestId));
    if (request) {
      // A confirming erasure holds the customer row for update: waiting for it reads its outcome. Key share
      // only, so the customer's own steps on the request (which take it through their foreign key) go on.
      await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, request.customerId))
        .for('key share');
      if (await isCustomerErased(tx, request.customerId)) {
        throw new AppError('customer_erased', { detail: 'the request belongs to an erased customer' });
      }
    }
    const decided = await decideRequest({
      db: tx,
      requestId: opts.requestId,
      operatorId: operator.id,
      decision: decision === 'approve' ? 'approved' : 'refused',
      reason: reasonOf(opts.input.reason),
      ...(opts.now ? { now: opts.now } : {}),
    });
    const [customer] = await tx.select().from(customers).where(eq(customers.id, decided.customerId));
    await queueComplianceMail(tx, opts.mailCtx, {
      to: customer!.email,
      locale: customer!.locale,
      kind: decision === 'approve' ? 'professional_approved' : 'professional_refused',
      name: displayName(customer!),
    });
    return {
      customer: {
        uuid: customer!.uuid,
        status: customer!.status,
        followUpMessage: customer!.followUpMessage,
        customerRolesAsString: customer!.roles,
      },
      auditEntry: await latestAuditEntry(tx, decided.customerId),
    };
  });
}
