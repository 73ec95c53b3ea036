import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { applyViolations, formResolver } from '../../../lib/validation.ts';
import { useErrorText } from './use-error-text.ts';

/**
 * A form validated by a domain schema (the API validates the same body with it), in the visitor's
 * language; rules are checked when a field is left and again on every change after that.
 */
export function useAccountForm<S extends z.ZodType<FieldValues, FieldValues>>(
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
 * Shows a failed submit: the API's violations on their fields, and the catalogue sentence in the
 * notification bar when no field took it. spec 7: a wrong current password is reported as bad
 * credentials too (the field says which one was wrong).
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  const { notifyError } = useErrorText();
  return (err: unknown) => {
    const applied =
      err instanceof ApiError &&
      err.violations.length > 0 &&
      applyViolations(err.violations, setError, fields);
    if (!applied || (err instanceof ApiError && err.code === 'bad_credentials')) notifyError(err);
  };
}
