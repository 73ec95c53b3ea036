import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';

/** PUT customers/{uuid}/2fa/status {enabled: false, code}: turns two-factor off (spec 4: needs a code). */
export function disableTwoFactor(uuid: string, code: string): Promise<{ enabled: false }> {
  return apiRequest(`/api/v2/shop/customers/${encodeURIComponent(uuid)}/2fa/status`, {
    method: 'PUT',
    body: { enabled: false, code },
    auth: true,
  });
}

export function useDisableTwoFactor() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => disableTwoFactor(uuid, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) }),
    meta: { silentErrors: true },
  });
}
