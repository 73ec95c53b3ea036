import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import type { PayoutView } from '@token/domain/servicing';
import { apiRequest } from './api-client.ts';
import { useLocale } from './i18n.ts';
import { useSessionState } from './session.tsx';

/*
 * The investor's payouts (GET customer-payouts, issue 17), read by /account/payments and the investor
 * home's last payouts; features do not import each other, so the call lives here. One query of the
 * most the API gives (300, spec 9), kept 10 minutes (spec 9: payout cache 10 minutes).
 */

/** spec 9: payouts are cached for 10 minutes. */
export const payoutStaleTimeMs = 10 * 60_000;
/** spec 9: at most 300 payouts per page; one page serves the list, the chart and the home card. */
export const payoutPageSize = 300;

export const payoutKeys = {
  all: ['payouts'] as const,
  // the API names the bonds in the reader's language: a language switch asks again
  list: (uuid: string, locale: Locale) => ['payouts', 'list', uuid, locale] as const,
  expected: (uuid: string, locale: Locale) => ['payouts', 'expected', uuid, locale] as const,
};

/** GET customer-payouts: the customer's payouts, newest payout date first (at most 300). */
export function getCustomerPayouts(signal?: AbortSignal): Promise<PayoutView[]> {
  return apiRequest<PayoutView[]>(`/api/v2/shop/customer-payouts?itemsPerPage=${payoutPageSize}`, {
    auth: true,
    signal,
  });
}

export function useCustomerPayouts(opts: { enabled?: boolean } = {}) {
  const uuid = useSessionState()?.uuid ?? '';
  const locale = useLocale();
  return useQuery({
    queryKey: payoutKeys.list(uuid, locale),
    queryFn: ({ signal }) => getCustomerPayouts(signal),
    enabled: uuid !== '' && (opts.enabled ?? true),
    staleTime: payoutStaleTimeMs,
    meta: { silentErrors: true },
  });
}
