import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorDetailOf, errorMessageOf } from './errors.ts';
import { i18n } from './i18n.ts';

describe('errorMessageOf (spec 8 catalogue)', () => {
  it.each([
    ['en', new ApiError({ status: 0, code: 'fetch_failed' }), 'There was an error while fetching the data'],
    ['en', new ApiError({ status: 500, code: 'internal_error' }), 'There was an unexpected error'],
    ['en', new ApiError({ status: 418, code: 'some_future_code' }), 'There was an unexpected error'],
    ['en', new TypeError('boom'), 'There was an unexpected error'],
    [
      'en',
      new ApiError({ status: 401, code: 'two_factor_required' }),
      'You have to enter your Two-Factor Authentication code',
    ],
    ['en', new ApiError({ status: 422, code: 'company_name_exists' }), 'The company name already exists'],
    [
      'de',
      new ApiError({ status: 0, code: 'fetch_failed' }),
      'Beim Abrufen der Daten ist ein Fehler aufgetreten.',
    ],
    [
      'de',
      new ApiError({ status: 429, code: 'too_many_requests' }),
      'Zu viele Anfragen. Bitte versuchen Sie es in einigen Minuten erneut.',
    ],
  ] as const)('%s: %o -> %s', async (locale, error, message) => {
    await i18n.changeLanguage(locale);
    expect(errorMessageOf(i18n.t, error)).toBe(message);
  });

  it('gives code, status and request id as detail', () => {
    const e = new ApiError({ status: 404, code: 'not_found', detail: 'Nicht gefunden', requestId: 'req-1' });
    expect(errorDetailOf(e)).toBe('code: not_found · status: 404 · Nicht gefunden · request: req-1');
  });
});
