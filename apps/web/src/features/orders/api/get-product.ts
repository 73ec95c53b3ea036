import { useQuery } from '@tanstack/react-query';
import type { ProductView } from '@token/domain/catalog-views';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { orderKeys, shop } from './keys.ts';

/** GET products/{code}: the bond being ordered (price, restrictions, legal documents). */
export function getProduct(code: string, signal?: AbortSignal): Promise<ProductView> {
  return apiRequest<ProductView>(`${shop}/products/${encodeURIComponent(code)}`, { signal });
}

export function useProduct(code: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: orderKeys.product(code ?? '', locale),
    queryFn: ({ signal }) => getProduct(code ?? '', signal),
    enabled: Boolean(code),
  });
}
