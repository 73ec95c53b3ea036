import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { Violation } from './api-client.ts';

type Issue = {
  code: string;
  origin?: string;
  format?: string;
  minimum?: unknown;
  maximum?: unknown;
  input?: unknown;
};

/**
 * spec 5 wording for a zod issue in the visitor's language, with the same violation codes the API
 * uses (required, too_short, too_long, invalid_email, ...). Pass to zodResolver as the error map
 * together with `reportInput: true` so an empty text field reads 'This field is required'.
 */
export function zodMessage(t: TFunction) {
  return (issue: Issue): string => {
    const empty = issue.input === undefined || (typeof issue.input === 'string' && issue.input.trim() === '');
    switch (issue.code) {
      case 'invalid_type':
        return empty ? t('validation.required') : t('validation.invalid_type');
      case 'too_small':
        if (issue.origin === 'string') {
          return empty
            ? t('validation.required')
            : t('validation.too_short', { value: String(issue.minimum) });
        }
        return t('validation.too_small', { value: String(issue.minimum) });
      case 'too_big':
        return issue.origin === 'string'
          ? t('validation.too_long')
          : t('validation.too_big', { value: String(issue.maximum) });
      case 'invalid_format':
        if (empty) return t('validation.required');
        return issue.format === 'email' ? t('validation.invalid_email') : t('validation.invalid_value');
      default:
        return t('validation.invalid_value');
    }
  };
}

/** Puts the API's 422 violations (already in the visitor's language) onto the form's fields. */
export function applyViolations<T extends FieldValues>(
  violations: Violation[],
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  let applied = false;
  for (const v of violations) {
    const field = fields.find((f) => f === v.propertyPath);
    if (!field) continue;
    setError(field, { type: v.code, message: v.message });
    applied = true;
  }
  return applied;
}
