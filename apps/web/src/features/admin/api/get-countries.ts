import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { adminKeys } from './admin-keys.ts';

type Country = { code: string; name: string };

/**
 * GET countries?itemsPerPage=400 (spec 7): every country of the reference data named in `locale`,
 * disabled ones too (a customer file may hold a country no longer offered), by ISO code.
 */
export async function getCountryNames(locale: Locale, signal?: AbortSignal): Promise<Map<string, string>> {
  const list = await apiRequest<Country[]>(`/api/v2/shop/countries?itemsPerPage=400&locale=${locale}`, {
    signal,
  });
  return new Map(list.map((c) => [c.code, c.name]));
}

/** The countries' names in the reader's language; a code without a name reads as itself. */
export function useCountryNames() {
  const locale = useLocale();
  const query = useQuery({
    queryKey: adminKeys.countries(locale),
    queryFn: ({ signal }) => getCountryNames(locale, signal),
    staleTime: 60 * 60_000,
  });
  return (code: string | null | undefined) => (code ? (query.data?.get(code) ?? code) : code);
}
