import { useQuery } from '@tanstack/react-query';
import type { ProductView } from '@token/domain/catalog-views';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';

/** GET products/{code}: one product, also when sold out or not listed. */
export function getProduct(code: string, signal?: AbortSignal) {
  return apiRequest<ProductView>(`/api/v2/shop/products/${encodeURIComponent(code)}`, { signal });
}

export const productQueryKey = (code: string, locale: string) => ['product', code, locale] as const;

export function useProduct(code: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: productQueryKey(code, locale),
    queryFn: ({ signal }) => getProduct(code, signal),
    // The page shows a missing product as page-not-found, other failures in place.
    meta: { silentErrors: true },
  });
}
