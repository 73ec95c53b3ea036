import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailInput } from '@token/domain/accounts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST email-change-requests: needs the password (and the code with two-factor on); the new
 * address gets a confirmation link, the old one a notice.
 */
export function requestEmailChange(input: ChangeEmailInput): Promise<void> {
  return apiRequest<void>('/api/v2/shop/email-change-requests', { method: 'POST', body: input, auth: true });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange, meta: { silentErrors: true } });
}
