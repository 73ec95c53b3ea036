import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';

/** PUT customers/{uuid}/2fa/verify: turns two-factor on with a valid code; answers ten recovery codes once. */
export function verifyTwoFactor(
  uuid: string,
  code: string,
): Promise<{ enabled: true; recoveryCodes: string[] }> {
  return apiRequest(`/api/v2/shop/customers/${encodeURIComponent(uuid)}/2fa/verify`, {
    method: 'PUT',
    body: { code },
    auth: true,
  });
}

export function useVerifyTwoFactor() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyTwoFactor(uuid, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) }),
    meta: { silentErrors: true },
  });
}
