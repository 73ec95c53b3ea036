import { queryOptions } from '@tanstack/react-query';
import type { ProductView } from '@token/domain/catalog-views';
import type { Locale } from '@token/domain/i18n';
import { apiRequest } from './api-client.ts';

/** Query keys of the shop's products (the product page and the checkout read the same entries). */
export const productKeys = {
  all: ['products'] as const,
  detail: (code: string, locale: Locale) => ['products', 'detail', code, locale] as const,
  latest: (locale: Locale) => ['products', 'latest', locale] as const,
};

/** GET products/{code}: one product (price, restrictions, legal documents), also when sold out or not listed. */
export function getProduct(code: string, signal?: AbortSignal): Promise<ProductView> {
  return apiRequest<ProductView>(`/api/v2/shop/products/${encodeURIComponent(code)}`, { signal });
}

/** The query of one product in the visitor's language; each page adds how it shows a failure. */
export function productQuery(code: string, locale: Locale) {
  return queryOptions({
    queryKey: productKeys.detail(code, locale),
    queryFn: ({ signal }) => getProduct(code, signal),
  });
}
