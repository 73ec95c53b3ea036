import { describe, expect, it } from 'vitest';
import { AppError, fieldViolationsOf, type ZodIssueLike } from '../errors/index.ts';
import { customerStatuses } from '../onboarding/states.ts';
import {
  assertCanDecide,
  availableDecisions,
  type CustomerDecision,
  customerDecisionInputSchemas,
  customerStatusOf,
  decisionBlocker,
  decisionPath,
  decisionTargets,
  reasonRequired,
} from './index.ts';

describe('decisionBlocker (customer status lifecycle, spec 4)', () => {
  const identified = (status: string | null) => ({ status, kycPassed: true, erased: false });

  it.each<[CustomerDecision, string | null, string | null]>([
    // approve: from anything not yet checked or asked for more information; not twice; not a banned one
    ['approve', null, null],
    ['approve', 'unchecked', null],
    ['approve', 'none', null],
    ['approve', 'untouched', null],
    ['approve', 'requested', null],
    ['approve', 'rejected', null],
    ['approve', 'follow_up', null],
    ['approve', 'approved', 'invalid_transition'],
    ['approve', 'banned', 'invalid_transition'],
    // follow-up: again and again (each sends a new message), also after approval; not when banned
    ['follow_up', null, null],
    ['follow_up', 'requested', null],
    ['follow_up', 'approved', null],
    ['follow_up', 'follow_up', null],
    ['follow_up', 'banned', 'invalid_transition'],
    // ban: from every state but banned
    ['ban', null, null],
    ['ban', 'unchecked', null],
    ['ban', 'approved', null],
    ['ban', 'follow_up', null],
    ['ban', 'banned', 'invalid_transition'],
    // lift a ban: only a ban
    ['lift_ban', 'banned', null],
    ['lift_ban', null, 'invalid_transition'],
    ['lift_ban', 'approved', 'invalid_transition'],
    ['lift_ban', 'unchecked', 'invalid_transition'],
  ])('%s on status %s -> %s', (decision, status, blocker) => {
    expect(decisionBlocker(decision, identified(status))).toBe(blocker);
  });

  it('approves only a customer whose identity is confirmed', () => {
    expect(decisionBlocker('approve', { status: 'requested', kycPassed: false, erased: false })).toBe(
      'customer_not_identified',
    );
    // the other decisions do not wait for the identification
    for (const d of ['follow_up', 'ban'] as const) {
      expect(decisionBlocker(d, { status: 'requested', kycPassed: false, erased: false })).toBeNull();
    }
  });

  it('treats an unknown stored status as not yet checked', () => {
    expect(customerStatusOf('something_else')).toBeNull();
    expect(customerStatusOf('approved')).toBe('approved');
    expect(decisionBlocker('approve', identified('something_else'))).toBeNull();
  });

  it('leads every decision to a lifecycle state', () => {
    for (const to of Object.values(decisionTargets)) expect(customerStatuses).toContain(to);
    expect(decisionTargets).toEqual({
      approve: 'approved',
      follow_up: 'follow_up',
      ban: 'banned',
      lift_ban: 'unchecked',
    });
  });

  it('throws the blocker as a 409 AppError', () => {
    expect(() => assertCanDecide('approve', identified('approved'))).toThrow(AppError);
    try {
      assertCanDecide('approve', { status: null, kycPassed: false, erased: false });
    } catch (e) {
      expect((e as AppError).code).toBe('customer_not_identified');
      expect((e as AppError).status).toBe(409);
    }
    expect(() => assertCanDecide('ban', identified('approved'))).not.toThrow();
  });

  it('lists every decision with its blocker for the buttons', () => {
    expect(availableDecisions({ status: 'banned', kycPassed: true, erased: false })).toEqual([
      { decision: 'approve', blocker: 'invalid_transition' },
      { decision: 'follow_up', blocker: 'invalid_transition' },
      { decision: 'ban', blocker: 'invalid_transition' },
      { decision: 'lift_ban', blocker: null },
    ]);
  });
});

describe('an erased customer (GDPR Art. 17, decision 024)', () => {
  it.each(customerStatuses)('takes no decision from status %s', (status) => {
    expect(availableDecisions({ status, kycPassed: true, erased: true })).toEqual([
      { decision: 'approve', blocker: 'customer_erased' },
      { decision: 'follow_up', blocker: 'customer_erased' },
      { decision: 'ban', blocker: 'customer_erased' },
      { decision: 'lift_ban', blocker: 'customer_erased' },
    ]);
  });

  it('throws customer_erased as a 409 AppError', () => {
    try {
      assertCanDecide('ban', { status: 'approved', kycPassed: true, erased: true });
      expect.unreachable();
    } catch (e) {
      expect((e as AppError).code).toBe('customer_erased');
      expect((e as AppError).status).toBe(409);
    }
  });
});

describe('decision inputs', () => {
  const violations = (decision: CustomerDecision, body: unknown) => {
    const result = customerDecisionInputSchemas[decision].safeParse(body);
    if (result.success) return [];
    return fieldViolationsOf(result.error.issues as unknown as ZodIssueLike[], body).map(
      (v) => `${v.propertyPath}:${v.code}`,
    );
  };

  it('needs a reason for a follow-up, a ban and lifting a ban, not for an approval', () => {
    expect(reasonRequired).toMatchObject({ approve: false, follow_up: true, ban: true, lift_ban: true });
    expect(violations('approve', {})).toEqual([]);
    expect(violations('approve', { reason: '' })).toEqual([]);
    expect(violations('ban', {})).toEqual(['reason:required']);
    expect(violations('ban', { reason: '   ' })).toEqual(['reason:required']);
    expect(violations('lift_ban', { reason: 'ok' })).toEqual(['reason:too_short']);
    expect(violations('ban', { reason: 'Sanktionslistentreffer bestätigt' })).toEqual([]);
  });

  it('needs a follow-up message of at least 10 characters and at most 2000', () => {
    expect(violations('follow_up', { reason: 'Auszug zu alt' })).toEqual(['message:required']);
    expect(violations('follow_up', { message: 'Bitte', reason: 'Auszug zu alt' })).toEqual([
      'message:too_short',
    ]);
    expect(violations('follow_up', { message: 'x'.repeat(2001), reason: 'Auszug zu alt' })).toEqual([
      'message:too_long',
    ]);
    expect(
      violations('follow_up', {
        message: 'Bitte laden Sie einen aktuellen Handelsregisterauszug hoch.',
        reason: 'Auszug älter als drei Monate',
      }),
    ).toEqual([]);
  });

  it('refuses unknown fields', () => {
    expect(violations('ban', { reason: 'Betrugsverdacht', status: 'approved' })).toEqual([
      'status:unknown_parameter',
    ]);
  });

  it('trims what it keeps', () => {
    expect(customerDecisionInputSchemas.ban.parse({ reason: '  Betrugsverdacht  ' })).toEqual({
      reason: 'Betrugsverdacht',
    });
  });

  it('names the API path of a decision', () => {
    expect(decisionPath('follow_up')).toBe('follow-up');
    expect(decisionPath('lift_ban')).toBe('lift-ban');
    expect(decisionPath('approve')).toBe('approve');
  });
});
