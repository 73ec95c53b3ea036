import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { applyViolations, formResolver } from '../../../lib/validation.ts';

/**
 * A self-disclosure form (convention 9): validated with its schema in the visitor's language, the
 * rules checked when a field is left and on every change after that.
 */
export function useStepForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
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
 * Shows a failed save: the API's 422 violations on their fields (`aliases` renames an API field to
 * the form's, e.g. an address's `countryCode`), and the catalogue sentence in the notification bar
 * when no field took them. Returns whether a field shows it.
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Readonly<Record<string, Path<T>>> = {},
) {
  const locale = useLocale();
  return (err: unknown): boolean => {
    const violations =
      err instanceof ApiError
        ? err.violations.map((v) => ({ ...v, propertyPath: aliases[v.propertyPath] ?? v.propertyPath }))
        : [];
    const applied = violations.length > 0 && applyViolations(violations, setError, fields);
    if (!applied) notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    return applied;
  };
}

/** Empty optional texts are stored as 'not given'. */
export const orNull = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);
