import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressInput, AddressView } from '@token/domain/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, shop } from './keys.ts';

/** GET addresses?itemsPerPage=1: the customer's default address, the order's billing address. */
export async function getBillingAddress(signal?: AbortSignal): Promise<AddressView | null> {
  const list = await apiRequest<AddressView[]>(`${shop}/addresses?itemsPerPage=1`, { auth: true, signal });
  return list[0] ?? null;
}

export function useBillingAddress() {
  return useQuery({
    queryKey: orderKeys.billingAddress,
    queryFn: ({ signal }) => getBillingAddress(signal),
    staleTime: 0,
  });
}

/**
 * PUT addresses/{id} (the default address exists) or POST addresses (it does not; the new one
 * becomes the default): the billing address as the investor corrected it.
 */
export function saveBillingAddress(input: {
  id: number | null;
  address: AddressInput;
}): Promise<AddressView> {
  const { id, address } = input;
  return id === null
    ? apiRequest<AddressView>(`${shop}/addresses`, { method: 'POST', body: address, auth: true })
    : apiRequest<AddressView>(`${shop}/addresses/${id}`, { method: 'PUT', body: address, auth: true });
}

export function useSaveBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingAddress,
    onSuccess: (address) => queryClient.setQueryData(orderKeys.billingAddress, address),
    meta: { silentErrors: true },
  });
}
