import { useQuery } from '@tanstack/react-query';
import type { CreatorView } from '@token/domain/catalog-views';
import type { Locale } from '@token/domain/i18n';
import { apiRequest } from './api-client.ts';
import { useLocale } from './i18n.ts';

export const creatorKeys = {
  list: (count: number, locale: Locale) => ['creators', count, locale] as const,
};

/** GET creators: creators of listed products in browse order (decision 004), the first `count`. */
export function getCreators(count: number, signal?: AbortSignal): Promise<CreatorView[]> {
  return apiRequest<CreatorView[]>(`/api/v2/shop/creators?itemsPerPage=${count}`, { signal });
}

/** The first `count` creators (8 on the home page, all up to 100 for the browse filter). */
export function useCreators(count: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: creatorKeys.list(count, locale),
    queryFn: ({ signal }) => getCreators(count, signal),
  });
}
