import { describe, expect, it } from 'vitest';
import { violationCodeOf, violationMessage, violationParamsOf, type ZodIssueLike } from '../errors/index.ts';
import {
  changePasswordSchema,
  companySignUpSchema,
  customerUpdateSchema,
  isSessionActive,
  meetsPasswordPolicy,
  passwordRuleFailures,
  sessionIdleTimeoutMs,
  signUpSchema,
} from './index.ts';

describe('spec 5 password policy', () => {
  it.each([
    ['', ['min_length', 'lower', 'upper', 'digit', 'special']],
    ['Ab1!', ['min_length']],
    ['abcdefg1!', ['upper']],
    ['ABCDEFG1!', ['lower']],
    ['Abcdefgh!', ['digit']],
    ['Abcdefgh1', ['special']],
    ['Abcdefg 1', ['special']],
    ['Äpfelbaum1€', []],
    ['Tokenwerk-2026', []],
    [`A1!${'a'.repeat(125)}`, []],
    [`A1!${'a'.repeat(126)}`, ['max_length']],
  ])('%j breaks %j', (pw, failures) => {
    expect(passwordRuleFailures(pw)).toEqual(failures);
    expect(meetsPasswordPolicy(pw)).toBe(failures.length === 0);
  });

  it('allows at least 64 characters (NIST SP 800-63B)', () => {
    expect(meetsPasswordPolicy(`Aa1!${'x'.repeat(60)}`)).toBe(true);
  });
});

const signUp = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  email: 'erika@example.com',
  password: 'Tokenwerk-2026',
  confirmPassword: 'Tokenwerk-2026',
  accountType: 'personal',
  termsConsent: true,
  subscribedToNewsletter: false,
};

const issueCodes = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; params?: unknown; code: string }[] };
}) =>
  (r.error?.issues ?? []).map((i) => [
    i.path.join('.'),
    (i.params as { violation?: string })?.violation ?? i.code,
  ]);

describe('registration', () => {
  it('accepts a complete registration', () => {
    expect(signUpSchema.safeParse(signUp).success).toBe(true);
  });
  it.each([
    [{ termsConsent: false }, [['termsConsent', 'terms_required']]],
    [{ confirmPassword: 'Tokenwerk-2027' }, [['confirmPassword', 'password_mismatch']]],
    [{ password: 'tokenwerk', confirmPassword: 'tokenwerk' }, [['password', 'weak_password']]],
    [{ accountType: 'admin' }, [['accountType', 'invalid_value']]],
    [{ referralCode: 'ab c' }, [['referralCode', 'invalid_format']]],
  ])('%j is refused with %j', (change, expected) => {
    expect(issueCodes(signUpSchema.safeParse({ ...signUp, ...change }))).toEqual(expected);
  });
  it('refuses unknown fields such as roles', () => {
    const r = signUpSchema.safeParse({ ...signUp, roles: ['admin'] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
  it('needs company name and type for a company', () => {
    expect(
      issueCodes(companySignUpSchema.safeParse(signUp))
        .map(([p]) => p)
        .sort(),
    ).toEqual(['accountType', 'companyName', 'companyType']);
    expect(
      companySignUpSchema.safeParse({
        ...signUp,
        accountType: 'company',
        companyName: 'Muster GmbH',
        companyType: 'limited_liability_company',
      }).success,
    ).toBe(true);
  });
});

describe('rule sentences come from the catalogue, never from the schema', () => {
  // the web's error map (`zodMessage`): the catalogue sentence of the issue's violation code
  const german = (issue: ZodIssueLike) =>
    violationMessage(violationCodeOf(issue), 'de', violationParamsOf(issue));
  it.each([
    [{ termsConsent: false }, 'termsConsent', 'Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen'],
    [{ confirmPassword: 'Tokenwerk-2027' }, 'confirmPassword', 'Die Passwörter stimmen nicht überein'],
    [
      { password: 'kurz1', confirmPassword: 'kurz1' },
      'password',
      'Das Passwort braucht mindestens 8 Zeichen mit Klein- und Großbuchstaben, einer Ziffer und einem Sonderzeichen',
    ],
  ])('%j reads %s: %s', (change, path, sentence) => {
    const r = signUpSchema.safeParse({ ...signUp, ...change }, { error: german, reportInput: true });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[path, sentence]]);
  });
  it('words a bad mobile number and an empty company type (spec 5 "must be selected")', () => {
    const mobile = customerUpdateSchema.safeParse({ mobileNumber: '0151 2' }, { error: german });
    expect(mobile.error?.issues[0]?.message).toBe(
      'Bitte geben Sie eine gültige Mobilnummer im internationalen Format ein (+49 …)',
    );
    const company = companySignUpSchema.safeParse(
      { ...signUp, accountType: 'company', companyName: 'Muster GmbH', companyType: '' },
      { error: german, reportInput: true },
    );
    expect(company.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['companyType', 'Bitte wählen Sie eine Option aus'],
    ]);
  });
});

describe('password change', () => {
  it('needs matching, policy-conform new passwords', () => {
    const base = {
      currentPassword: 'x',
      newPassword: 'Tokenwerk-2026',
      confirmNewPassword: 'Tokenwerk-2026',
    };
    expect(changePasswordSchema.safeParse(base).success).toBe(true);
    expect(issueCodes(changePasswordSchema.safeParse({ ...base, confirmNewPassword: 'other' }))).toEqual([
      ['confirmNewPassword', 'password_mismatch'],
    ]);
  });
});

describe('customer update', () => {
  it('accepts managed fields sent back but does not refuse them', () => {
    const r = customerUpdateSchema.safeParse({
      firstName: 'Eva',
      verified: true,
      customerRolesAsString: ['x'],
    });
    expect(r.success).toBe(true);
  });
  it.each([
    ['+49 151 23456789', true],
    ['+4915123456789', true],
    ['0151 23456789', false],
    ['+49 12', false],
    ['', true],
  ])('mobile %j valid: %s', (mobileNumber, ok) => {
    const r = customerUpdateSchema.safeParse({ mobileNumber });
    expect(r.success).toBe(ok);
    if (!ok) expect(issueCodes(r)).toEqual([['mobileNumber', 'invalid_mobile']]);
  });
});

describe('sessions', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const base = { revokedAt: null, lastUsedAt: now, expiresAt: new Date(now.getTime() + 1000) };
  it.each([
    ['fresh', base, true],
    ['revoked', { ...base, revokedAt: now }, false],
    ['past its latest end', { ...base, expiresAt: now }, false],
    ['idle 30 minutes', { ...base, lastUsedAt: new Date(now.getTime() - sessionIdleTimeoutMs) }, false],
    [
      'idle 29 minutes',
      { ...base, lastUsedAt: new Date(now.getTime() - sessionIdleTimeoutMs + 60_000) },
      true,
    ],
  ])('%s: %s', (_, s, active) => {
    expect(isSessionActive(s, now)).toBe(active);
  });
});
