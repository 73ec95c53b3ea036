import { useQuery } from '@tanstack/react-query';
import type { BondAdminListItemView } from '@token/domain/catalog';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { adminApi, adminKeys } from './admin-keys.ts';

/** A bond as the admin list shows it: drafts too, with their status. */
export type BondRow = BondAdminListItemView;

/** GET admin/bonds (one page of the maximum size): every bond, drafts included, newest first. */
export async function getBonds(signal?: AbortSignal): Promise<BondRow[]> {
  const query = new URLSearchParams({ itemsPerPage: '100' });
  return apiRequest<BondRow[]>(`${adminApi}/bonds?${query}`, { signal, auth: true });
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
