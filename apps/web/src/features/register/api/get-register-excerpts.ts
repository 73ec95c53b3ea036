import { useQuery } from '@tanstack/react-query';
import type { RegisterExcerptListItem } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { registerKeys } from '../../../lib/token-assets.ts';
import { shop } from './paths.ts';

/** GET register-excerpts: the investor's register excerpts (eWpG § 19), newest first. */
export function getRegisterExcerpts(signal?: AbortSignal): Promise<RegisterExcerptListItem[]> {
  return apiRequest<RegisterExcerptListItem[]>(`${shop}/register-excerpts`, { auth: true, signal });
}

export function useRegisterExcerpts() {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery({
    queryKey: registerKeys.excerpts(uuid),
    queryFn: ({ signal }) => getRegisterExcerpts(signal),
    enabled: uuid !== '',
    meta: { silentErrors: true },
  });
}
