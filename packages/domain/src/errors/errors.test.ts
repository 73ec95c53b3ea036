import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactMessageSchema } from '../contact/index.ts';
import { supportedLocales } from '../i18n/index.ts';
import {
  AppError,
  clientErrorCatalogue,
  errorCatalogue,
  errorMessage,
  fieldViolationsOf,
  isErrorCode,
  localizeViolations,
  notFound,
  validationFailed,
  violationCatalogue,
  violationCodeOf,
  violationMessage,
} from './index.ts';

describe('error catalogue', () => {
  it('gives every code a German and an English sentence and API codes a 4xx/5xx status', () => {
    for (const [code, entry] of Object.entries({ ...errorCatalogue, ...clientErrorCatalogue })) {
      for (const locale of supportedLocales)
        expect(entry[locale].length, `${code} ${locale}`).toBeGreaterThan(5);
      // formal address (Sie), never du/dein
      expect(entry.de, code).not.toMatch(/\b(du|dein|deine|dich|dir)\b/i);
    }
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
    }
  });

  it.each([
    ['two_factor_required', 'You have to enter your Two-Factor Authentication code'],
    [
      'bad_credentials',
      'Either your credentials are wrong, or your account needs to be activated (Check your Email inbox for instructions).',
    ],
    ['already_verified', 'Your email address was already verified'],
    ['two_factor_invalid', 'Incorrect Two-Factor Authentication code'],
    ['already_signed_up', 'Already Signed up'],
    ['company_name_exists', 'The company name already exists'],
    ['fetch_failed', 'There was an error while fetching the data'],
    ['unexpected', 'There was an unexpected error'],
    ['internal_error', 'There was an unexpected error'],
  ] as const)('spec 8 wording: %s', (code, sentence) => {
    expect(errorMessage(code, 'en')).toBe(sentence);
  });

  it('knows which codes the API answers', () => {
    expect(isErrorCode('not_found')).toBe(true);
    expect(isErrorCode('fetch_failed')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('some_future_code')).toBe(false);
  });

  it('fills violation placeholders', () => {
    expect(violationMessage('too_short', 'en', { value: 3 })).toBe('Text must be at least 3 characters long');
    expect(violationMessage('too_big', 'de', { value: '10' })).toBe(
      'Dieser Wert darf nicht größer als 10 sein',
    );
    expect(violationMessage('too_small', 'en')).toBe('This value can not be smaller than {value}');
    for (const [code, entry] of Object.entries(violationCatalogue)) {
      expect(entry.de.match(/\{\w+\}/g), code).toEqual(entry.en.match(/\{\w+\}/g));
    }
  });
});

describe('violationCodeOf (spec 5)', () => {
  it.each([
    [{ code: 'invalid_type' }, undefined, 'required'],
    [{ code: 'invalid_type' }, null, 'required'],
    [{ code: 'invalid_type' }, 42, 'invalid_type'],
    [{ code: 'too_small', origin: 'string', minimum: 2 }, '   ', 'required'],
    [{ code: 'too_small', origin: 'string', minimum: 2 }, 'E', 'too_short'],
    [{ code: 'too_small', origin: 'number', minimum: 1 }, 0, 'too_small'],
    [{ code: 'too_big', origin: 'string', maximum: 5 }, 'abcdef', 'too_long'],
    [{ code: 'too_big', origin: 'number', maximum: 5 }, 6, 'too_big'],
    [{ code: 'invalid_format', format: 'email' }, '', 'required'],
    [{ code: 'invalid_format', format: 'email' }, 'x@', 'invalid_email'],
    [{ code: 'invalid_format', format: 'regex' }, 'a b', 'invalid_value'],
    [{ code: 'invalid_value' }, 'sideways', 'invalid_value'],
    [{ code: 'invalid_value' }, '', 'must_be_selected'],
    [{ code: 'invalid_value' }, undefined, 'must_be_selected'],
    [{ code: 'custom' }, 'x', 'invalid_value'],
  ] as const)('%o with %o -> %s', (issue, value, code) => {
    expect(violationCodeOf(issue, value)).toBe(code);
  });

  it('reads the value from the issue when none is given (zod error maps)', () => {
    expect(violationCodeOf({ code: 'invalid_format', format: 'email', input: '' })).toBe('required');
    expect(violationCodeOf({ code: 'invalid_format', format: 'email', input: 'x' })).toBe('invalid_email');
  });
});

describe('fieldViolationsOf', () => {
  it('maps a real schema: blank e-mail is required, short text too_short with its minimum, unknown keys', () => {
    const input = { name: 'E', email: '', subject: 'Hi', message: 'x'.repeat(5001), admin: true };
    const result = contactMessageSchema.safeParse(input);
    expect(result.success).toBe(false);
    const violations = fieldViolationsOf(result.error!.issues, input);
    expect(violations).toEqual(
      expect.arrayContaining([
        { propertyPath: 'name', code: 'too_short', params: { value: '2' } },
        { propertyPath: 'email', code: 'required' },
        { propertyPath: 'subject', code: 'too_short', params: { value: '3' } },
        { propertyPath: 'message', code: 'too_long', params: { value: '5000' } },
        { propertyPath: 'admin', code: 'unknown_parameter' },
      ]),
    );
    expect(localizeViolations(violations, 'de').find((v) => v.propertyPath === 'name')).toEqual({
      propertyPath: 'name',
      code: 'too_short',
      message: 'Der Text muss mindestens 2 Zeichen lang sein',
    });
  });

  it('calls a choice left empty must_be_selected and a blank text required (spec 5)', () => {
    const schema = z.object({ kind: z.enum(['a', 'b']), country: z.enum(['DE']), name: z.string().min(1) });
    const input = { kind: '', name: '' };
    const issues = schema.safeParse(input).error!.issues;
    expect(fieldViolationsOf(issues, input)).toEqual([
      { propertyPath: 'kind', code: 'must_be_selected' },
      { propertyPath: 'country', code: 'must_be_selected' },
      { propertyPath: 'name', code: 'required', params: { value: '1' } },
    ]);
    expect(violationMessage('must_be_selected', 'en')).toBe('An option must be selected');
  });

  it('joins nested paths and reads the value there', () => {
    const schema = z.object({ address: z.object({ city: z.string().min(2) }) });
    const input = { address: { city: ' ' } };
    const issues = schema.safeParse(input).error!.issues;
    expect(fieldViolationsOf(issues, input)).toEqual([
      { propertyPath: 'address.city', code: 'required', params: { value: '2' } },
    ]);
  });
});

describe('AppError', () => {
  it('takes its status from the catalogue unless overridden, and keeps detail and violations', () => {
    expect(new AppError('already_signed_up').status).toBe(422);
    expect(new AppError('bad_request', { status: 414 }).status).toBe(414);
    const e = notFound('no product NOPE');
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ code: 'not_found', status: 404, detail: 'no product NOPE' });
    expect(notFound().detail).toBeUndefined();
    const v = validationFailed([{ propertyPath: 'bic', code: 'invalid_bic' }]);
    expect(v).toMatchObject({
      code: 'validation_failed',
      status: 422,
      violations: [{ code: 'invalid_bic' }],
    });
  });
});
