import { isStateOf, type Lifecycle } from '../lifecycle/index.ts';

/**
 * The onboarding lifecycles of spec 4 as tables (convention 7): KYC (identification) states, the
 * crypto registrar status, the customer status and the migration state. Every change of one of these
 * goes through `assertCanTransition`; code asks the sets below, never `includes('approved')`.
 * The generic helpers live in `../lifecycle` (shared with the order lifecycles) and are re-exported.
 */
export { assertCanTransition, canTransition, isStateOf, type Lifecycle } from '../lifecycle/index.ts';

// ---------------------------------------------------------------------------------------------
// KYC (identification) states, spec 4
// ---------------------------------------------------------------------------------------------

export const kycStates = [
  'init',
  'new',
  'pending',
  'approved',
  'approved_in_review',
  'approved_data_changed',
  'rejected',
  'rejected_in_review',
] as const;
export type KycState = (typeof kycStates)[number];

/**
 * - `init`: the platform started an identification and handed out the partner's link; nothing done yet.
 * - `new`, `pending`: the person identified themself; the partner is checking ("check in progress").
 * - `approved*`: identity confirmed (`approved_in_review`: confirmed, the partner's second review still
 *   open; `approved_data_changed`: confirmed with corrected data).
 * - `rejected_in_review`: the partner suspects a problem and reviews ("under review").
 * - `rejected`: identity not confirmed. A person may start a new identification after `rejected` or
 *   an abandoned `init` (that is a new identification, not a transition of this one).
 */
export const kycLifecycle: Lifecycle<KycState> = {
  name: 'kyc',
  states: kycStates,
  transitions: {
    init: [
      'new',
      'pending',
      'approved',
      'approved_in_review',
      'approved_data_changed',
      'rejected',
      'rejected_in_review',
    ],
    new: [
      'pending',
      'approved',
      'approved_in_review',
      'approved_data_changed',
      'rejected',
      'rejected_in_review',
    ],
    pending: ['approved', 'approved_in_review', 'approved_data_changed', 'rejected', 'rejected_in_review'],
    approved_in_review: ['approved', 'approved_data_changed', 'rejected'],
    rejected_in_review: ['approved', 'approved_data_changed', 'rejected'],
    approved: [],
    approved_data_changed: [],
    rejected: [],
  },
};

/** spec 4: passed = approved, approved_in_review, approved_data (decision 009: the explicit set). */
export const kycPassedStates = [
  'approved',
  'approved_in_review',
  'approved_data_changed',
] as const satisfies readonly KycState[];
export const kycFinalStates = [
  'approved',
  'approved_data_changed',
  'rejected',
] as const satisfies readonly KycState[];

export function isKycPassed(state: KycState | null | undefined): boolean {
  return state != null && (kycPassedStates as readonly KycState[]).includes(state);
}

/** spec 4: `approved_data` is another spelling of `approved_data_changed`. */
export function parseKycState(value: string): KycState | null {
  if (value === 'approved_data') return 'approved_data_changed';
  return isStateOf(kycLifecycle, value) ? value : null;
}

/**
 * What the customer is shown for a state (spec 4 display): the message key and whether the contact
 * option is offered; `start` means the KYC start link is shown.
 */
export type KycDisplay = 'start' | 'in_progress' | 'under_review' | 'not_confirmed' | 'passed';
export function kycDisplayOf(state: KycState | null): { display: KycDisplay; contact: boolean } {
  switch (state) {
    case null:
    case 'init':
      return { display: 'start', contact: false };
    case 'new':
    case 'pending':
      return { display: 'in_progress', contact: true };
    case 'rejected_in_review':
      return { display: 'under_review', contact: false };
    case 'rejected':
      return { display: 'not_confirmed', contact: true };
    case 'approved':
    case 'approved_in_review':
    case 'approved_data_changed':
      return { display: 'passed', contact: false };
  }
}

// ---------------------------------------------------------------------------------------------
// Crypto registrar status, spec 4
// ---------------------------------------------------------------------------------------------

export const registrarStatuses = [
  'approval_required',
  'approval_requested',
  'approved',
  'follow_up',
  'rejected',
] as const;
export type RegistrarStatus = (typeof registrarStatuses)[number];

export const registrarLifecycle: Lifecycle<RegistrarStatus> = {
  name: 'crypto_registrar',
  states: registrarStatuses,
  transitions: {
    approval_required: ['approval_requested', 'approved', 'follow_up', 'rejected'],
    approval_requested: ['approved', 'follow_up', 'rejected'],
    follow_up: ['approval_requested', 'approved', 'rejected'],
    approved: ['follow_up', 'rejected'],
    // Lifting a ban starts the approval over.
    rejected: ['approval_required'],
  },
};

/** spec 4: approval_required, approval_requested and approved count as passed. */
export const registrarPassedStatuses = [
  'approval_required',
  'approval_requested',
  'approved',
] as const satisfies readonly RegistrarStatus[];

export function isRegistrarPassed(status: RegistrarStatus | null | undefined): boolean {
  return status != null && (registrarPassedStatuses as readonly RegistrarStatus[]).includes(status);
}
/** spec 4/5: buying needs the registrar's `approved` itself, not just a passed status. */
export function isRegistrarApproved(status: RegistrarStatus | null | undefined): boolean {
  return status === 'approved';
}
/** spec 4: `follow_up` = more information needed. */
export function registrarNeedsInformation(status: RegistrarStatus | null | undefined): boolean {
  return status === 'follow_up';
}
/** spec 6: banned = registrar status `rejected`. */
export function isRegistrarBanned(status: RegistrarStatus | null | undefined): boolean {
  return status === 'rejected';
}

// ---------------------------------------------------------------------------------------------
// Customer status (the platform's compliance verdict), spec 4
// ---------------------------------------------------------------------------------------------

export const customerStatuses = [
  'unchecked',
  'none',
  'untouched',
  'requested',
  'rejected',
  'approved',
  'follow_up',
  'banned',
] as const;
export type CustomerStatus = (typeof customerStatuses)[number];

/** spec 4: unchecked, none, untouched, requested, rejected count as not yet checked. */
export const customerUncheckedStatuses = [
  'unchecked',
  'none',
  'untouched',
  'requested',
  'rejected',
] as const satisfies readonly CustomerStatus[];

export const customerLifecycle: Lifecycle<CustomerStatus> = {
  name: 'customer_status',
  states: customerStatuses,
  transitions: {
    unchecked: ['requested', 'approved', 'follow_up', 'banned', 'rejected'],
    none: ['unchecked', 'requested', 'approved', 'follow_up', 'banned', 'rejected'],
    untouched: ['unchecked', 'requested', 'approved', 'follow_up', 'banned', 'rejected'],
    requested: ['approved', 'follow_up', 'banned', 'rejected'],
    rejected: ['requested', 'approved', 'follow_up', 'banned'],
    approved: ['follow_up', 'banned'],
    follow_up: ['requested', 'approved', 'banned'],
    // An operator may lift a ban; the customer is then checked again.
    banned: ['unchecked'],
  },
};

/** A null status (never set) is not yet checked too. */
export function isCustomerUnchecked(status: CustomerStatus | null | undefined): boolean {
  return status == null || (customerUncheckedStatuses as readonly CustomerStatus[]).includes(status);
}
export function isCustomerApproved(status: CustomerStatus | null | undefined): boolean {
  return status === 'approved';
}

// ---------------------------------------------------------------------------------------------
// Migration state, spec 4
// ---------------------------------------------------------------------------------------------

/** spec 4: 0 = migration needed. null (the column) = nothing to migrate. */
export const migrationStates = { needed: 0, migrated: 1, notFound: 2 } as const;
export type MigrationState = (typeof migrationStates)[keyof typeof migrationStates];

export function needsMigration(state: number | null | undefined): boolean {
  return state === migrationStates.needed;
}
