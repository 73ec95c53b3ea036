import { useQuery } from '@tanstack/react-query';
import type { WalletView } from '@token/domain/wallets';
import { apiRequest } from './api-client.ts';
import { useSessionState } from './session.tsx';

/*
 * The customer's wallets, read by the custody page and the depot and transfer pages (features do not
 * import each other, so the call lives here).
 */

export const walletKeys = {
  wallets: (uuid: string) => ['account', 'wallets', uuid] as const,
};

/** GET wallets?itemsPerPage=400 (spec 7): the customer's wallets, oldest first. */
export function getWallets(signal?: AbortSignal): Promise<WalletView[]> {
  return apiRequest<WalletView[]>('/api/v2/shop/wallets?itemsPerPage=400', { auth: true, signal });
}

export function useWallets() {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery({
    queryKey: walletKeys.wallets(uuid),
    queryFn: ({ signal }) => getWallets(signal),
    enabled: uuid !== '',
  });
}

/** The custodial wallet the registrar books to: the default one, else the first custody wallet. */
export function custodyWalletOf(wallets: readonly WalletView[]): WalletView | null {
  const custody = wallets.filter((w) => w.type === 'custody');
  return custody.find((w) => w.defaultWallet) ?? custody[0] ?? null;
}
