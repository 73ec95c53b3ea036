import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProductView } from '@token/domain/catalog-views';
import { type BrowseFilters, browseApiQuery } from '@token/domain/marketplace';
import { apiRequest } from '../../../lib/api-client.ts';
import { type HydraCollection, type ListPage, pageOf } from '../../../lib/hydra.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { productKeys } from '../../../lib/product.ts';

export type BrowseQuery = BrowseFilters & { taxonCode?: string | undefined };

/**
 * GET products: one page (12) of the listed products matching the filters, with the list's total:
 * the page after the cursor `after` ('' for the first), so each page costs the API the same
 * however far the list has been scrolled (keyset paging).
 */
export async function getBrowsePage(
  query: BrowseQuery,
  after: string,
  signal?: AbortSignal,
): Promise<ListPage<ProductView>> {
  const params = browseApiQuery(query, 1);
  params.delete('page');
  params.set('after', after);
  const answer = await apiRequest<HydraCollection<ProductView>>(`/api/v2/shop/products?${params}`, {
    format: 'ld',
    signal,
  });
  return pageOf(answer);
}

/** The filtered list, a page at a time (infinite scroll); the key holds the API query it sends. */
export function useBrowseProducts(query: BrowseQuery) {
  const locale = useLocale();
  const apiQuery = browseApiQuery(query, 1).toString();
  return useInfiniteQuery({
    queryKey: [...productKeys.all, 'browse', apiQuery, locale] as const,
    queryFn: ({ pageParam, signal }) => getBrowsePage(query, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => (last.items.length > 0 ? (last.next ?? undefined) : undefined),
  });
}
