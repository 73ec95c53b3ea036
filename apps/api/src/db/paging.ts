/**
 * One page of a list, as services take it: `page` from 1, at most `itemsPerPage` items. Routes
 * read it from the query (API Platform's `page` and `itemsPerPage`); GraphQL and jobs pass their own.
 */
export type Page = { page: number; itemsPerPage: number };

/**
 * The list's total for a page read with `count(*) over () as total`: the first row's, or, for a page
 * past the end (no rows, so no window count), what `countAll` answers. A first page without rows is
 * an empty list and costs no second statement.
 */
export async function totalOfPage(
  rows: readonly { total: number | string }[],
  page: Page,
  countAll: () => Promise<number | string | undefined>,
): Promise<number> {
  if (rows.length > 0) return Number(rows[0]!.total);
  return page.page > 1 ? Number((await countAll()) ?? 0) : 0;
}
