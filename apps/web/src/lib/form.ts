import { useCallback } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormHandleSubmit,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { errorKey, loadErrorTexts, notifyFailure } from './error-text.tsx';
import { focusFirstInvalid, formOfErrors, sortInPageOrder } from './focus-first-invalid.ts';
import { currentLocale } from './i18n.ts';
import { applyViolations, type SchemaSource } from './validation.ts';

/**
 * The resolver of the app's forms (convention 9): validates with the domain schema the API validates
 * the body with and names each violation by the code the API would answer, kept as a catalogue key
 * (lib/error-text.tsx `errorKey`) that the field words in the reader's language when it renders, so
 * a language switch rewords the errors on screen (issue 22). zod's resolver and the catalogue load
 * on the first check; a public page passes its schema as a loader, so neither zod nor the schema is
 * part of what the page needs to paint and hydrate (decision 021).
 */
export function domainResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: SchemaSource<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([
      import('@hookform/resolvers/zod'),
      typeof schema === 'function' ? schema() : schema,
      loadErrorTexts(),
    ]).then(
      ([{ zodResolver }, loaded, { zodIssueKey }]) =>
        zodResolver(loaded, { error: zodIssueKey, reportInput: true }),
      (err: unknown) => {
        resolver = undefined; // a chunk that failed to load is asked for again on the next check
        throw err;
      },
    );
    return (await resolver)(values, context, options);
  };
}

/**
 * react-hook-form's `useForm` for the app's forms: a submit with errors focuses the first invalid
 * field in the page's order (react-hook-form's own focus takes the first registered, and a field
 * component registers after the fields of the form around it: sign-up's name fields, issue 22).
 */
export function useFormInPageOrder<T extends FieldValues, C = unknown, O = T>(
  props: UseFormProps<T, C, O>,
): UseFormReturn<T, C, O> {
  const form = useForm<T, C, O>({ ...props, shouldFocusError: false });
  const { handleSubmit, setFocus } = form;
  const inPageOrder = useCallback<UseFormHandleSubmit<T, O>>(
    (onValid, onInvalid) =>
      handleSubmit(onValid, async (errors, event) => {
        await onInvalid?.(errors, event);
        if (focusFirstInvalid(formOfErrors(errors, event), errors)) return;
        // no control of the form holds an error's name (a custom control): react-hook-form's way
        const first = Object.keys(errors)[0];
        if (first) setFocus(first as Path<T>);
      }),
    [handleSubmit, setFocus],
  );
  return { ...form, handleSubmit: inPageOrder };
}

/**
 * A form validated by a domain schema (convention 9: the API validates the same body with it); its
 * errors are catalogue keys the fields word in the reader's language of the moment. Rules are
 * checked when a field is left and again on every change after that; a failed submit focuses the
 * first invalid field on the page.
 */
export function useDomainForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: SchemaSource<S>,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useFormInPageOrder<z.input<S>, unknown, z.output<S>>({
    resolver: domainResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
}

/**
 * Shows a failed submit: the API's 422 violations on their fields (`aliases` renames an API field to
 * the form's, e.g. an address's `countryCode`), and the catalogue sentence in the notification bar
 * when no field took them. spec 7: a wrong current password is reported as bad credentials in the bar
 * too (the field says which one was wrong). A field keeps its violation by code, the API's sentence
 * beside it (shown while the language it was asked in lasts), so a language switch rewords it; the
 * first rejected field on the page takes the focus. Returns whether a field shows it.
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Readonly<Record<string, Path<T>>> = {},
) {
  return (err: unknown): boolean => {
    const violations =
      err instanceof ApiError
        ? err.violations.map((v) => ({
            ...v,
            propertyPath: aliases[v.propertyPath] ?? v.propertyPath,
            message: errorKey(v.code, {}, { text: v.message, locale: currentLocale() }),
          }))
        : [];
    // applyViolations focuses the first it applies: the first on the page (issue 22)
    const inPageOrder = sortInPageOrder(violations, (v) => v.propertyPath);
    const applied = inPageOrder.length > 0 && applyViolations(inPageOrder, setError, fields);
    if (!applied || (err instanceof ApiError && err.code === 'bad_credentials')) {
      notifyFailure(err);
    }
    return applied;
  };
}

/** Empty optional texts are stored as 'not given'. */
export const orNull = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);
