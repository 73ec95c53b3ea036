import { useQuery } from '@tanstack/react-query';
import type { CustomerReferralsView } from '@token/domain/referrals';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session.tsx';

export const referralKeys = {
  mine: (uuid: string) => ['customer-referrals', uuid] as const,
};

/** GET customer-referrals: the investor's referral link, counts and commissions. */
export function getCustomerReferrals(signal?: AbortSignal): Promise<CustomerReferralsView> {
  return apiRequest<CustomerReferralsView>('/api/v2/shop/customer-referrals', { auth: true, signal });
}

export function useCustomerReferrals() {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery({
    queryKey: referralKeys.mine(uuid),
    queryFn: ({ signal }) => getCustomerReferrals(signal),
    enabled: uuid !== '',
    meta: { silentErrors: true },
  });
}
