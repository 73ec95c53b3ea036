import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import type { Currency } from '../types.ts';
import { onboardingKeys } from './keys.ts';

/** GET currencies?itemsPerPage=400 (spec 7): the bank account's currency choices, named in `locale`. */
export function getCurrencies(locale: Locale, signal?: AbortSignal): Promise<Currency[]> {
  return apiRequest<Currency[]>(`/api/v2/shop/currencies?itemsPerPage=400&locale=${locale}`, { signal });
}

export function useCurrencies() {
  const locale = useLocale();
  return useQuery({
    queryKey: onboardingKeys.currencies(locale),
    queryFn: ({ signal }) => getCurrencies(locale, signal),
    staleTime: 60 * 60_000,
  });
}
