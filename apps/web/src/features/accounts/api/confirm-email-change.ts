import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';

/** PATCH email-change-requests/{token}: the new address applies (link opened from the new mailbox). */
export function confirmEmailChange(token: string): Promise<{ email: string }> {
  return apiRequest(`/api/v2/shop/email-change-requests/${encodeURIComponent(token)}`, {
    method: 'PATCH',
    body: {},
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
    meta: { silentErrors: true },
  });
}
