import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErasureRequestInput, ErasureRequestView } from '@token/domain/privacy';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { customerPath, privacyKeys } from './privacy-keys.ts';

/**
 * POST customers/{uuid}/erasure-requests: needs the password (and the code with two-factor on);
 * open positions answer 409 `erasure_open_positions` / `erasure_unpaid_orders`.
 */
export function requestErasure(uuid: string, input: ErasureRequestInput): Promise<ErasureRequestView> {
  return apiRequest<ErasureRequestView>(`${customerPath(uuid)}/erasure-requests`, {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/** DELETE customers/{uuid}/erasure-requests/{id}: withdraws an open request. */
export function withdrawErasureRequest(uuid: string, id: string): Promise<ErasureRequestView> {
  return apiRequest<ErasureRequestView>(`${customerPath(uuid)}/erasure-requests/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  });
}

export function useRequestErasure() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ErasureRequestInput) => requestErasure(uuid, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
    meta: { silentErrors: true },
  });
}

export function useWithdrawErasureRequest() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => withdrawErasureRequest(uuid, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}
