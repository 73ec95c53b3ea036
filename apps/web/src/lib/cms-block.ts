import { useQuery } from '@tanstack/react-query';
import type { CmsBlockView } from '@token/domain/cms';
import { apiRequest } from './api-client.ts';
import { useLocale } from './i18n.ts';

/** The parts of a block the shell shows; `content` is sanitised HTML in the requested language (German fallback). */
export type CmsBlock = Pick<CmsBlockView, 'code' | 'name' | 'content'>;

/** GET cms-plugin/blocks?code=X: the block in the visitor's language, or null when there is none. */
export async function getCmsBlock(code: string, signal?: AbortSignal): Promise<CmsBlock | null> {
  const blocks = await apiRequest<CmsBlock[]>(
    `/api/v2/shop/cms-plugin/blocks?${new URLSearchParams({ code })}`,
    {
      signal,
    },
  );
  return blocks.find((b) => b.code === code) ?? null;
}

/** A CMS block (welcome banner, how-to-start, footer partners); shared by the shell and features. */
export function useCmsBlock(code: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: ['cms-block', code, locale],
    queryFn: ({ signal }) => getCmsBlock(code, signal),
    staleTime: 10 * 60_000,
  });
}
