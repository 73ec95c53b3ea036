import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { notifyFailure } from './error-text.tsx';
import { useLocale } from './i18n.ts';
import { applyViolations, formResolver, type SchemaSource } from './validation.ts';

/**
 * A form validated by a domain schema (convention 9: the API validates the same body with it), in
 * the visitor's language; rules are checked when a field is left and again on every change after that.
 */
export function useDomainForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: SchemaSource<S>,
  defaultValues: DefaultValues<z.input<S>>,
) {
  const locale = useLocale();
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: formResolver(schema, locale),
    defaultValues,
    mode: 'onTouched',
  });
}

/**
 * Shows a failed submit: the API's 422 violations on their fields (`aliases` renames an API field to
 * the form's, e.g. an address's `countryCode`), and the catalogue sentence in the notification bar
 * when no field took them. spec 7: a wrong current password is reported as bad credentials in the bar
 * too (the field says which one was wrong). Returns whether a field shows it.
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Readonly<Record<string, Path<T>>> = {},
) {
  return (err: unknown): boolean => {
    const violations =
      err instanceof ApiError
        ? err.violations.map((v) => ({ ...v, propertyPath: aliases[v.propertyPath] ?? v.propertyPath }))
        : [];
    const applied = violations.length > 0 && applyViolations(violations, setError, fields);
    if (!applied || (err instanceof ApiError && err.code === 'bad_credentials')) {
      notifyFailure(err);
    }
    return applied;
  };
}

/** Empty optional texts are stored as 'not given'. */
export const orNull = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);
