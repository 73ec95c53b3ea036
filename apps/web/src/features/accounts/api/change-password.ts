import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@token/domain/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';

/**
 * PUT customers/{uuid}/password: signs out every other session. A wrong current password answers
 * 422 `bad_credentials` with the violation `current_password_invalid` on `currentPassword`.
 */
export function changePassword(uuid: string, input: ChangePasswordInput): Promise<void> {
  return apiRequest<void>(`/api/v2/shop/customers/${encodeURIComponent(uuid)}/password`, {
    method: 'PUT',
    body: input,
    auth: true,
  });
}

export function useChangePassword() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => changePassword(uuid, input),
    // the other sessions are gone
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
    meta: { silentErrors: true },
  });
}
