import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST reset-password-requests: mails a one-hour link (202 whether or not the address has an account). */
export function requestPasswordReset(input: { email: string }): Promise<void> {
  return apiRequest<void>('/api/v2/shop/reset-password-requests', { method: 'POST', body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { silentErrors: true } });
}
