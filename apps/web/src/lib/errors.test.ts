import {
  clientErrorCatalogue,
  type ErrorCode,
  errorCatalogue,
  errorMessage,
  errorStatus,
  violationMessage,
} from '@token/domain/errors';
import { supportedLocales } from '@token/domain/i18n';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorKey, errorKeyOf, parseErrorKey } from './error-text.tsx';
import { errorDetailOf, errorKeyText, errorMessageOf } from './errors.ts';
import { i18n } from './i18n.ts';

describe('errorMessageOf (spec 8 catalogue)', () => {
  it.each([
    ['en', new ApiError({ status: 0, code: 'fetch_failed' }), 'There was an error while fetching the data'],
    ['en', new ApiError({ status: 500, code: 'internal_error' }), 'There was an unexpected error'],
    ['en', new ApiError({ status: 418, code: 'some_future_code' }), 'There was an unexpected error'],
    ['en', new ApiError({ status: 500, code: 'toString' }), 'There was an unexpected error'],
    ['en', new TypeError('boom'), 'There was an unexpected error'],
    [
      'en',
      new ApiError({ status: 401, code: 'two_factor_required' }),
      'You have to enter your Two-Factor Authentication code',
    ],
    [
      'en',
      new ApiError({ status: 401, code: 'two_factor_invalid' }),
      'Incorrect Two-Factor Authentication code',
    ],
    ['en', new ApiError({ status: 409, code: 'company_name_exists' }), 'The company name already exists'],
    [
      'de',
      new ApiError({ status: 0, code: 'fetch_failed' }),
      'Beim Abrufen der Daten ist ein Fehler aufgetreten.',
    ],
    [
      'de',
      new ApiError({ status: 429, code: 'too_many_requests' }),
      'Zu viele Anfragen. Bitte versuchen Sie es gleich noch einmal.',
    ],
  ] as const)('%s: %o -> %s', (locale, error, message) => {
    expect(errorMessageOf(error, locale)).toBe(message);
  });

  it("shows the domain catalogue's sentence for every code the API answers, in both languages", () => {
    for (const locale of supportedLocales) {
      for (const code of Object.keys(errorCatalogue) as ErrorCode[]) {
        const answer = new ApiError({ status: errorStatus(code), code, detail: 'server wording' });
        expect(errorMessageOf(answer, locale), `${locale} ${code}`).toBe(errorMessage(code, locale));
      }
      expect(errorMessageOf(new ApiError({ status: 0, code: 'fetch_failed' }), locale)).toBe(
        clientErrorCatalogue.fetch_failed[locale],
      );
      expect(errorMessageOf(new Error('x'), locale)).toBe(clientErrorCatalogue.unexpected[locale]);
    }
  });

  it('follows the language the visitor chose when no locale is passed', async () => {
    const answer = new ApiError({ status: 404, code: 'not_found' });
    await i18n.changeLanguage('en');
    expect(errorMessageOf(answer)).toBe(errorMessage('not_found', 'en'));
    await i18n.changeLanguage('de');
    expect(errorMessageOf(answer)).toBe(errorMessage('not_found', 'de'));
  });

  it('gives code, status and request id as detail', () => {
    const e = new ApiError({ status: 404, code: 'not_found', detail: 'Nicht gefunden', requestId: 'req-1' });
    expect(errorDetailOf(e)).toBe('code: not_found · status: 404 · Nicht gefunden · request: req-1');
  });
});

// issue 22: a form keeps an error as a key into the catalogue and words it when it shows it
describe('errors kept as catalogue keys', () => {
  const textOf = (message: string, locale: 'de' | 'en') => {
    const key = parseErrorKey(message);
    if (!key) throw new Error(`not a key: ${message}`);
    return errorKeyText(key, locale);
  };

  it('keeps code, values and the API sentence through the key, and leaves plain sentences alone', () => {
    const said = { text: 'Satz # mit ? und & darin', locale: 'de' } as const;
    expect(parseErrorKey(errorKey('too_short', { value: 8 }, said))).toEqual({
      code: 'too_short',
      params: { value: '8' },
      said,
    });
    expect(parseErrorKey(errorKey('required'))).toEqual({ code: 'required', params: {} });
    expect(parseErrorKey('Dieses Feld ist erforderlich')).toBeNull();
  });

  it.each(['de', 'en'] as const)('words a key in %s', (locale) => {
    expect(textOf(errorKey('required'), locale)).toBe(violationMessage('required', locale));
    expect(textOf(errorKey('too_short', { value: 8 }), locale)).toBe(
      violationMessage('too_short', locale, { value: 8 }),
    );
    expect(textOf(errorKeyOf(new ApiError({ status: 401, code: 'two_factor_invalid' })), locale)).toBe(
      errorMessage('two_factor_invalid', locale),
    );
    expect(textOf(errorKeyOf(new TypeError('boom')), locale)).toBe(errorMessage('unexpected', locale));
    expect(textOf(errorKey('some_future_code'), locale)).toBe(errorMessage('unexpected', locale));
  });

  it("shows the API's sentence in the language it was asked in, and the catalogue's in the other", () => {
    const said = { text: 'Der Firmenname existiert bereits', locale: 'de' } as const;
    expect(textOf(errorKey('company_name_exists', {}, said), 'de')).toBe(said.text);
    expect(textOf(errorKey('company_name_exists', {}, said), 'en')).toBe(
      violationMessage('company_name_exists', 'en'),
    );
  });

  it("reads a violation's values back from the API's sentence", () => {
    const fromGerman = { text: violationMessage('too_short', 'de', { value: 12 }), locale: 'de' } as const;
    expect(textOf(errorKey('too_short', {}, fromGerman), 'en')).toBe(
      violationMessage('too_short', 'en', { value: 12 }),
    );
    const fromEnglish = { text: violationMessage('minimum_age', 'en', { years: 18 }), locale: 'en' } as const;
    expect(textOf(errorKey('minimum_age', {}, fromEnglish), 'de')).toBe(
      violationMessage('minimum_age', 'de', { years: 18 }),
    );
  });

  it("shows the API's own sentence where the catalogue cannot word it", () => {
    const said = (text: string) => ({ text, locale: 'de' }) as const;
    expect(textOf(errorKey('name_from_the_future', {}, said('Ein Satz der API')), 'en')).toBe(
      'Ein Satz der API',
    );
    expect(textOf(errorKey('too_short', {}, said('Anders gesagt')), 'en')).toBe('Anders gesagt');
  });
});
