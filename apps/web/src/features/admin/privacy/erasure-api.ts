import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmErasureInput,
  ErasureRequestAdminView,
  ErasureState,
  RefuseErasureInput,
} from '@token/domain/privacy';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys, type HydraCollection } from '../api/admin-keys.ts';

/* The operator API's erasure-request calls (issue 19, /admin/erasure-requests): one fetcher and one hook per call. */

export const erasureRequestsPerPage = 20;
const erasureKeys = (state: ErasureState | 'all', page: number) =>
  [...adminKeys.all, 'erasure-requests', state, page] as const;

/** GET admin/erasure-requests?state=: open requests first (oldest first), then decided ones. */
export async function getErasureRequests(state: ErasureState | 'all', page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), itemsPerPage: String(erasureRequestsPerPage) });
  if (state !== 'all') query.set('state', state);
  const answer = await apiRequest<HydraCollection<ErasureRequestAdminView>>(
    `${adminApi}/erasure-requests?${query}`,
    { auth: true, format: 'ld', signal },
  );
  return { items: answer['hydra:member'], totalItems: answer['hydra:totalItems'] };
}

export function useErasureRequests(state: ErasureState | 'all', page: number) {
  return useQuery({
    queryKey: erasureKeys(state, page),
    queryFn: ({ signal }) => getErasureRequests(state, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export type ErasureDecision =
  | { decision: 'confirm'; id: string; input: ConfirmErasureInput }
  | { decision: 'refuse'; id: string; input: RefuseErasureInput };

/** POST admin/erasure-requests/{id}/confirm or /refuse. */
export function decideErasure(call: ErasureDecision): Promise<ErasureRequestAdminView> {
  return apiRequest<ErasureRequestAdminView>(
    `${adminApi}/erasure-requests/${encodeURIComponent(call.id)}/${call.decision}`,
    { method: 'POST', body: call.input, auth: true },
  );
}

export function useDecideErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideErasure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    meta: { silentErrors: true },
  });
}
