import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Violation,
  violationCodeOf,
  violationMessage,
  violationParamsOf,
  type ZodIssueLike,
} from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zod's error map for the web's forms: the domain's violation code for the issue (the same one the
 * API answers: required, too_short, invalid_email, ...) worded in the visitor's language.
 */
export function zodMessage(locale: Locale) {
  return (issue: ZodIssueLike): string =>
    violationMessage(violationCodeOf(issue), locale, violationParamsOf(issue));
}

/**
 * The resolver every form uses (convention 9): validates with the domain schema the API validates
 * the body with, and words violations as the API does. `useForm({ resolver: formResolver(schema, locale) })`.
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  locale: Locale,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema, { error: zodMessage(locale), reportInput: true });
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
    // The first field the server rejected takes the focus, which scrolls it into view: on a phone
    // the submit button sits far below it (issue 15: a duplicate e-mail's error stayed off screen).
    setError(field, { type: v.code, message: v.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
