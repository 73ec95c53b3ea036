import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { shop } from './keys.ts';

export type Country = { id: number; code: string; name: string; enabled: boolean };

/** GET countries?itemsPerPage=400 (spec 7): the enabled countries for the billing address. */
export async function getCountries(locale: Locale, signal?: AbortSignal): Promise<Country[]> {
  const list = await apiRequest<Country[]>(`${shop}/countries?itemsPerPage=400&locale=${locale}`, { signal });
  return list.filter((c) => c.enabled).sort((a, b) => a.name.localeCompare(b.name, locale));
}

export function useCountries() {
  const locale = useLocale();
  return useQuery({
    queryKey: ['reference', 'countries', locale],
    queryFn: ({ signal }) => getCountries(locale, signal),
    staleTime: 60 * 60_000,
  });
}
