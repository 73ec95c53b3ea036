import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';

export type CmsPage = {
  code: string;
  name: string;
  slug: string;
  title: string;
  /** Sanitised HTML in the requested language (German fallback). */
  content: string;
  metaDescription?: string | null;
  updatedAt?: string;
};

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
