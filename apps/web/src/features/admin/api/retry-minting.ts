import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MintingRetryView, MintingRunInput } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** POST admin/bonds/{code}/minting/orders/{orderId}/retry {reason?}: a refused mint instructed again. */
export function retryMinting(call: {
  code: string;
  orderId: number;
  input: MintingRunInput;
}): Promise<MintingRetryView> {
  return apiRequest<MintingRetryView>(`${bondPath(call.code)}/minting/orders/${call.orderId}/retry`, {
    method: 'POST',
    body: call.input,
    auth: true,
  });
}

/** A retry; afterwards the minting batch and the register are read again. */
export function useRetryMinting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMinting,
    meta: { silentErrors: true },
    onSuccess: (_r, call) => queryClient.invalidateQueries({ queryKey: adminKeys.bond(call.code) }),
  });
}
