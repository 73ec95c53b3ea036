import { useInfiniteQuery } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import { type SearchHitView, searchHitsPerPage } from '@token/domain/marketplace';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';

type HydraCollection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

export type SearchPage = { items: SearchHitView[]; totalItems: number };

/** Query keys of the search: one list per phrase and language. */
export const searchKeys = {
  all: ['search'] as const,
  phrase: (phrase: string, locale: Locale) => ['search', locale, phrase] as const,
};

/** GET search?phrase=&page=: one page of hits (12), best first, with the total. */
export async function searchProducts(
  phrase: string,
  page: number,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const query = new URLSearchParams({ phrase, page: String(page), itemsPerPage: String(searchHitsPerPage) });
  const answer = await apiRequest<HydraCollection<SearchHitView>>(`/api/v2/shop/search?${query}`, {
    format: 'ld',
    signal,
  });
  return { items: answer['hydra:member'], totalItems: answer['hydra:totalItems'] };
}

/** The hits for a phrase, page after page ("more" loads the next); nothing is asked for an empty phrase. */
export function useSearchProducts(phrase: string) {
  const locale = useLocale();
  return useInfiniteQuery({
    queryKey: searchKeys.phrase(phrase, locale),
    queryFn: ({ pageParam, signal }) => searchProducts(phrase, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.totalItems ? pages.length + 1 : undefined;
    },
    enabled: phrase !== '',
  });
}
