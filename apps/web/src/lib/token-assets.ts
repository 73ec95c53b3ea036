import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import type { TokenAssetView } from '@token/domain/register';
import { apiRequest } from './api-client.ts';
import { useLocale } from './i18n.ts';
import { useSessionState } from './session.tsx';

/*
 * The investor's depot (GET token-assets, decision 016), read by the depot and transfer pages and the
 * investor home's wallet summary; features do not import each other, so the call lives here.
 */

/** Query keys of the token register's reads; a transfer or an excerpt request invalidates `all`. */
export const registerKeys = {
  all: ['register'] as const,
  // the API names the bonds in the reader's language: a language switch asks again
  assets: (uuid: string, locale: Locale) => ['register', 'token-assets', uuid, locale] as const,
  entries: (uuid: string, product: string) => ['register', 'entries', uuid, product] as const,
  excerpts: (uuid: string) => ['register', 'excerpts', uuid] as const,
};

/** GET token-assets: per bond the minted, not-yet-minted and pending tokens with the bond's facts. */
export function getTokenAssets(signal?: AbortSignal): Promise<TokenAssetView[]> {
  return apiRequest<TokenAssetView[]>('/api/v2/shop/token-assets', { auth: true, signal });
}

export function useTokenAssets() {
  const uuid = useSessionState()?.uuid ?? '';
  const locale = useLocale();
  return useQuery({
    queryKey: registerKeys.assets(uuid, locale),
    queryFn: ({ signal }) => getTokenAssets(signal),
    enabled: uuid !== '',
    meta: { silentErrors: true },
  });
}
