import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferInput, TransferView } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { registerKeys } from '../../../lib/token-assets.ts';
import { shop } from './paths.ts';

/**
 * POST token/transfer: 202 with the transfer, pending until the registrar confirms it. A wrong code
 * answers 401 `two_factor_invalid`, which judges the code, not the session (lib/api-client.ts keeps it).
 */
export function transferTokens(input: TransferInput): Promise<TransferView> {
  return apiRequest<TransferView>(`${shop}/token/transfer`, { method: 'POST', body: input, auth: true });
}

/** The form shows refusals on its fields; the depot and the entries are read again either way. */
export function useTransferTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferTokens,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registerKeys.all }),
    meta: { silentErrors: true },
  });
}
