import { isKycPassed, type KycState } from '../onboarding/states.ts';

/**
 * How long an unused start link (`init`) is handed out again instead of starting a new
 * identification. IDnow keeps an identification open for a limited time (configured per company);
 * two weeks stays well inside it, so a link handed out again still works.
 */
export const kycStartLinkValidDays = 14;

/**
 * How long a running check (`new`, `pending`, `rejected_in_review`) blocks a new identification.
 * spec 4: a review takes about 24 or 48 hours; a check without an answer after 30 days is treated as
 * abandoned by the partner, so the person is not locked out for good.
 */
export const kycCheckStaleDays = 30;

const dayMs = 24 * 60 * 60 * 1000;

export type IdentificationStartDecision =
  /** Start a new identification with the partner. */
  | { action: 'start' }
  /** Hand out the latest identification's start link again (it is `init` and still valid). */
  | { action: 'reuse' }
  /** Refuse with this catalogue code (409). */
  | { action: 'refuse'; code: 'identification_passed' | 'identification_in_progress' };

/**
 * What `POST identification/start` does for a customer, given the customer's cached `kycPassed`
 * (spec 4: passed is cached once reached) and the latest identification (newest first).
 */
export function decideIdentificationStart(input: {
  kycPassed: boolean;
  latest: { state: KycState; createdAt: Date; updatedAt: Date } | null;
  now: Date;
}): IdentificationStartDecision {
  const { kycPassed, latest, now } = input;
  if (kycPassed || (latest && isKycPassed(latest.state))) {
    return { action: 'refuse', code: 'identification_passed' };
  }
  if (!latest) return { action: 'start' };
  switch (latest.state) {
    case 'init':
      return now.getTime() - latest.createdAt.getTime() < kycStartLinkValidDays * dayMs
        ? { action: 'reuse' }
        : { action: 'start' };
    case 'new':
    case 'pending':
    case 'rejected_in_review':
      return now.getTime() - latest.updatedAt.getTime() < kycCheckStaleDays * dayMs
        ? { action: 'refuse', code: 'identification_in_progress' }
        : { action: 'start' };
    case 'rejected':
      // spec 4: "identity not confirmed" with the contact option; a new identification may be started.
      return { action: 'start' };
    case 'approved':
    case 'approved_in_review':
    case 'approved_data_changed':
      return { action: 'refuse', code: 'identification_passed' };
  }
}
