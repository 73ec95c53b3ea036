import { useQuery } from '@tanstack/react-query';
import { maxProductsPerPage } from '@token/domain/catalog';
import type { ProductView } from '@token/domain/catalog-views';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { adminKeys } from './admin-keys.ts';

/** A bond as the register list shows it. */
export type BondRow = Pick<ProductView, 'code' | 'name' | 'whitelisting' | 'investorRestrictions'>;

/**
 * GET shop products under the taxon `bonds` (one page of the maximum size): the bonds whose register
 * an operator opens. Bonds hidden from lists (out of stock) are opened by their code instead.
 */
export async function getBonds(signal?: AbortSignal): Promise<BondRow[]> {
  const query = new URLSearchParams({ 'taxon.code': 'bonds', itemsPerPage: String(maxProductsPerPage) });
  return apiRequest<ProductView[]>(`/api/v2/shop/products?${query}`, { signal });
}

/** The bonds as the admin lists take them (one page holding all). */
export function useBonds() {
  const locale = useLocale();
  return useQuery({
    queryKey: [...adminKeys.bonds, locale],
    queryFn: ({ signal }) => getBonds(signal),
    select: (items) => ({ items, totalItems: items.length }),
  });
}
