import { isKycPassed, type KycState } from '../onboarding/states.ts';

/**
 * The identification partner's results, as IDnow reports them in `identificationprocess.result`
 * (the sandbox partner reproduces the same set), and how each one moves the platform's KYC state
 * (spec 4). The table is the one place this mapping is written:
 *
 * | partner result              | meaning at the partner                                         | KYC state              |
 * |-----------------------------|----------------------------------------------------------------|------------------------|
 * | SUCCESS                     | identity confirmed                                             | approved               |
 * | SUCCESS_DATA_CHANGED        | identity confirmed, data corrected from the ID document        | approved_data_changed  |
 * | REVIEW_PENDING              | identified; the partner's second (four-eyes) review is open    | approved_in_review     |
 * | CHECK_PENDING               | identified; the automated check is still running (AutoIdent)   | pending                |
 * | FRAUD_SUSPICION_PENDING     | the partner suspects fraud and reviews the case                | rejected_in_review     |
 * | FRAUD_SUSPICION_CONFIRMED   | identity not confirmed (fraud)                                 | rejected               |
 * | ABORTED                     | the person left the video call before it ended                 | see below              |
 * | CANCELED                    | the partner's agent ended the call (document unreadable, …)    | see below              |
 *
 * ABORTED and CANCELED end an attempt, not the identification: the partner lets the person try again
 * with the same link. Before any decision (`init`) the state therefore stays `init` (the start link
 * stays valid); after a decision was pending (`pending`, `*_in_review`) the check cannot complete and
 * the identification ends as `rejected` (identity not confirmed; the person may start a new one).
 */
export const partnerResults = [
  'SUCCESS',
  'SUCCESS_DATA_CHANGED',
  'REVIEW_PENDING',
  'CHECK_PENDING',
  'FRAUD_SUSPICION_PENDING',
  'FRAUD_SUSPICION_CONFIRMED',
  'ABORTED',
  'CANCELED',
] as const;
export type PartnerResult = (typeof partnerResults)[number];

/** Results that end one attempt only; the person may try again (see the table above). */
export const partnerRetryResults = ['ABORTED', 'CANCELED'] as const satisfies readonly PartnerResult[];

const kycStateOfResult: Record<PartnerResult, KycState | 'attempt_ended'> = {
  SUCCESS: 'approved',
  SUCCESS_DATA_CHANGED: 'approved_data_changed',
  REVIEW_PENDING: 'approved_in_review',
  CHECK_PENDING: 'pending',
  FRAUD_SUSPICION_PENDING: 'rejected_in_review',
  FRAUD_SUSPICION_CONFIRMED: 'rejected',
  ABORTED: 'attempt_ended',
  CANCELED: 'attempt_ended',
};

export function isPartnerResult(value: unknown): value is PartnerResult {
  return typeof value === 'string' && (partnerResults as readonly string[]).includes(value);
}

/**
 * The KYC state an identification in `current` moves to when the partner reports `result`. The
 * caller still checks the move with `assertCanTransition(kycLifecycle, current, next)`: a result
 * arriving after a final decision (SUCCESS after `rejected`, …) is refused there.
 */
export function kycStateAfterPartnerResult(current: KycState, result: PartnerResult): KycState {
  const target = kycStateOfResult[result];
  if (target !== 'attempt_ended') return target;
  // The link stays valid while nothing was decided; an open check that cannot finish is not confirmed.
  return current === 'init' || current === 'new' ? current : 'rejected';
}

/**
 * `customers.kycPassed` after one identification moved from `from` to `to` (decision 009, amended
 * 2026-11-24): a passed state sets it (spec 4 "cached once passed"); a final `rejected` of the SAME
 * identification that had passed (`approved_in_review` rejected by the partner's second review)
 * takes it back, since GwG § 11 needs the identity verified before the business relationship, unless
 * another identification of the customer passed (`otherPassed`). Anything else leaves it as it was.
 */
export function kycPassedAfter(input: {
  wasPassed: boolean;
  from: KycState;
  to: KycState;
  otherPassed: boolean;
}): { kycPassed: boolean; revoked: boolean } {
  if (isKycPassed(input.to)) return { kycPassed: true, revoked: false };
  const revoked = input.wasPassed && input.to === 'rejected' && isKycPassed(input.from) && !input.otherPassed;
  return { kycPassed: input.wasPassed && !revoked, revoked };
}
