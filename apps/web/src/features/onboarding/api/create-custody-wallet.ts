import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalletView } from '@token/domain/wallets';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';

/**
 * POST wallets {type: 'custody', defaultWallet: true, name}: opens the customer's custodial wallet
 * at the custody partner (201 with its EIP-55 address). spec 7: a 201 triggers a refresh of the
 * customer (its `defaultWallet`, registrar status and onboarding change).
 */
export function createCustodyWallet(name: string): Promise<WalletView> {
  return apiRequest<WalletView>('/api/v2/shop/wallets', {
    method: 'POST',
    body: { type: 'custody', defaultWallet: true, name },
    auth: true,
  });
}

export function useCreateCustodyWallet() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustodyWallet,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) }),
    meta: { silentErrors: true },
  });
}
