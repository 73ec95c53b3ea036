import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/index.ts';
import {
  assertCanTransition,
  decideIdentificationStart,
  identificationViewOf,
  identificationViewSchema,
  isKycPassed,
  isPartnerResult,
  type KycState,
  kycCheckStaleDays,
  kycLifecycle,
  kycPassedAfter,
  kycStartLinkValidDays,
  kycStateAfterPartnerResult,
  type PartnerResult,
  partnerResults,
} from './index.ts';

const day = 24 * 60 * 60 * 1000;

describe('partner result -> KYC state (the mapping table)', () => {
  // Every result from a fresh identification (`init`): the first decision the partner reports.
  it.each<[PartnerResult, KycState, boolean]>([
    ['SUCCESS', 'approved', true],
    ['SUCCESS_DATA_CHANGED', 'approved_data_changed', true],
    ['REVIEW_PENDING', 'approved_in_review', true],
    ['CHECK_PENDING', 'pending', false],
    ['FRAUD_SUSPICION_PENDING', 'rejected_in_review', false],
    ['FRAUD_SUSPICION_CONFIRMED', 'rejected', false],
    ['ABORTED', 'init', false],
    ['CANCELED', 'init', false],
  ])('%s from init -> %s (passed: %s)', (result, state, passed) => {
    const next = kycStateAfterPartnerResult('init', result);
    expect(next).toBe(state);
    expect(isKycPassed(next)).toBe(passed);
    expect(() => assertCanTransition(kycLifecycle, 'init', next)).not.toThrow();
  });

  // The second decision after a review, and attempts that end while a check was open.
  it.each<[KycState, PartnerResult, KycState]>([
    ['approved_in_review', 'SUCCESS', 'approved'],
    ['approved_in_review', 'SUCCESS_DATA_CHANGED', 'approved_data_changed'],
    ['approved_in_review', 'FRAUD_SUSPICION_CONFIRMED', 'rejected'],
    ['rejected_in_review', 'SUCCESS', 'approved'],
    ['rejected_in_review', 'FRAUD_SUSPICION_CONFIRMED', 'rejected'],
    ['pending', 'SUCCESS', 'approved'],
    ['pending', 'FRAUD_SUSPICION_PENDING', 'rejected_in_review'],
    ['pending', 'ABORTED', 'rejected'],
    ['rejected_in_review', 'CANCELED', 'rejected'],
    ['new', 'ABORTED', 'new'],
  ])('%s + %s -> %s (an allowed transition)', (current, result, next) => {
    expect(kycStateAfterPartnerResult(current, result)).toBe(next);
    expect(() => assertCanTransition(kycLifecycle, current, next)).not.toThrow();
  });

  // A result arriving after a final decision maps to a state the lifecycle refuses.
  it.each<[KycState, PartnerResult]>([
    ['approved', 'FRAUD_SUSPICION_CONFIRMED'],
    ['approved', 'REVIEW_PENDING'],
    ['rejected', 'SUCCESS'],
    ['approved_data_changed', 'SUCCESS'],
    ['approved_in_review', 'CHECK_PENDING'],
  ])('%s + %s is refused by the KYC lifecycle', (current, result) => {
    const next = kycStateAfterPartnerResult(current, result);
    expect(() => assertCanTransition(kycLifecycle, current, next)).toThrow(AppError);
  });

  it('knows exactly the partner results, nothing else', () => {
    for (const r of partnerResults) expect(isPartnerResult(r)).toBe(true);
    for (const r of ['success', 'FAILED', '', null, 1, 'SUCCESS ']) expect(isPartnerResult(r)).toBe(false);
  });
});

describe('decideIdentificationStart', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const ago = (days: number) => new Date(now.getTime() - days * day);
  const latest = (state: KycState, days = 0) => ({ state, createdAt: ago(days), updatedAt: ago(days) });

  it.each<
    [string, Parameters<typeof decideIdentificationStart>[0], ReturnType<typeof decideIdentificationStart>]
  >([
    ['no identification yet', { kycPassed: false, latest: null, now }, { action: 'start' }],
    ['a fresh start link', { kycPassed: false, latest: latest('init', 1), now }, { action: 'reuse' }],
    [
      'a start link older than its validity',
      { kycPassed: false, latest: latest('init', kycStartLinkValidDays), now },
      { action: 'start' },
    ],
    [
      'a running check',
      { kycPassed: false, latest: latest('pending', 2), now },
      { action: 'refuse', code: 'identification_in_progress' },
    ],
    [
      'a check just started',
      { kycPassed: false, latest: latest('new'), now },
      { action: 'refuse', code: 'identification_in_progress' },
    ],
    [
      'a fraud review',
      { kycPassed: false, latest: latest('rejected_in_review', 1), now },
      { action: 'refuse', code: 'identification_in_progress' },
    ],
    [
      'a check abandoned by the partner',
      { kycPassed: false, latest: latest('pending', kycCheckStaleDays + 1), now },
      { action: 'start' },
    ],
    [
      'a rejected identification',
      { kycPassed: false, latest: latest('rejected', 1), now },
      { action: 'start' },
    ],
    ...(['approved', 'approved_in_review', 'approved_data_changed'] as const).map(
      (
        state,
      ): [
        string,
        Parameters<typeof decideIdentificationStart>[0],
        ReturnType<typeof decideIdentificationStart>,
      ] => [
        `a passed identification (${state})`,
        { kycPassed: false, latest: latest(state, 100), now },
        { action: 'refuse', code: 'identification_passed' },
      ],
    ),
    [
      'kycPassed cached although the latest was rejected later (spec 4: cached once passed)',
      { kycPassed: true, latest: latest('rejected'), now },
      { action: 'refuse', code: 'identification_passed' },
    ],
  ])('%s', (_, input, expected) => {
    expect(decideIdentificationStart(input)).toEqual(expected);
  });
});

describe('identificationViewOf', () => {
  it.each<[KycState, string, boolean]>([
    ['init', 'start', false],
    ['new', 'in_progress', true],
    ['pending', 'in_progress', true],
    ['rejected_in_review', 'under_review', false],
    ['rejected', 'not_confirmed', true],
    ['approved', 'passed', false],
    ['approved_in_review', 'passed', false],
    ['approved_data_changed', 'passed', false],
  ])('%s is shown as %s (contact option: %s)', (state, display, contact) => {
    const view = identificationViewOf({
      id: 7,
      state,
      urlKycStart: 'https://go.idnow.de/x',
      provider: 'idnow',
      createdAt: new Date('2026-01-02T03:04:05Z'),
      decidedAt: null,
    });
    expect(view).toEqual({
      id: 7,
      state,
      stateAsString: state,
      display: { display, contact },
      urlKycStart: 'https://go.idnow.de/x',
      provider: 'idnow',
      createdAt: '2026-01-02T03:04:05.000Z',
      decidedAt: null,
    });
    expect(identificationViewSchema.parse(view)).toEqual(view);
  });
});

describe('kycPassed after a result (decision 009 amended: GwG § 11, a passed identification rejected later)', () => {
  it.each<
    [string, { wasPassed: boolean; from: KycState; to: KycState; otherPassed: boolean }, boolean, boolean]
  >([
    [
      'first pass sets it',
      { wasPassed: false, from: 'pending', to: 'approved', otherPassed: false },
      true,
      false,
    ],
    [
      'approval in review sets it',
      { wasPassed: false, from: 'init', to: 'approved_in_review', otherPassed: false },
      true,
      false,
    ],
    [
      'in review, then finally approved: stays',
      { wasPassed: true, from: 'approved_in_review', to: 'approved', otherPassed: false },
      true,
      false,
    ],
    [
      'in review, then finally rejected: taken back',
      { wasPassed: true, from: 'approved_in_review', to: 'rejected', otherPassed: false },
      false,
      true,
    ],
    [
      'rejected, but another identification passed: stays',
      { wasPassed: true, from: 'approved_in_review', to: 'rejected', otherPassed: true },
      true,
      false,
    ],
    [
      'a new identification rejected after an earlier pass: stays',
      { wasPassed: true, from: 'pending', to: 'rejected', otherPassed: true },
      true,
      false,
    ],
    [
      'never passed, rejected: stays false',
      { wasPassed: false, from: 'rejected_in_review', to: 'rejected', otherPassed: false },
      false,
      false,
    ],
    [
      'check in progress: unchanged',
      { wasPassed: false, from: 'init', to: 'pending', otherPassed: false },
      false,
      false,
    ],
  ])('%s', (_name, input, kycPassed, revoked) => {
    expect(kycPassedAfter(input)).toEqual({ kycPassed, revoked });
  });
});
