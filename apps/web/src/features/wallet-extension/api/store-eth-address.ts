import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerResource } from '@token/domain/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';

/** PUT customers/{uuid} {ethAddress}: the address of the connected wallet extension (stored EIP-55). */
export function storeEthAddress(uuid: string, ethAddress: string): Promise<CustomerResource> {
  return apiRequest<CustomerResource>(`/api/v2/shop/customers/${encodeURIComponent(uuid)}`, {
    method: 'PUT',
    body: { ethAddress },
    auth: true,
  });
}

export function useStoreEthAddress() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ethAddress: string) => storeEthAddress(uuid, ethAddress),
    onSuccess: (record) => queryClient.setQueryData(accountKeys.customer(record.uuid), record),
    meta: { silentErrors: true },
  });
}
