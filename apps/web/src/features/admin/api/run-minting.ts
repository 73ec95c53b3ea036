import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MintingRunInput, MintingRunView } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** POST admin/bonds/{code}/minting {reason?}: queues one mint instruction per mintable order. */
export function runMinting(call: { code: string; input: MintingRunInput }): Promise<MintingRunView> {
  return apiRequest<MintingRunView>(`${bondPath(call.code)}/minting`, {
    method: 'POST',
    body: call.input,
    auth: true,
  });
}

/** A minting run; the batch after it is the answer's, the register is read again. */
export function useRunMinting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runMinting,
    meta: { silentErrors: true },
    onSuccess: (run, call) => {
      queryClient.setQueryData(adminKeys.minting(call.code), run.preview);
      return queryClient.invalidateQueries({ queryKey: adminKeys.bond(call.code) });
    },
  });
}
