import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { onboardingKeys } from './keys.ts';

/** DELETE customer-documents/{id}: removes an uploaded document (and its file). */
export function deleteCustomerDocument(id: number): Promise<void> {
  return apiRequest<void>(`/api/v2/shop/customer-documents/${id}`, { method: 'DELETE', auth: true });
}

export function useDeleteCustomerDocument() {
  const queryClient = useQueryClient();
  const uuid = useSessionState()?.uuid ?? '';
  return useMutation({
    mutationFn: deleteCustomerDocument,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.documents }),
        queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) }),
      ]),
    meta: { silentErrors: true },
  });
}
