import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerResource, CustomerUpdateInput } from '@token/domain/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';

/** PUT customers/{uuid}: the fields a customer may change (my profile). */
export function updateCustomer(uuid: string, input: CustomerUpdateInput): Promise<CustomerResource> {
  return apiRequest<CustomerResource>(`/api/v2/shop/customers/${encodeURIComponent(uuid)}`, {
    method: 'PUT',
    body: input,
    auth: true,
  });
}

export function useUpdateCustomer() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerUpdateInput) => updateCustomer(uuid, input),
    onSuccess: (record) => queryClient.setQueryData(accountKeys.customer(record.uuid), record),
    meta: { silentErrors: true },
  });
}
