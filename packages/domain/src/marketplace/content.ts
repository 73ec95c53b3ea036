import { z } from 'zod';
import { violation } from '../accounts/schemas.ts';
import { canTransition, type Lifecycle } from '../lifecycle/index.ts';

/*
 * Create content (issue 18, slice `content`): the rules of creators' uploads and products, their
 * review lifecycle, and the input and view schemas of the calls (convention 6). Pure; no I/O.
 */

// ---------------------------------------------------------------------------------------------
// Uploads (spec 5/9)
// ---------------------------------------------------------------------------------------------

/** spec 5: content files are at most 30 MB (30,000,000 bytes). */
export const maxContentFileBytes = 30_000_000;

/** spec 9: the content file formats, by extension, with the content type their bytes must have. */
export const contentFileTypes = {
  png: { mediaType: 'image', mimeType: 'image/png' },
  gif: { mediaType: 'image', mimeType: 'image/gif' },
  webp: { mediaType: 'image', mimeType: 'image/webp' },
  jpg: { mediaType: 'image', mimeType: 'image/jpeg' },
  jpeg: { mediaType: 'image', mimeType: 'image/jpeg' },
  mp3: { mediaType: 'audio', mimeType: 'audio/mpeg' },
  mpeg: { mediaType: 'audio', mimeType: 'audio/mpeg' },
  mp4: { mediaType: 'video', mimeType: 'video/mp4' },
  mov: { mediaType: 'video', mimeType: 'video/quicktime' },
} as const satisfies Record<string, { mediaType: 'image' | 'audio' | 'video'; mimeType: string }>;
export type ContentFileExtension = keyof typeof contentFileTypes;

/** The allowed extension of a file name (lower case), or null when the name has none of spec 9's. */
export function contentExtensionOf(fileName: string): ContentFileExtension | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return Object.hasOwn(contentFileTypes, ext) ? (ext as ContentFileExtension) : null;
}

/** Content types that the bytes of each allowed extension may be sniffed as (file-type's names). */
const sniffedAs: Record<ContentFileExtension, readonly string[]> = {
  png: ['image/png', 'image/apng'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  mp3: ['audio/mpeg'],
  mpeg: ['audio/mpeg', 'video/mpeg'],
  mp4: ['video/mp4', 'audio/mp4', 'video/x-m4v', 'audio/x-m4a'],
  mov: ['video/quicktime', 'video/mp4'],
};

/** Every content type some allowed extension may carry. */
const allowedSniffed = new Set(Object.values(sniffedAs).flat());

/**
 * Judges the sniffed content type (magic bytes) of an upload announced as `extension`:
 * - null (nothing recognised) or an allowed type of another kind than the name says (a PNG named
 *   `.mp4`): `file_not_recognized` — the file is not recognisable as what it claims to be;
 * - a type outside spec 9's list (a PDF named `.png`): `file_type_not_allowed`.
 */
export function judgeSniffedType(
  extension: ContentFileExtension,
  sniffed: string | null,
): 'ok' | 'file_not_recognized' | 'file_type_not_allowed' {
  if (sniffed === null) return 'file_not_recognized';
  if (sniffedAs[extension].includes(sniffed)) return 'ok';
  return allowedSniffed.has(sniffed) ? 'file_not_recognized' : 'file_type_not_allowed';
}

/** spec 9 "sizes sm to xxxl": WebP renditions of images, by width in pixels (never upscaled). */
export const renditionWidths = { sm: 160, md: 320, lg: 640, xl: 1024, xxl: 1600, xxxl: 2400 } as const;
export type RenditionSize = keyof typeof renditionWidths;
export const renditionSizes = Object.keys(renditionWidths) as RenditionSize[];

export const mediaFileStates = ['awaiting_upload', 'ready', 'rejected'] as const;
export type MediaFileState = (typeof mediaFileStates)[number];

/** An upload is checked once its bytes arrived: then ready, or rejected with the reason's code. */
export const mediaFileLifecycle: Lifecycle<MediaFileState> = {
  name: 'media file',
  states: mediaFileStates,
  transitions: { awaiting_upload: ['ready', 'rejected'], ready: [], rejected: [] },
};

const sha256Hex = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'a hex SHA-256')
  .transform((s) => s.toLowerCase());

/** POST media-files/presign (spec 7): the file's name, whether it is private, the hex SHA-256 of its bytes. */
export const presignInputSchema = z.strictObject({
  filename: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\\/\p{Cc}]+$/u, 'a file name without slashes'),
  private: z.boolean().default(false),
  hash: sha256Hex,
});
export type PresignInput = z.input<typeof presignInputSchema>;

export const presignViewSchema = z.object({
  id: z.number().int(),
  '@id': z.string(),
  uuid: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type PresignView = z.infer<typeof presignViewSchema>;

export const renditionViewSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  /** Public media proxy path; null for a private file (ask `GET media-files/{id}/presign?size=`). */
  path: z.string().nullable(),
});

export const contentMediaFileViewSchema = z.object({
  id: z.number().int(),
  '@id': z.string(),
  uuid: z.string(),
  fileName: z.string(),
  mediaType: z.enum(['image', 'audio', 'video']),
  mimeType: z.string(),
  private: z.boolean(),
  state: z.enum(mediaFileStates),
  /** Why an upload was rejected: `file_too_big`, `file_not_recognized`, `file_type_not_allowed`, `file_hash_mismatch`. */
  rejectionCode: z.string().nullable(),
  size: z.number().int().nullable(),
  /** The original through the public media proxy; null while not ready and for private files. */
  path: z.string().nullable(),
  renditions: z.partialRecord(
    z.enum(renditionSizes as [RenditionSize, ...RenditionSize[]]),
    renditionViewSchema,
  ),
  createdAt: z.string(),
});
export type ContentMediaFileView = z.infer<typeof contentMediaFileViewSchema>;

export const signedLinkViewSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type SignedLinkView = z.infer<typeof signedLinkViewSchema>;

// ---------------------------------------------------------------------------------------------
// Creators' products and their review (spec 3 "Product creation payload", spec 7)
// ---------------------------------------------------------------------------------------------

export const productReviewStates = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ProductReviewState = (typeof productReviewStates)[number];

/**
 * A creator's product is listed only once approved. Editing its shown content (texts, media,
 * metadata, traits, tags) sends an approved or rejected product back to review (`pending`); an
 * operator may also take an approved product down (`rejected`). Its creator may withdraw it from
 * any state (`withdrawn`: not listed, not for sale, not in the operators' queue); saving it again
 * resubmits it (`pending`). Decision 020 "Withdrawing an item".
 */
export const productReviewLifecycle: Lifecycle<ProductReviewState> = {
  name: 'product review',
  states: productReviewStates,
  transitions: {
    pending: ['approved', 'rejected', 'withdrawn'],
    approved: ['pending', 'rejected', 'withdrawn'],
    rejected: ['pending', 'withdrawn'],
    withdrawn: ['pending'],
  },
};

/**
 * Whether the creator may withdraw an item now (decision 020): not while a placed order of it awaits
 * payment (its buyer holds an edition and an invoice; the order runs out or is paid first). Carts
 * holding it need no rule: a withdrawn item is no longer offered, so they cannot be completed.
 * Editions already sold stay with their holders; withdrawing only takes the rest off sale.
 */
export function withdrawalRefusal(facts: {
  state: ProductReviewState;
  ordersAwaitingPayment: number;
}): 'invalid_transition' | 'product_has_open_orders' | null {
  if (!canTransition(productReviewLifecycle, facts.state, 'withdrawn')) return 'invalid_transition';
  if (facts.ordersAwaitingPayment > 0) return 'product_has_open_orders';
  return null;
}

/** Whether a product in this review state is shown in the shop (lists, details, search). */
export function isListedReviewState(state: ProductReviewState): boolean {
  return state === 'approved';
}

/** spec 3/9: a collectible carries 19 % VAT: the catalogue's tax category of that rate (seed: `standard`). */
export const collectibleTaxCategoryCode = 'standard';

/** spec 3/9: royalties in percent of resales, 0 to 50. */
export const maxRoyaltiesPercent = 50;
/** Editions of a "multiple" item. */
export const maxCopies = 10_000;
/** Price limit of one item in cents (1,000,000 €). */
export const maxItemPriceCents = 100_000_000;
/** At most this many media files per product. */
export const maxProductMediaFiles = 10;

/** IRI of a media file as the calls take it: `/api/v2/shop/media-files/{id}`. */
export const mediaFileIriPattern = /^\/api\/v2\/shop\/media-files\/([1-9]\d{0,9})$/;

const line = (max: number) => z.string().trim().max(max);

/** IRI of a creator's collection as `POST products` takes it: `/api/v2/shop/collections/{code}` (decision 023). */
export const creatorCollectionIriPattern = /^\/api\/v2\/shop\/collections\/([A-Z0-9]{1,20})$/;

export const creatorProductTranslationInputSchema = z.strictObject({
  name: line(200).min(1),
  description: line(5000).default(''),
  locale: z.enum(['de', 'en']).optional(),
});

/** spec 5: metadata rows with empty keys are dropped. */
const metadataRowsSchema = z
  .array(z.strictObject({ key: line(100), value: line(1000) }))
  .max(50)
  .transform((rows) => rows.filter((r) => r.key !== ''));

/** spec 5: trait rows need both value and type. */
const traitRowsSchema = z.array(z.strictObject({ type: line(100).min(1), value: line(200).min(1) })).max(50);

const creatorProductFields = {
  mediaFiles: z
    .array(z.string().regex(mediaFileIriPattern, 'a media file IRI'))
    .min(1)
    .max(maxProductMediaFiles),
  translations: z.strictObject({
    de: creatorProductTranslationInputSchema,
    en: creatorProductTranslationInputSchema,
  }),
  royalties: z.number().int().min(0).max(maxRoyaltiesPercent),
  metadata: metadataRowsSchema.default([]),
  traits: traitRowsSchema.default([]),
  whitelisting: z.boolean().default(false),
  /** The category: a taxon code (`mainTaxon` as spec 3). */
  mainTaxon: z.string().trim().min(1).max(100).optional(),
  /** The sub-category: a taxon below the category. */
  subCategory: z.string().trim().min(1).max(100).optional(),
  itemType: z.enum(['single', 'multiple']).default('single'),
  /** Editions of a `multiple` item (a `single` item has one). */
  copies: z.number().int().min(1).max(maxCopies).default(1),
  /** Price in cents (spec 5: entered in euro, times 100). */
  price: z.number().int().min(0).max(maxItemPriceCents),
  currency: z.literal('EUR').default('EUR'),
  tags: z.array(line(50).min(1)).max(20).default([]),
  collaboration: z.boolean().default(false),
  copyrightTransfer: z.boolean().default(false),
  unlockOnPurchase: z.boolean().default(false),
  /** The creator's own collection (draft or submitted) the item belongs to; none for a single item. */
  collection: z.string().regex(creatorCollectionIriPattern, 'a collection IRI').nullable().optional(),
};

/** POST products: a new item of the creator; terms and no-copyright-infringement must be confirmed (spec 5). */
export const creatorProductCreateInputSchema = z.strictObject({
  ...creatorProductFields,
  termsAccepted: z.boolean().refine((v) => v === true, violation('terms_required')),
  noCopyrightInfringement: z
    .boolean()
    .refine((v) => v === true, violation('no_copyright_infringement_required')),
});
export type CreatorProductCreateInput = z.input<typeof creatorProductCreateInputSchema>;

/** PUT products/{code}: the whole item again (the confirmations and `customer` may be sent; they are not kept anew). */
export const creatorProductUpdateInputSchema = z.strictObject({
  ...creatorProductFields,
  customer: z.string().max(200).optional(),
  termsAccepted: z.boolean().optional(),
  noCopyrightInfringement: z.boolean().optional(),
});
export type CreatorProductUpdateInput = z.input<typeof creatorProductUpdateInputSchema>;

/** PATCH product-variants / PUT product-variants/{code} (spec 7). */
export const creatorVariantInputSchema = z.strictObject({
  code: z.string().trim().min(1).max(200).optional(),
  product: z.string().max(300).optional(),
  name: line(200).min(1).optional(),
  tracked: z.boolean().optional(),
  onHand: z.number().int().min(0).max(maxCopies).optional(),
  channelPricings: z
    .record(z.string().max(50), z.strictObject({ price: z.number().int().min(0).max(maxItemPriceCents) }))
    .optional(),
});
export type CreatorVariantInput = z.input<typeof creatorVariantInputSchema>;

export const productRejectInputSchema = z.strictObject({ reason: line(1000).min(1) });

/** A creator's variant (PATCH product-variants, PUT product-variants/{code}): prices in cents. */
export const creatorVariantViewSchema = z.object({
  code: z.string(),
  '@id': z.string(),
  name: z.string(),
  product: z.string().describe('IRI of the product'),
  onHand: z.number().int(),
  onHold: z.number().int(),
  totalSupply: z.number().int(),
  tracked: z.boolean(),
  channelPricings: z.record(z.string(), z.object({ channelCode: z.string(), price: z.number().int() })),
});
export type CreatorVariantView = z.infer<typeof creatorVariantViewSchema>;

export const creatorProductViewSchema = z.object({
  id: z.number().int(),
  '@id': z.string(),
  code: z.string(),
  name: z.string(),
  slug: z.string(),
  creatorProfileName: z.string().nullable(),
  creator: z.string().describe('IRI of the creator (customer)'),
  reviewState: z.enum(productReviewStates),
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  translations: z.record(
    z.string(),
    z.object({ locale: z.string(), name: z.string(), slug: z.string(), description: z.string().nullable() }),
  ),
  royalties: z.number().int(),
  metadata: z.array(z.object({ key: z.string(), value: z.string() })),
  traits: z.array(z.object({ type: z.string(), value: z.string() })),
  tags: z.array(z.string()),
  whitelisting: z.boolean(),
  mainTaxon: z.string().nullable(),
  subCategory: z.string().nullable(),
  itemType: z.enum(['single', 'multiple']),
  copies: z.number().int(),
  price: z.number().int().describe('cents, channel `token`'),
  collaboration: z.boolean(),
  copyrightTransfer: z.boolean(),
  unlockOnPurchase: z.boolean(),
  mediaFiles: z.array(contentMediaFileViewSchema),
  /** The collection the item belongs to (decision 023), or null. */
  collection: z
    .object({ '@id': z.string(), code: z.string(), name: z.string(), state: z.enum(['draft', 'submitted']) })
    .nullable(),
  defaultVariant: creatorVariantViewSchema,
  currency: z.literal('EUR'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CreatorProductView = z.infer<typeof creatorProductViewSchema>;

export const productReviewListQuerySchema = z.strictObject({
  state: z.enum(productReviewStates).default('pending'),
});
