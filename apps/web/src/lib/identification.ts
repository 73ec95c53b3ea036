import { queryOptions } from '@tanstack/react-query';
import type { IdentificationView } from '@token/domain/identification';
import { apiRequest } from './api-client.ts';

/**
 * The customer's latest identification (KYC), shared by the identification page and the
 * notification checker (spec 4 polls it every 5 minutes while the KYC banner shows), so both read
 * one cache entry. Keyed by the session's customer: a logout clears it with the rest of the cache.
 */
export const identificationKeys = {
  latest: (uuid: string) => ['account', 'identification', 'latest', uuid] as const,
};

/** GET identification?page=1&itemsPerPage=1: the newest identification, or null before the first. */
export async function getLatestIdentification(signal?: AbortSignal): Promise<IdentificationView | null> {
  const list = await apiRequest<IdentificationView[]>('/api/v2/shop/identification?page=1&itemsPerPage=1', {
    auth: true,
    signal,
  });
  return list[0] ?? null;
}

export function latestIdentificationQuery(uuid: string) {
  return queryOptions({
    queryKey: identificationKeys.latest(uuid),
    queryFn: ({ signal }) => getLatestIdentification(signal),
    enabled: uuid !== '',
    staleTime: 30_000,
  });
}
