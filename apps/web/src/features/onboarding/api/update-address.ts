import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Address, AddressInput } from '../types.ts';
import { onboardingKeys } from './keys.ts';

/** PUT addresses/{id}: changes one of the customer's addresses. */
export function updateAddress(id: number, input: AddressInput): Promise<Address> {
  return apiRequest<Address>(`/api/v2/shop/addresses/${id}`, { method: 'PUT', body: input, auth: true });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: AddressInput }) => updateAddress(id, input),
    onSuccess: (address) => queryClient.setQueryData(onboardingKeys.address(address.kind), address),
    meta: { silentErrors: true },
  });
}
