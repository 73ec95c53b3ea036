import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BondPauseInput, BondPauseView } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** Query key of a bond's pause state (under the bond's keys, so its actions refresh it too). */
export const bondPauseKey = (code: string) => [...adminKeys.bond(code), 'pause'] as const;

/** GET admin/bonds/{code}/pause: whether the bond's token is paused. */
export function getBondPause(code: string, signal?: AbortSignal): Promise<BondPauseView> {
  return apiRequest<BondPauseView>(`${bondPath(code)}/pause`, { auth: true, signal });
}

export function useBondPause(code: string) {
  return useQuery({ queryKey: bondPauseKey(code), queryFn: ({ signal }) => getBondPause(code, signal) });
}

/** POST admin/bonds/{code}/pause or /unpause {reason}: the new pause state. */
export function setBondPause(call: {
  code: string;
  paused: boolean;
  input: BondPauseInput;
}): Promise<BondPauseView> {
  return apiRequest<BondPauseView>(`${bondPath(call.code)}/${call.paused ? 'pause' : 'unpause'}`, {
    method: 'POST',
    body: call.input,
    auth: true,
  });
}

/** Pauses or unpauses; afterwards the bond's register data are read again. */
export function useSetBondPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBondPause,
    // the dialog shows refusals itself
    meta: { silentErrors: true },
    onSuccess: (_view, call) => queryClient.invalidateQueries({ queryKey: adminKeys.bond(call.code) }),
  });
}
