import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@token/domain/accounts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PATCH reset-password-requests/{token}: the new password from the mailed link; ends every session. */
export function resetPassword(token: string, input: ResetPasswordInput): Promise<void> {
  return apiRequest<void>(`/api/v2/shop/reset-password-requests/${encodeURIComponent(token)}`, {
    method: 'PATCH',
    body: input,
  });
}

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => resetPassword(token, input),
    meta: { silentErrors: true },
  });
}
