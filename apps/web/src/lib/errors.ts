import { errorMessage, isErrorCode } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import { ApiError } from './api-client.ts';
import { currentLocale } from './i18n.ts';

/**
 * The sentence for a failure in the visitor's language, from the domain's error catalogue (spec 8):
 * a code the API answers has its own sentence; an unreachable API gives 'There was an error while
 * fetching the data'; anything else 'There was an unexpected error'. Components pass `useLocale()`
 * so the text follows a language switch.
 */
export function errorMessageOf(error: unknown, locale: Locale = currentLocale()): string {
  if (error instanceof ApiError) {
    if (isErrorCode(error.code)) return errorMessage(error.code, locale);
    if (error.code === 'fetch_failed') return errorMessage('fetch_failed', locale);
  }
  return errorMessage('unexpected', locale);
}

/** Technical detail for the notification bar's expandable part: code, status, request id. */
export function errorDetailOf(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const parts = [`code: ${error.code}`];
    if (error.status) parts.push(`status: ${error.status}`);
    if (error.detail && error.detail !== error.code) parts.push(error.detail);
    if (error.requestId) parts.push(`request: ${error.requestId}`);
    return parts.join(' · ');
  }
  if (error instanceof Error) return error.message;
  return undefined;
}
