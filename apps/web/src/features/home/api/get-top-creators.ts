import { useQuery } from '@tanstack/react-query';
import type { CreatorView, ProductView } from '@token/domain/catalog';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';

/** spec 1/9: top creators, first 8. */
export const topCreatorsCount = 8;
/** The API's page maximum for products. */
const scanProducts = 100;

/**
 * There is no creators endpoint: the top creators are the distinct creators of the listed
 * products, in browse order, first 8.
 */
export async function getTopCreators(signal?: AbortSignal): Promise<CreatorView[]> {
  const products = await apiRequest<ProductView[]>(`/api/v2/shop/products?itemsPerPage=${scanProducts}`, {
    signal,
  });
  const seen = new Map<string, CreatorView>();
  for (const p of products) {
    if (p.creator && !seen.has(p.creator.uuid)) seen.set(p.creator.uuid, p.creator);
    if (seen.size === topCreatorsCount) break;
  }
  return [...seen.values()];
}

export function useTopCreators() {
  const locale = useLocale();
  return useQuery({
    queryKey: ['creators', 'top', locale],
    queryFn: ({ signal }) => getTopCreators(signal),
  });
}
