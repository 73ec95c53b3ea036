import { useQuery } from '@tanstack/react-query';
import type { ErasureRequestView } from '@token/domain/privacy';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { customerPath, privacyKeys } from './privacy-keys.ts';

export type OpenPositionsView = {
  tokensHeld: number;
  unpaidOrders: number;
  ordersToMint: number;
  pendingPayouts: number;
  blocker: 'erasure_open_positions' | 'erasure_unpaid_orders' | null;
};

/** GET customers/{uuid}/erasure-requests: the customer's erasure requests, newest first. */
export function getErasureRequests(uuid: string, signal?: AbortSignal): Promise<ErasureRequestView[]> {
  return apiRequest<ErasureRequestView[]>(`${customerPath(uuid)}/erasure-requests`, { auth: true, signal });
}

/** GET customers/{uuid}/open-positions: what keeps the customer from being erased now. */
export function getOpenPositions(uuid: string, signal?: AbortSignal): Promise<OpenPositionsView> {
  return apiRequest<OpenPositionsView>(`${customerPath(uuid)}/open-positions`, { auth: true, signal });
}

export function useErasureRequests() {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery({
    queryKey: privacyKeys.erasureRequests(uuid),
    queryFn: ({ signal }) => getErasureRequests(uuid, signal),
    enabled: uuid !== '',
    staleTime: 0,
  });
}

export function useOpenPositions() {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery({
    queryKey: privacyKeys.openPositions(uuid),
    queryFn: ({ signal }) => getOpenPositions(uuid, signal),
    enabled: uuid !== '',
    staleTime: 0,
  });
}
