import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdentificationView } from '@token/domain/identification';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { identificationKeys } from '../../../lib/identification.ts';
import { useSessionState } from '../../../lib/session.tsx';

/**
 * POST identification/start: starts an identification with the partner (201), or hands out the
 * unused link of the latest one again (200); either way the answer carries `urlKycStart`.
 */
export function startIdentification(): Promise<IdentificationView> {
  return apiRequest<IdentificationView>('/api/v2/shop/identification/start', { method: 'POST', auth: true });
}

export function useStartIdentification() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startIdentification,
    onSuccess: (identification) => queryClient.setQueryData(identificationKeys.latest(uuid), identification),
    // the page words the refusals itself (personal data missing, already in progress, passed)
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) }),
    meta: { silentErrors: true },
  });
}
