import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Address, AddressKind } from '../types.ts';
import { onboardingKeys } from './keys.ts';

/**
 * GET addresses?itemsPerPage=1 (the personal default address comes first) or
 * GET addresses/company?itemsPerPage=1 (the company's address): the one the form edits, or null.
 */
export async function getDefaultAddress(kind: AddressKind, signal?: AbortSignal): Promise<Address | null> {
  const path = kind === 'company' ? '/api/v2/shop/addresses/company' : '/api/v2/shop/addresses';
  const list = await apiRequest<Address[]>(`${path}?itemsPerPage=1`, { auth: true, signal });
  return list[0] ?? null;
}

export function useDefaultAddress(kind: AddressKind, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: onboardingKeys.address(kind),
    queryFn: ({ signal }) => getDefaultAddress(kind, signal),
    staleTime: 0,
    enabled: opts.enabled ?? true,
  });
}
