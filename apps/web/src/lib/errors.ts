import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

/**
 * The sentence for a failure in the visitor's language (spec 8 error catalogue): known machine
 * codes have their own message; an unreachable API gives 'There was an error while fetching the
 * data'; anything else 'There was an unexpected error'.
 */
export function errorMessageOf(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors.${error.code}`;
    if (error.code !== 'unexpected' && t(key, { defaultValue: '' }) !== '') return t(key);
    if (error.code === 'fetch_failed') return t('errors.fetch_failed');
  }
  return t('errors.unexpected');
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
