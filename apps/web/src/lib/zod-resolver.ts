import { zodResolver } from '@hookform/resolvers/zod';
import {
  violationCodeOf,
  violationMessage,
  violationParamsOf,
  type ZodIssueLike,
} from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/*
 * zod's side of the forms' resolver (lib/validation.ts `formResolver`), a chunk of its own: a page
 * whose form imports its schema lazily paints and hydrates without zod (decision 021).
 */

/**
 * zod's error map for the web's forms: the domain's violation code for the issue (the same one the
 * API answers: required, too_short, invalid_email, ...) worded in the visitor's language.
 */
export function zodMessage(locale: Locale) {
  return (issue: ZodIssueLike): string =>
    violationMessage(violationCodeOf(issue), locale, violationParamsOf(issue));
}

export function schemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  locale: Locale,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema, { error: zodMessage(locale), reportInput: true });
}
