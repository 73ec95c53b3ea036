import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import type { Country } from '../types.ts';
import { onboardingKeys } from './keys.ts';

/** GET countries?itemsPerPage=400 (spec 7): the enabled countries, named and sorted in `locale`. */
export async function getCountries(locale: Locale, signal?: AbortSignal): Promise<Country[]> {
  const list = await apiRequest<Country[]>(`/api/v2/shop/countries?itemsPerPage=400&locale=${locale}`, {
    signal,
  });
  return list.filter((c) => c.enabled).sort((a, b) => a.name.localeCompare(b.name, locale));
}

export function useCountries() {
  const locale = useLocale();
  return useQuery({
    queryKey: onboardingKeys.countries(locale),
    queryFn: ({ signal }) => getCountries(locale, signal),
    staleTime: 60 * 60_000,
  });
}
