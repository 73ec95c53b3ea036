import { violationCodeOf, violationMessage, violationParamsOf } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import {
  type CollectionNetwork,
  type CreatorCollectionUpdateInput,
  type CreatorCollectionView,
  creatorCollectionUpdateInputSchema,
} from '@token/domain/marketplace';
import { eurosToCents } from '@token/domain/money';
import type { FormErrors } from '../product-form.ts';

/*
 * The collection's draft as the steps edit it (decision 023): the server's collection plus the
 * fields as typed (prices in euro, numbers as text). Each step sends the whole draft with
 * `PUT collections/{code}`, judged first by the API's own schema (convention 9).
 */

export const preparationSteps = [
  'prepare-collection',
  'metadata',
  'parameters',
  'upload-content',
  'product-metadata',
  'collection-summary',
] as const;
export type PreparationStep = (typeof preparationSteps)[number];

/** The URL of a step of the collection `code` (the draft's code travels in the URL, so a reload resumes). */
export function stepUrl(step: PreparationStep, code: string | null): string {
  return `/preparation-process/${step}${code ? `?collection=${encodeURIComponent(code)}` : ''}`;
}

export type KeyValueRow = { key: string; value: string };

/** The fields of the parameters step as typed. */
export type ParametersForm = {
  minimumReservePrice: string;
  mintingStart: string;
  mintingEnd: string;
  royalties: string;
  network: CollectionNetwork | '';
  parameters: KeyValueRow[];
};

/** The draft's fields as `PUT collections/{code}` takes them. */
export function updateInputOf(c: CreatorCollectionView): CreatorCollectionUpdateInput {
  return {
    name: c.name,
    artist: c.artist,
    minimumReservePrice: c.minimumReservePrice,
    mintingStart: c.mintingStart,
    mintingEnd: c.mintingEnd,
    royalties: c.royalties,
    network: c.network,
    parameters: c.parameters,
    metadata: c.metadata,
  };
}

/** Cents as the creator types euro: `100,00`; empty for none. */
export function centsAsEuroText(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

export function parametersFormOf(c: CreatorCollectionView): ParametersForm {
  return {
    minimumReservePrice: centsAsEuroText(c.minimumReservePrice),
    mintingStart: c.mintingStart ?? '',
    mintingEnd: c.mintingEnd ?? '',
    royalties: c.royalties === null ? '' : String(c.royalties),
    network: c.network ?? '',
    parameters: c.parameters,
  };
}

/** Typed numbers: nothing typed is null (a later step or the submit asks), anything else not a number fails. */
function wholeNumberOrNull(text: string): number | null {
  if (text.trim() === '') return null;
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The parameters step's fields merged into the draft: euro to cents (spec 5). */
export function withParameters(
  input: CreatorCollectionUpdateInput,
  form: ParametersForm,
): CreatorCollectionUpdateInput {
  const typed = form.minimumReservePrice.trim();
  return {
    ...input,
    minimumReservePrice: typed === '' ? null : (eurosToCents(typed) ?? Number.NaN),
    mintingStart: form.mintingStart || null,
    mintingEnd: form.mintingEnd || null,
    royalties: wholeNumberOrNull(form.royalties),
    network: form.network || null,
    parameters: form.parameters,
  };
}

/** Rows left wholly empty are no rows; one with a value needs its key (spec 5). */
function keptRows(rows: readonly KeyValueRow[] | undefined): KeyValueRow[] {
  return (rows ?? []).filter((r) => r.key.trim() !== '' || r.value.trim() !== '');
}

/**
 * Judges the draft as the API will (its schema, and keys for rows with a value) and words each
 * violation in the creator's language. Returns the body when it is valid.
 */
export function validateCollectionInput(
  input: CreatorCollectionUpdateInput,
  locale: Locale,
): { input: CreatorCollectionUpdateInput; errors: null } | { input: null; errors: FormErrors } {
  const body = { ...input, metadata: keptRows(input.metadata), parameters: keptRows(input.parameters) };
  const errors: FormErrors = {};
  const result = creatorCollectionUpdateInputSchema.safeParse(body, { reportInput: true });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (!errors[path])
        errors[path] = violationMessage(violationCodeOf(issue), locale, violationParamsOf(issue));
    }
  }
  // keys are judged on the rows as shown (their numbers), wholly empty ones aside
  for (const field of ['metadata', 'parameters'] as const) {
    (input[field] ?? []).forEach((r, i) => {
      if (r.key.trim() === '' && r.value.trim() !== '')
        errors[`${field}.${i}.key`] ??= violationMessage('required', locale);
    });
  }
  return Object.keys(errors).length ? { input: null, errors } : { input: body, errors: null };
}

/** Working titles of a new item from its file's name (`elbe-01.png` -> `elbe-01`), changed in product-metadata. */
export function workingTitleOf(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').trim();
  return (base || fileName).slice(0, 200);
}
