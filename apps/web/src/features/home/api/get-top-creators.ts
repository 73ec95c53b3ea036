import { useQuery } from '@tanstack/react-query';
import type { CreatorView } from '@token/domain/catalog-views';
import type { Locale } from '@token/domain/i18n';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';

/** Query keys of the home page's own reads. */
export const homeKeys = {
  topCreators: (locale: Locale) => ['creators', 'top', locale] as const,
};

/** spec 1/9: top creators, first 8. */
export const topCreatorsCount = 8;

/** GET creators: creators of listed products in browse order (decision 004), first 8. */
export async function getTopCreators(signal?: AbortSignal): Promise<CreatorView[]> {
  return apiRequest<CreatorView[]>(`/api/v2/shop/creators?itemsPerPage=${topCreatorsCount}`, { signal });
}

export function useTopCreators() {
  const locale = useLocale();
  return useQuery({
    queryKey: homeKeys.topCreators(locale),
    queryFn: ({ signal }) => getTopCreators(signal),
  });
}
