import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';
import type { CompanyDataInput, OnboardingCustomer } from '../types.ts';

/** PUT companies/{uuid}: the company's data (registry, founding date, tax numbers, bank account). */
export function updateCompanyData(uuid: string, input: CompanyDataInput): Promise<OnboardingCustomer> {
  return apiRequest<OnboardingCustomer>(`/api/v2/shop/companies/${encodeURIComponent(uuid)}`, {
    method: 'PUT',
    body: input,
    auth: true,
  });
}

export function useUpdateCompanyData() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyDataInput) => updateCompanyData(uuid, input),
    onSuccess: (record) => queryClient.setQueryData(accountKeys.customer(record.uuid), record),
    meta: { silentErrors: true },
  });
}
