import { z } from 'zod';
import { isIsoDate } from '../calendar/index.ts';
import { productViewSchema } from '../catalog-views/index.ts';
import type { FieldViolation } from '../errors/index.ts';
import type { Lifecycle } from '../lifecycle/index.ts';
import { creatorProductViewSchema, maxItemPriceCents, maxRoyaltiesPercent } from './content.ts';

/*
 * Creators' collections (issue 18, spec 3 "Collection: name, artist, minimum reserve price, minting
 * start and end, royalties percent, network, parameters, metadata key/value"; spec 2's preparation
 * process). A collection is a draft of its creator until submitted; its items are the creator's
 * products, each reviewed by an operator on its own (decision 023). Pure; no I/O.
 */

export const creatorCollectionStates = ['draft', 'submitted'] as const;
export type CreatorCollectionState = (typeof creatorCollectionStates)[number];

/** A draft is prepared step by step and then submitted; a submitted collection is not edited any more. */
export const creatorCollectionLifecycle: Lifecycle<CreatorCollectionState> = {
  name: 'collection',
  states: creatorCollectionStates,
  transitions: { draft: ['submitted'], submitted: [] },
};

/** The networks a collection may be minted on (the select of the parameters step). */
export const collectionNetworks = ['polygon', 'ethereum'] as const;
export type CollectionNetwork = (typeof collectionNetworks)[number];

/** At most this many items in one collection, and rows of metadata or parameters. */
export const maxCollectionItems = 50;
export const maxCollectionRows = 50;

export const creatorCollectionCodePattern = /^[A-Z0-9]{1,20}$/;

const line = (max: number) => z.string().trim().max(max);

/** Key/value rows (metadata, parameters): a row left wholly empty is dropped; one with a value needs its key. */
const keyValueRowsSchema = z
  .array(z.strictObject({ key: line(100), value: line(1000) }))
  .max(maxCollectionRows)
  .transform((rows) => rows.filter((r) => r.key !== '' || r.value !== ''));

const calendarDay = z
  .string()
  .refine(isIsoDate, 'a calendar day YYYY-MM-DD')
  .describe('calendar day in Berlin, YYYY-MM-DD');

/** POST collections: the first step (prepare-collection) names the collection and its artist. */
export const creatorCollectionCreateInputSchema = z.strictObject({
  name: line(200).min(1),
  artist: line(200).min(1),
});
export type CreatorCollectionCreateInput = z.input<typeof creatorCollectionCreateInputSchema>;

/**
 * PUT collections/{code}: the whole draft again. What a later step fills in may still be empty
 * (null); submitting asks for it. Formats and ranges are judged at once.
 */
export const creatorCollectionUpdateInputSchema = z.strictObject({
  name: line(200).min(1),
  artist: line(200).min(1),
  /** Minimum reserve price in cents (entered in euro). */
  minimumReservePrice: z.number().int().min(0).max(maxItemPriceCents).nullable().default(null),
  mintingStart: calendarDay.nullable().default(null),
  mintingEnd: calendarDay.nullable().default(null),
  royalties: z.number().int().min(0).max(maxRoyaltiesPercent).nullable().default(null),
  network: z.enum(collectionNetworks).nullable().default(null),
  parameters: keyValueRowsSchema.default([]),
  metadata: keyValueRowsSchema.default([]),
});
export type CreatorCollectionUpdateInput = z.input<typeof creatorCollectionUpdateInputSchema>;
export type CreatorCollectionFields = z.output<typeof creatorCollectionUpdateInputSchema>;

/**
 * What submitting needs (spec 3's fields): name, artist, at least one item, minimum reserve price
 * (>= 0 cents), minting start and a minting end after it, royalties 0-50 %, network; metadata and
 * parameter rows without empty keys. Violations name the fields.
 */
export function submitViolations(c: CreatorCollectionFields & { itemCount: number }): FieldViolation[] {
  const v: FieldViolation[] = [];
  if (c.name.trim() === '') v.push({ propertyPath: 'name', code: 'required' });
  if (c.artist.trim() === '') v.push({ propertyPath: 'artist', code: 'required' });
  if (c.minimumReservePrice === null) v.push({ propertyPath: 'minimumReservePrice', code: 'required' });
  else if (c.minimumReservePrice < 0)
    v.push({ propertyPath: 'minimumReservePrice', code: 'too_small', params: { value: 0 } });
  if (c.mintingStart === null) v.push({ propertyPath: 'mintingStart', code: 'required' });
  if (c.mintingEnd === null) v.push({ propertyPath: 'mintingEnd', code: 'required' });
  if (c.mintingStart !== null && c.mintingEnd !== null && c.mintingEnd <= c.mintingStart)
    v.push({ propertyPath: 'mintingEnd', code: 'minting_end_before_start' });
  if (c.royalties === null) v.push({ propertyPath: 'royalties', code: 'required' });
  else if (c.royalties < 0 || c.royalties > maxRoyaltiesPercent)
    v.push({ propertyPath: 'royalties', code: 'too_big', params: { value: maxRoyaltiesPercent } });
  if (c.network === null) v.push({ propertyPath: 'network', code: 'must_be_selected' });
  for (const [field, rows] of [
    ['metadata', c.metadata],
    ['parameters', c.parameters],
  ] as const) {
    rows.forEach((r, i) => {
      if (r.key.trim() === '') v.push({ propertyPath: `${field}.${i}.key`, code: 'required' });
    });
  }
  if (c.itemCount < 1) v.push({ propertyPath: 'items', code: 'collection_items_required' });
  return v;
}

/** Rows with a value but no key, as the draft's PUT refuses them (spec 5: no empty keys). */
export function emptyKeyViolations(c: Pick<CreatorCollectionFields, 'metadata' | 'parameters'>) {
  const v: FieldViolation[] = [];
  for (const [field, rows] of [
    ['metadata', c.metadata],
    ['parameters', c.parameters],
  ] as const) {
    rows.forEach((r, i) => {
      if (r.key === '') v.push({ propertyPath: `${field}.${i}.key`, code: 'required' });
    });
  }
  return v;
}

const collectionFieldsView = {
  id: z.number().int(),
  '@id': z.string(),
  code: z.string(),
  name: z.string(),
  artist: z.string(),
  minimumReservePrice: z.number().int().nullable().describe('cents'),
  mintingStart: z.string().nullable().describe('calendar day in Berlin, YYYY-MM-DD'),
  mintingEnd: z.string().nullable().describe('calendar day in Berlin, YYYY-MM-DD'),
  royalties: z.number().int().nullable().describe('percent'),
  network: z.enum(collectionNetworks).nullable(),
  parameters: z.array(z.object({ key: z.string(), value: z.string() })),
  metadata: z.array(z.object({ key: z.string(), value: z.string() })),
  creator: z.string().describe('IRI of the creator (customer)'),
  creatorProfileName: z.string().nullable(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
};

/** The creator's own collection (any state) with all its items in every review state. */
export const creatorCollectionViewSchema = z.object({
  ...collectionFieldsView,
  state: z.enum(creatorCollectionStates),
  updatedAt: z.string(),
  items: z.array(creatorProductViewSchema),
});
export type CreatorCollectionView = z.infer<typeof creatorCollectionViewSchema>;

/** A submitted collection as everyone sees it: only its listed (approved) items. */
export const publicCollectionViewSchema = z.object({
  ...collectionFieldsView,
  items: z.array(productViewSchema),
});
export type PublicCollectionView = z.infer<typeof publicCollectionViewSchema>;

export const publicCollectionListQuerySchema = z.strictObject({
  creator: z.uuid(),
});
