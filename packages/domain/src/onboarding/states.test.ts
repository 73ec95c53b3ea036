import { describe, expect, it } from 'vitest';
import {
  assertCanTransition,
  canTransition,
  customerLifecycle,
  isCustomerApproved,
  isCustomerUnchecked,
  isKycPassed,
  isRegistrarApproved,
  isRegistrarBanned,
  isRegistrarPassed,
  kycDisplayOf,
  kycLifecycle,
  kycStates,
  needsMigration,
  parseKycState,
  registrarLifecycle,
  registrarNeedsInformation,
} from './index.ts';

describe('KYC states (spec 4 "KYC state values", "Passed", "Display")', () => {
  it.each([
    ['init', false, 'start', false],
    ['new', false, 'in_progress', true], // "new means check in progress with contact option"
    ['pending', false, 'in_progress', true],
    ['approved', true, 'passed', false],
    ['approved_in_review', true, 'passed', false],
    ['approved_data_changed', true, 'passed', false],
    ['rejected', false, 'not_confirmed', true], // "identity not confirmed with contact option"
    ['rejected_in_review', false, 'under_review', false], // "under review"
  ] as const)('%s: passed %s, display %s, contact %s', (state, passed, display, contact) => {
    expect(isKycPassed(state)).toBe(passed);
    expect(kycDisplayOf(state)).toEqual({ display, contact });
  });

  it('has no identification as not passed and offers the start link', () => {
    expect(isKycPassed(null)).toBe(false);
    expect(kycDisplayOf(null)).toEqual({ display: 'start', contact: false });
  });

  it.each([
    ['approved_data', 'approved_data_changed'], // spec 4 "(also written approved_data)"
    ['approved', 'approved'],
    ['APPROVED', null],
    ['unknown', null],
  ])('reads %s as %s', (value, state) => {
    expect(parseKycState(value)).toBe(state);
  });

  it('ends in approved, approved_data_changed and rejected; reviews end in a decision', () => {
    for (const from of ['approved', 'approved_data_changed', 'rejected'] as const) {
      for (const to of kycStates) expect(canTransition(kycLifecycle, from, to)).toBe(from === to);
    }
    expect(canTransition(kycLifecycle, 'approved_in_review', 'approved')).toBe(true);
    expect(canTransition(kycLifecycle, 'rejected_in_review', 'rejected')).toBe(true);
    expect(canTransition(kycLifecycle, 'pending', 'init')).toBe(false);
    expect(() => assertCanTransition(kycLifecycle, 'rejected', 'approved')).toThrow(
      expect.objectContaining({ code: 'invalid_transition', status: 409 }),
    );
    expect(() => assertCanTransition(kycLifecycle, null, 'init')).not.toThrow();
  });
});

describe('crypto registrar status (spec 4, spec 6)', () => {
  it.each([
    ['approval_required', true, false, false, false],
    ['approval_requested', true, false, false, false],
    ['approved', true, true, false, false],
    ['follow_up', false, false, true, false], // more information needed
    ['rejected', false, false, false, true], // banned
  ] as const)(
    '%s: passed %s, approved %s, follow-up %s, banned %s',
    (status, passed, approved, followUp, banned) => {
      expect(isRegistrarPassed(status)).toBe(passed);
      expect(isRegistrarApproved(status)).toBe(approved);
      expect(registrarNeedsInformation(status)).toBe(followUp);
      expect(isRegistrarBanned(status)).toBe(banned);
    },
  );

  it('starts over after a ban is lifted, and cannot jump from a ban to approved', () => {
    expect(canTransition(registrarLifecycle, 'rejected', 'approval_required')).toBe(true);
    expect(canTransition(registrarLifecycle, 'rejected', 'approved')).toBe(false);
  });
});

describe('customer status (spec 4 "unchecked, none, untouched, requested, rejected count as not yet checked")', () => {
  it.each([
    ['unchecked', true, false],
    ['none', true, false],
    ['untouched', true, false],
    ['requested', true, false],
    ['rejected', true, false],
    ['approved', false, true],
    ['follow_up', false, false],
    ['banned', false, false],
    [null, true, false],
  ] as const)('%s: not yet checked %s, approved %s', (status, unchecked, approved) => {
    expect(isCustomerUnchecked(status)).toBe(unchecked);
    expect(isCustomerApproved(status)).toBe(approved);
  });

  it('lifts a ban only into a new check', () => {
    expect(canTransition(customerLifecycle, 'banned', 'unchecked')).toBe(true);
    expect(canTransition(customerLifecycle, 'banned', 'approved')).toBe(false);
  });
});

describe('migration state (spec 4 "0 means migration needed")', () => {
  it.each([
    [0, true],
    [1, false],
    [2, false],
    [null, false],
  ])('%s -> needs migration %s', (state, expected) => {
    expect(needsMigration(state)).toBe(expected);
  });
});
