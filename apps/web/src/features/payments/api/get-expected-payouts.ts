import { useQuery } from '@tanstack/react-query';
import type { ExpectedPayoutView } from '@token/domain/servicing';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { payoutKeys, payoutStaleTimeMs } from '../../../lib/payouts.ts';
import { useSessionState } from '../../../lib/session.tsx';

/** GET customer-expected-payouts: the next expected payments of the bonds held now (not guaranteed). */
export function getExpectedPayouts(signal?: AbortSignal): Promise<ExpectedPayoutView[]> {
  return apiRequest<ExpectedPayoutView[]>('/api/v2/shop/customer-expected-payouts', { auth: true, signal });
}

export function useExpectedPayouts() {
  const uuid = useSessionState()?.uuid ?? '';
  const locale = useLocale();
  return useQuery({
    queryKey: payoutKeys.expected(uuid, locale),
    queryFn: ({ signal }) => getExpectedPayouts(signal),
    enabled: uuid !== '',
    staleTime: payoutStaleTimeMs,
    meta: { silentErrors: true },
  });
}
