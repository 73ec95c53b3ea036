import {
  clientErrorCatalogue,
  type ErrorCode,
  errorCatalogue,
  errorMessage,
  errorStatus,
} from '@token/domain/errors';
import { supportedLocales } from '@token/domain/i18n';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorDetailOf, errorMessageOf } from './errors.ts';
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
