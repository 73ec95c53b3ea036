import { productsPerPage } from '../catalog/index.ts';
import { eurosToCents } from '../money/index.ts';

/**
 * The filters of /browse and /categories/{categoryName} as the URL carries them, so that a link or a
 * reload restores the same list (spec 2). Prices are what the visitor typed, in euro.
 */
export type BrowseFilters = {
  /** A taxon code (/browse only; a category page takes its taxon from the path). */
  category?: string | undefined;
  /** Euro as typed ("12,50"); converted to cents for the API. */
  priceMin?: string | undefined;
  priceMax?: string | undefined;
  /** A creator's uuid. */
  creator?: string | undefined;
};

/** The URL's query parameter of each filter. */
export const browseParams = {
  category: 'category',
  priceMin: 'min',
  priceMax: 'max',
  creator: 'creator',
} as const;

/** The query parameter that remembers how many pages the visitor had loaded. */
export const loadedPagesParam = 'pages';

/** At most this many pages are reloaded to restore a list (spec 9: 12 each). */
export const maxRestoredPages = 20;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const taxonCodePattern = /^[\p{L}\p{N}_.:-]{1,200}$/u;

function clean(value: string | null | undefined, max = 40): string | undefined {
  const v = value?.trim();
  return v ? v.slice(0, max) : undefined;
}

/** The filters a URL's query names; anything malformed is left out rather than sent to the API. */
export function browseFiltersOf(params: URLSearchParams): BrowseFilters {
  const category = clean(params.get(browseParams.category), 200);
  const creator = clean(params.get(browseParams.creator));
  return {
    category: category && taxonCodePattern.test(category) ? category : undefined,
    priceMin: clean(params.get(browseParams.priceMin)),
    priceMax: clean(params.get(browseParams.priceMax)),
    creator: creator && uuidPattern.test(creator) ? creator.toLowerCase() : undefined,
  };
}

/** The URL query of some filters (empty ones left out), for links and history entries. */
export function browseSearchOf(filters: BrowseFilters): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of Object.keys(browseParams) as (keyof BrowseFilters)[]) {
    const value = filters[key]?.trim();
    if (value) out.set(browseParams[key], value);
  }
  return out;
}

/**
 * spec 5: a price filter in euro becomes cents (times 100); empty, zero, negative or unreadable
 * values are ignored (undefined), not sent as 0.
 */
export function priceFilterCents(input: string | undefined): number | undefined {
  if (!input?.trim()) return undefined;
  const cents = eurosToCents(input);
  return cents !== null && cents > 0 ? cents : undefined;
}

/** Whether a typed price bound is something the list cannot use (to tell the visitor so). */
export function isUnreadablePrice(input: string | undefined): boolean {
  return Boolean(input?.trim()) && eurosToCents(input ?? '') === null;
}

/**
 * The query of `GET products` for one page of a filtered list: taxon, creator and the price range
 * in cents (inclusive bounds), 12 per page, oldest first (the spec's browse order).
 */
export function browseApiQuery(
  filters: BrowseFilters & { taxonCode?: string | undefined },
  page: number,
  itemsPerPage = productsPerPage,
): URLSearchParams {
  const q = new URLSearchParams({ page: String(page), itemsPerPage: String(itemsPerPage) });
  const taxon = filters.taxonCode ?? filters.category;
  if (taxon) q.set('taxon.code', taxon);
  if (filters.creator) q.set('creator.uuid', filters.creator);
  const min = priceFilterCents(filters.priceMin);
  const max = priceFilterCents(filters.priceMax);
  if (min !== undefined) q.set('price[gte]', String(min));
  if (max !== undefined) q.set('price[lte]', String(max));
  return q;
}

/** How many pages a URL asks to restore: 1 by default, at most `maxRestoredPages`. */
export function restoredPagesOf(params: URLSearchParams): number {
  const n = Number(params.get(loadedPagesParam));
  return Number.isInteger(n) && n > 1 ? Math.min(n, maxRestoredPages) : 1;
}

/** A taxon found by the path's category name: its slug in either language, or its code. */
export function findCategory<
  T extends { code: string; translations: Partial<Record<string, { slug: string }>>; children: T[] },
>(taxons: readonly T[], name: string): T | null {
  const wanted = name.trim().toLowerCase();
  for (const taxon of taxons) {
    const slugs = Object.values(taxon.translations).map((t) => t?.slug.toLowerCase());
    if (taxon.code.toLowerCase() === wanted || slugs.includes(wanted)) return taxon;
    const inChildren = findCategory(taxon.children, name);
    if (inChildren) return inChildren;
  }
  return null;
}

/** Taxons as a flat list with their depth, for a category picker. */
export function flattenTaxons<T extends { children: T[] }>(
  taxons: readonly T[],
  depth = 0,
): { taxon: T; depth: number }[] {
  return taxons.flatMap((taxon) => [{ taxon, depth }, ...flattenTaxons(taxon.children, depth + 1)]);
}
