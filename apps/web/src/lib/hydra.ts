/** A Hydra collection as the API answers `Accept: application/ld+json`: one page and the total. */
export type HydraCollection<T> = {
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: { 'hydra:next'?: string };
};

/**
 * One page of a list and how many items the whole list holds; `next` is the cursor (`after`) of
 * the page after it when the list was read by cursor (keyset paging), null at its end.
 */
export type ListPage<T> = { items: T[]; totalItems: number; next?: string | null };

/** A Hydra collection as a page of items with the list's total (and the next page's cursor). */
export function pageOf<T>(answer: HydraCollection<T>): ListPage<T> {
  const nextLink = answer['hydra:view']?.['hydra:next'];
  const next = nextLink ? new URLSearchParams(nextLink.split('?')[1] ?? '').get('after') : null;
  return { items: answer['hydra:member'], totalItems: answer['hydra:totalItems'], next };
}

/** The next page to load after `loaded` pages of `perPage` items, or undefined at the list's end. */
export function nextPageAfter<T>(last: ListPage<T>, loaded: number, perPage: number): number | undefined {
  return loaded * perPage < last.totalItems && last.items.length > 0 ? loaded + 1 : undefined;
}
