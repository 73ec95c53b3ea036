import { useQuery } from '@tanstack/react-query';
import type { BondAdminView } from '@token/domain/catalog';
import { apiRequest } from '../../../../lib/api-client.ts';
import { adminApi, adminKeys } from '../../api/admin-keys.ts';

/** The operator API path of a bond. */
export const bondAdminPath = (code: string) => `${adminApi}/bonds/${encodeURIComponent(code)}`;

/** Query key of a bond's edit view (under the bond's prefix, so register changes refresh it too). */
export const bondDetailsKey = (code: string) => [...adminKeys.bond(code), 'details'] as const;

/** GET admin/bonds/{code}: texts, price, supply, attributes, images, legal documents with versions. */
export function getBond(code: string, signal?: AbortSignal): Promise<BondAdminView> {
  return apiRequest<BondAdminView>(bondAdminPath(code), { signal, auth: true });
}

export function useBond(code: string) {
  return useQuery({ queryKey: bondDetailsKey(code), queryFn: ({ signal }) => getBond(code, signal) });
}
