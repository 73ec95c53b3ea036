import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';
import type { OnboardingCustomer, PersonalDataInput } from '../types.ts';

/** PUT customers/{uuid} with the personal-profile fields (contract): personal data, PEP, own account. */
export function updatePersonalData(uuid: string, input: PersonalDataInput): Promise<OnboardingCustomer> {
  return apiRequest<OnboardingCustomer>(`/api/v2/shop/customers/${encodeURIComponent(uuid)}`, {
    method: 'PUT',
    body: input,
    auth: true,
  });
}

export function useUpdatePersonalData() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonalDataInput) => updatePersonalData(uuid, input),
    onSuccess: (record) => queryClient.setQueryData(accountKeys.customer(record.uuid), record),
    meta: { silentErrors: true },
  });
}
