import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** PATCH account-verification-requests/{token}: confirms the address of the mailed link. */
export function verifyEmail(token: string): Promise<{ email: string; verified: true }> {
  return apiRequest(`/api/v2/shop/account-verification-requests/${encodeURIComponent(token)}`, {
    method: 'PATCH',
    body: {},
  });
}

export function useVerifyEmail() {
  // The page shows each outcome (done, already verified, invalid link) itself.
  return useMutation({ mutationFn: verifyEmail, meta: { silentErrors: true } });
}
