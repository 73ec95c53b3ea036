/** A Hydra collection as the API answers `Accept: application/ld+json`: one page and the total. */
export type HydraCollection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

/** One page of a list and how many items the whole list holds. */
export type ListPage<T> = { items: T[]; totalItems: number };

/** A Hydra collection as a page of items with the list's total. */
export function pageOf<T>(answer: HydraCollection<T>): ListPage<T> {
  return { items: answer['hydra:member'], totalItems: answer['hydra:totalItems'] };
}

/** The next page to load after `loaded` pages of `perPage` items, or undefined at the list's end. */
export function nextPageAfter<T>(last: ListPage<T>, loaded: number, perPage: number): number | undefined {
  return loaded * perPage < last.totalItems && last.items.length > 0 ? loaded + 1 : undefined;
}
