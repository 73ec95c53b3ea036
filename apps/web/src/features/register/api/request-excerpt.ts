import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterExcerptListItem, RequestExcerptInput } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { registerKeys } from '../../../lib/token-assets.ts';
import { shop } from './paths.ts';

/** POST register-excerpts {product}: a manual excerpt of one bond (eWpG § 19 "on request"); 201 with the item. */
export function requestExcerpt(input: RequestExcerptInput): Promise<RegisterExcerptListItem> {
  return apiRequest<RegisterExcerptListItem>(`${shop}/register-excerpts`, {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/** The page says how it went (success, or the catalogue's sentence, e.g. too many requests). */
export function useRequestExcerpt() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExcerpt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registerKeys.excerpts(uuid) }),
    meta: { silentErrors: true },
  });
}
