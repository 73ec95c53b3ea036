import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST account-verification-requests: mails a new link (202 whether or not the address has an account). */
export function requestVerificationMail(input: { email: string }): Promise<void> {
  return apiRequest<void>('/api/v2/shop/account-verification-requests', { method: 'POST', body: input });
}

export function useRequestVerificationMail() {
  return useMutation({ mutationFn: requestVerificationMail, meta: { silentErrors: true } });
}
