import { translatedField } from '../i18n/index.ts';

/** spec 9: products 12 per page; the API caps a page at 100. */
export const productsPerPage = 12;
export const maxProductsPerPage = 100;
/**
 * A filtered product list is counted up to this many products: `hydra:totalItems` is exact up to
 * it and one more than it for a longer list ("more than 1,000"); the catalogue, a category and a
 * creator's products are counted exactly (decision 026).
 */
export const listTotalCap = 1_000;

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
  /** Absent in shop views, which only ever show enabled products. */
  enabled?: boolean;
  defaultVariant: (StockFigures & { enabled?: boolean }) | null;
};

/** spec 5: products without a(n enabled) default variant, not in stock, or disabled are hidden in lists. */
export function isListed(p: ListingFacts): boolean {
  const v = p.defaultVariant;
  return p.enabled !== false && v !== null && v.enabled !== false && isInStock(v);
}

/** Sold out: listed (so shown) but nothing left to buy. */
export function isSoldOut(p: ListingFacts): boolean {
  return isListed(p) && availableQuantity(p.defaultVariant!) === 0;
}

/** spec 5: buying needs the product to allow it, availableQuantity > 0 and onHand != 0. */
export function isPurchasable(p: ListingFacts & { allowToBuy: boolean }): boolean {
  const v = p.defaultVariant;
  return (
    p.enabled !== false &&
    p.allowToBuy &&
    v !== null &&
    v.enabled !== false &&
    availableQuantity(v) > 0 &&
    v.onHand !== 0
  );
}

/** The tax category of bonds (seeded `bonds`, 0 %): a securities transaction, UStG § 4 Nr. 8 e. */
export const securitiesTaxCategory = 'bonds';

/**
 * Whether a product is a security (a bond token) rather than a collectible: bonds carry the
 * securities tax category. A product without a tax category is treated as a security, the stricter
 * path (statements, investment limits). Collectibles carry 19 % VAT and are simply bought (issue 18).
 */
export function isSecurity(p: { taxCategory: { code: string } | null }): boolean {
  return p.taxCategory === null || p.taxCategory.code === securitiesTaxCategory;
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

export * from './admin-bond-views.ts';
/** Re-exported: the catalogue views use the shared translation fallback. */
export { translatedField };
