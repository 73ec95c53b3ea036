import {
  errorMessage,
  isErrorCode,
  isViolationCode,
  type ViolationCode,
  violationCatalogue,
  violationCodeOf,
  violationMessage,
  violationParamsOf,
  type ZodIssueLike,
} from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import { ApiError } from './api-client.ts';
import { type ErrorKey, errorKey } from './error-text.tsx';
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

const placeholder = /\{(\w+)\}/g;

/**
 * The values of a violation's `{placeholders}` read back from the API's sentence for it (a 422's
 * violations carry the code and the worded sentence, not the values); null when the sentence is not
 * the catalogue's.
 */
function paramsFromSentence(
  code: ViolationCode,
  said: { text: string; locale: Locale },
): Record<string, string> | null {
  const names: string[] = [];
  const pattern = violationCatalogue[code][said.locale]
    .split(placeholder)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '(.+?)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(said.text);
  return match ? Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) : null;
}

/**
 * The sentence of an error a form keeps as a key (lib/error-text.tsx `errorKey`), in `locale`: what
 * the API said while the reader's language is still the one it was asked in; else a violation code's
 * sentence with its values (read back from the API's sentence where the key has none), else an error
 * code's; the API's own sentence for a code this client cannot word.
 */
export function errorKeyText(key: ErrorKey, locale: Locale = currentLocale()): string {
  if (key.said?.locale === locale) return key.said.text;
  if (isViolationCode(key.code)) {
    const needsParams = violationCatalogue[key.code][locale].match(placeholder) ?? [];
    const missing = needsParams.some((p) => !(p.slice(1, -1) in key.params));
    if (!missing) return violationMessage(key.code, locale, key.params);
    const read = key.said ? paramsFromSentence(key.code, key.said) : null;
    if (read) return violationMessage(key.code, locale, { ...read, ...key.params });
    return key.said?.text ?? violationMessage(key.code, locale, key.params);
  }
  if (isErrorCode(key.code) || key.code === 'fetch_failed') return errorMessage(key.code, locale);
  return key.said?.text ?? errorMessage('unexpected', locale);
}

/**
 * zod's error map for the forms (lib/form.ts `domainResolver`): the domain's violation code for the
 * issue (the one the API answers: required, too_short, invalid_email, ...) with its values, as a key
 * the field words in the reader's language when it renders.
 */
export function zodIssueKey(issue: ZodIssueLike): string {
  return errorKey(violationCodeOf(issue), violationParamsOf(issue));
}
