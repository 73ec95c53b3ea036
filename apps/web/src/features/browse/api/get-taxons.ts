import { useQuery } from '@tanstack/react-query';
import type { TaxonView } from '@token/domain/catalog-views';
import type { Locale } from '@token/domain/i18n';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';

export const taxonKeys = {
  tree: (locale: Locale) => ['taxons', locale] as const,
};

/** GET taxons: the category tree (top level with children) in the visitor's language. */
export function getTaxons(signal?: AbortSignal): Promise<TaxonView[]> {
  return apiRequest<TaxonView[]>('/api/v2/shop/taxons?itemsPerPage=400', { signal });
}

/** The category tree; it changes rarely, so it is kept for the visit. */
export function useTaxons() {
  const locale = useLocale();
  return useQuery({
    queryKey: taxonKeys.tree(locale),
    queryFn: ({ signal }) => getTaxons(signal),
    staleTime: 30 * 60_000,
  });
}
