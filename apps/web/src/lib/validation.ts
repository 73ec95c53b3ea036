import type { Violation } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

/** A form's domain schema, or (on a page that must paint before zod arrives) a loader of it. */
export type SchemaSource<S> = S | (() => Promise<S>);

/**
 * The resolver every form uses (convention 9): validates with the domain schema the API validates
 * the body with, and words violations as the API does. `useForm({ resolver: formResolver(schema, locale) })`.
 * zod's resolver loads as its own chunk on the first check; a public page's form passes its schema
 * as a loader (`() => import('@token/domain/accounts').then(({ loginSchema }) => loginSchema)`), so
 * neither zod nor the schema is part of what the page needs to paint and hydrate (decision 021).
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: SchemaSource<S>,
  locale: Locale,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([
      import('./zod-resolver.ts'),
      typeof schema === 'function' ? schema() : schema,
    ]).then(
      ([{ schemaResolver }, loaded]) => schemaResolver(loaded, locale),
      (err: unknown) => {
        resolver = undefined; // a chunk that failed to load is asked for again on the next check
        throw err;
      },
    );
    return (await resolver)(values, context, options);
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
    // The first field the server rejected takes the focus, which scrolls it into view: on a phone
    // the submit button sits far below it (issue 15: a duplicate e-mail's error stayed off screen).
    setError(field, { type: v.code, message: v.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
