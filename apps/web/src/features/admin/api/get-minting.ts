import { useQuery } from '@tanstack/react-query';
import type { MintingPreviewView } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath, pollMs } from './get-register.ts';

/** GET admin/bonds/{code}/minting: the paid, not wholly minted orders and what a run would mint. */
export function getMinting(code: string, signal?: AbortSignal): Promise<MintingPreviewView> {
  return apiRequest<MintingPreviewView>(`${bondPath(code)}/minting`, { auth: true, signal });
}

/** True while the registrar has not answered every mint instruction of the batch. */
export const hasOpenInstructions = (preview: MintingPreviewView | undefined) =>
  (preview?.totals.inInstructions ?? 0) > 0;

/** The minting batch, read again every few seconds while instructions are open. */
export function useMinting(code: string) {
  return useQuery({
    queryKey: adminKeys.minting(code),
    queryFn: ({ signal }) => getMinting(code, signal),
    refetchInterval: (query) => (hasOpenInstructions(query.state.data) ? pollMs : false),
    // The register page says when the bond is unknown (its register read fails alike): no second alert.
    meta: { silentErrors: true },
  });
}
