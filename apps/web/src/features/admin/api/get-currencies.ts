import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { adminKeys } from './admin-keys.ts';

type Currency = { code: string; name: string };

/** GET currencies?itemsPerPage=400 (spec 7): the currencies of the reference data named in `locale`. */
export async function getCurrencyNames(locale: Locale, signal?: AbortSignal): Promise<Map<string, string>> {
  const list = await apiRequest<Currency[]>(`/api/v2/shop/currencies?itemsPerPage=400&locale=${locale}`, {
    signal,
  });
  return new Map(list.map((c) => [c.code, c.name]));
}

/** A currency as the reader reads it: `Euro (EUR)`; a code without a name reads as itself. */
export function useCurrencyNames() {
  const locale = useLocale();
  const query = useQuery({
    queryKey: adminKeys.currencies(locale),
    queryFn: ({ signal }) => getCurrencyNames(locale, signal),
    staleTime: 60 * 60_000,
  });
  return (code: string | null | undefined) => {
    const name = code ? query.data?.get(code) : undefined;
    return name ? `${name} (${code})` : code;
  };
}
