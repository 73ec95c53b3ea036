import { useQuery } from '@tanstack/react-query';
import type { ProductView } from '@token/domain/catalog-views';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { productKeys } from '../../../lib/product.ts';

/** spec 1/9: the home page shows the first 8 items of the browse result. */
export const latestProductsCount = 8;

/** GET products?itemsPerPage=8: the first page of the browse order (oldest first, listed only). */
export function getLatestProducts(signal?: AbortSignal) {
  return apiRequest<ProductView[]>(`/api/v2/shop/products?itemsPerPage=${latestProductsCount}`, { signal });
}

export function useLatestProducts() {
  const locale = useLocale();
  return useQuery({
    queryKey: productKeys.latest(locale),
    queryFn: ({ signal }) => getLatestProducts(signal),
  });
}
