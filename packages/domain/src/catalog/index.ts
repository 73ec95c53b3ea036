import { z } from 'zod';
import { type Locale, translatedField } from '../i18n/index.ts';

/** The sales channel whose prices the shop shows and filters on (spec 9: channel value is token). */
export const defaultChannelCode = 'token';

/** spec 9: products 12 per page; the API caps a page at 100. */
export const productsPerPage = 12;
export const maxProductsPerPage = 100;

// ---------------------------------------------------------------------------------------------
// Stock rules (decision 001, docs/demo-data.md "Stock rules")
// ---------------------------------------------------------------------------------------------

/** The stock figures of a variant that the rules read. */
export type StockFigures = { tracked: boolean; onHand: number; onHold: number };

/** Tokens that can still be sold: onHand - onHold, never below 0. */
export function availableQuantity(v: Pick<StockFigures, 'onHand' | 'onHold'>): number {
  return Math.max(0, v.onHand - v.onHold);
}

/** In stock: stock is not tracked, or something is on hand. */
export function isInStock(v: Pick<StockFigures, 'tracked' | 'onHand'>): boolean {
  return !v.tracked || v.onHand > 0;
}

/** A product's listing inputs: whether it is enabled and its default variant (lowest enabled position). */
export type ListingFacts = {
  enabled: boolean;
  defaultVariant: (StockFigures & { enabled?: boolean }) | null;
};

/** spec 5: products without a(n enabled) default variant, not in stock, or disabled are hidden in lists. */
export function isListed(p: ListingFacts): boolean {
  const v = p.defaultVariant;
  return p.enabled && v !== null && v.enabled !== false && isInStock(v);
}

/** Sold out: listed (so shown) but nothing left to buy. */
export function isSoldOut(p: ListingFacts): boolean {
  return isListed(p) && availableQuantity(p.defaultVariant!) === 0;
}

/** spec 5: buying needs the product to allow it, availableQuantity > 0 and onHand != 0. */
export function isPurchasable(p: ListingFacts & { allowToBuy: boolean }): boolean {
  const v = p.defaultVariant;
  return (
    p.enabled &&
    p.allowToBuy &&
    v !== null &&
    v.enabled !== false &&
    availableQuantity(v) > 0 &&
    v.onHand !== 0
  );
}

export const productLabels = ['sold', 'exclusive', 'available', 'unavailable'] as const;
export type ProductLabel = (typeof productLabels)[number];

/**
 * The badge on a product card: `sold` when nothing is left (takes precedence: there is nothing to
 * enquire about), `exclusive` when buying is off (enquiry only, spec 6), `unavailable` when the
 * product would not be listed (details page of a hidden product), else `available`.
 */
export function productLabel(p: ListingFacts & { allowToBuy: boolean }): ProductLabel {
  if (!isListed(p)) return 'unavailable';
  if (isSoldOut(p)) return 'sold';
  if (!p.allowToBuy) return 'exclusive';
  return 'available';
}

// ---------------------------------------------------------------------------------------------
// Media types (spec 9)
// ---------------------------------------------------------------------------------------------

export const mediaTypes = ['image', 'audio', 'video', 'placeholder'] as const;
export type MediaType = (typeof mediaTypes)[number];

const mediaTypeByExtension: Record<string, Exclude<MediaType, 'placeholder'>> = {
  png: 'image',
  gif: 'image',
  webp: 'image',
  jpg: 'image',
  jpeg: 'image',
  mp3: 'audio',
  mpeg: 'audio',
  mp4: 'video',
  mov: 'video',
};

/** spec 9: image png/gif/webp/jpg/jpeg, audio mp3/mpeg, video mp4/mov, anything else a placeholder. */
export function mediaTypeOf(fileName: string): MediaType {
  const name = fileName.split(/[?#]/)[0] ?? '';
  const dot = name.lastIndexOf('.');
  if (dot < 0 || dot === name.length - 1) return 'placeholder';
  return mediaTypeByExtension[name.slice(dot + 1).toLowerCase()] ?? 'placeholder';
}

// ---------------------------------------------------------------------------------------------
// Metadata and translations
// ---------------------------------------------------------------------------------------------

export type MetadataEntry = { key: string; value: string };

/** spec 3/5: drops entries whose key is empty or starts with `_` (internal, never shown). */
export function filterMetadata<T extends MetadataEntry>(entries: readonly T[]): MetadataEntry[] {
  const out: MetadataEntry[] = [];
  for (const e of entries) {
    const key = e.key.trim();
    if (key === '' || key.startsWith('_')) continue;
    out.push({ key: e.key, value: e.value });
  }
  return out;
}

/** Re-exported: the catalogue views use the shared translation fallback. */
export { translatedField };

// ---------------------------------------------------------------------------------------------
// Views returned by the shop API (the web app parses answers with these)
// ---------------------------------------------------------------------------------------------

const localeSchema = z.enum(['de', 'en']);

export const channelPricingViewSchema = z.object({
  channelCode: z.string(),
  /** Cents. */
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  buyBackPrice: z.number().int().nullable(),
});
export type ChannelPricingView = z.infer<typeof channelPricingViewSchema>;

export const productVariantViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  totalSupply: z.number().int(),
  onHand: z.number().int(),
  onHold: z.number().int(),
  availableQuantity: z.number().int(),
  inStock: z.boolean(),
  tracked: z.boolean(),
  channelPricings: z.record(z.string(), channelPricingViewSchema),
});
export type ProductVariantView = z.infer<typeof productVariantViewSchema>;

/** GET product-variants/{code}: the variant plus its product's IRI. */
export const productVariantDetailViewSchema = productVariantViewSchema.extend({
  position: z.number().int(),
  product: z.string(),
});
export type ProductVariantDetailView = z.infer<typeof productVariantDetailViewSchema>;

export const mediaFileViewSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  fileName: z.string(),
  mediaType: z.enum(mediaTypes),
  mimeType: z.string(),
  bucket: z.enum(['public', 'private']),
  /** `/media/<storageKey>` for public files; null for private ones (served only by signed URL). */
  path: z.string().nullable(),
  /** Role of the file for its owner (avatar, gallery, banner...), when it has one. */
  type: z.string().nullable().optional(),
});
export type MediaFileView = z.infer<typeof mediaFileViewSchema>;

export const legalDocumentViewSchema = z.object({
  id: z.string(),
  type: z.enum(['information_sheet', 'bond_terms', 'prospectus', 'other']),
  title: z.string(),
  locale: localeSchema.nullable(),
  path: z.string(),
});
export type LegalDocumentView = z.infer<typeof legalDocumentViewSchema>;

export const creatorViewSchema = z.object({
  id: z.string(),
  uuid: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  profileName: z.string().nullable(),
  profileImage: z.string().nullable(),
  mediaFiles: z.array(mediaFileViewSchema),
});
export type CreatorView = z.infer<typeof creatorViewSchema>;

export const productTranslationViewSchema = z.object({
  locale: localeSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  shortDescription: z.string().nullable(),
});
export type ProductTranslationView = z.infer<typeof productTranslationViewSchema>;

export const mainTaxonViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  description: z.string().nullable(),
  /** Names from the root down: "Anleihen / Erneuerbare Energien". */
  fullname: z.string(),
  parent: z.string().nullable(),
});
export type MainTaxonView = z.infer<typeof mainTaxonViewSchema>;

export const attributeViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  stringValue: z.string(),
  type: z.enum(['text', 'percent', 'integer', 'date', 'url', 'money']),
});
export type AttributeView = z.infer<typeof attributeViewSchema>;

export const productViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  shortDescription: z.string().nullable(),
  translations: z.partialRecord(localeSchema, productTranslationViewSchema),
  allowToBuy: z.boolean(),
  royalties: z.number().int(),
  blockchainName: z.string().nullable(),
  tokenId: z.string().nullable(),
  whitelisting: z.boolean(),
  metadata: z.array(z.object({ key: z.string(), value: z.string() })),
  mainTaxon: mainTaxonViewSchema.nullable(),
  taxons: z.array(z.string()),
  attributes: z.array(attributeViewSchema),
  creator: creatorViewSchema.nullable(),
  mediaFiles: z.array(mediaFileViewSchema),
  legalDocuments: z.array(legalDocumentViewSchema),
  defaultVariant: productVariantViewSchema.nullable(),
  variants: z.array(z.string()),
  investorRestrictions: z.object({
    professionalOnly: z.boolean(),
    investorLimit: z.number().int().nullable(),
    /** Cents. */
    minimumSubscription: z.number().int().nullable(),
    /** Cents. */
    maximumOrderNonProfessional: z.number().int().nullable(),
  }),
  taxCategory: z.object({ code: z.string(), rateBasisPoints: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export type ProductView = z.infer<typeof productViewSchema>;

export type TaxonView = {
  id: number;
  code: string;
  level: number;
  name: string;
  slug: string | null;
  description: string | null;
  translations: Partial<
    Record<Locale, { locale: Locale; name: string; slug: string; description: string | null }>
  >;
  parent: string | null;
  position: number;
  children: TaxonView[];
};

export const taxonViewSchema: z.ZodType<TaxonView> = z.object({
  id: z.number().int(),
  code: z.string(),
  level: z.number().int(),
  name: z.string(),
  slug: z.string().nullable(),
  description: z.string().nullable(),
  translations: z.partialRecord(
    localeSchema,
    z.object({
      locale: localeSchema,
      name: z.string(),
      slug: z.string(),
      description: z.string().nullable(),
    }),
  ),
  parent: z.string().nullable(),
  position: z.number().int(),
  get children() {
    return z.array(taxonViewSchema);
  },
});

/** Facts of a product view that the listing rules read. */
export function listingFactsOf(p: Pick<ProductView, 'defaultVariant'> & { enabled?: boolean }): ListingFacts {
  return { enabled: p.enabled ?? true, defaultVariant: p.defaultVariant };
}
