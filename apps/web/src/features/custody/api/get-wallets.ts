import { useQuery } from '@tanstack/react-query';
import type { WalletView } from '@token/domain/wallets';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session.tsx';

export const custodyKeys = {
  wallets: (uuid: string) => ['account', 'wallets', uuid] as const,
};

/** GET wallets?itemsPerPage=400 (spec 7): the customer's wallets, oldest first. */
export function getWallets(signal?: AbortSignal): Promise<WalletView[]> {
  return apiRequest<WalletView[]>('/api/v2/shop/wallets?itemsPerPage=400', { auth: true, signal });
}

export function useWallets() {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery({
    queryKey: custodyKeys.wallets(uuid),
    queryFn: ({ signal }) => getWallets(signal),
    enabled: uuid !== '',
  });
}
