import { useQuery } from '@tanstack/react-query';
import type { CmsPageView } from '@token/domain/cms';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';

/** A page of GET cms-plugin/pages: `content` is sanitised HTML in the requested language (German fallback). */
export type CmsPage = CmsPageView;

/** GET cms-plugin/pages?code=X in the visitor's language; null when there is no such page. */
export async function getCmsPage(code: string, signal?: AbortSignal): Promise<CmsPage | null> {
  const pages = await apiRequest<CmsPage[]>(
    `/api/v2/shop/cms-plugin/pages?${new URLSearchParams({ code })}`,
    {
      signal,
    },
  );
  return pages.find((p) => p.code === code) ?? null;
}

export const cmsPageQueryKey = (code: string, locale: string) => ['cms-page', code, locale] as const;

export function useCmsPage(code: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: cmsPageQueryKey(code, locale),
    queryFn: ({ signal }) => getCmsPage(code, signal),
    staleTime: 10 * 60_000,
  });
}
