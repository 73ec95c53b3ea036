import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Address, AddressInput } from '../types.ts';
import { onboardingKeys } from './keys.ts';

/** POST addresses: a new address; a personal one becomes the customer's default address. */
export function createAddress(input: AddressInput): Promise<Address> {
  return apiRequest<Address>('/api/v2/shop/addresses', { method: 'POST', body: input, auth: true });
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: (address) => queryClient.setQueryData(onboardingKeys.address(address.kind), address),
    meta: { silentErrors: true },
  });
}
