import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyUpdateInput, CustomerResource } from '@token/domain/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';

/** PUT companies/{uuid}: company name and type of a company account. */
export function updateCompany(uuid: string, input: CompanyUpdateInput): Promise<CustomerResource> {
  return apiRequest<CustomerResource>(`/api/v2/shop/companies/${encodeURIComponent(uuid)}`, {
    method: 'PUT',
    body: input,
    auth: true,
  });
}

export function useUpdateCompany() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyUpdateInput) => updateCompany(uuid, input),
    onSuccess: (record) => queryClient.setQueryData(accountKeys.customer(record.uuid), record),
    meta: { silentErrors: true },
  });
}
