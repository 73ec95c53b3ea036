import { useQuery } from '@tanstack/react-query';
import type { RegisterEntryView } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { registerKeys } from '../../../lib/token-assets.ts';
import { shop } from './paths.ts';

/** GET register-entries?product=CODE: the entries of one bond that concern the investor, pending ones included. */
export function getRegisterEntries(product: string, signal?: AbortSignal): Promise<RegisterEntryView[]> {
  return apiRequest<RegisterEntryView[]>(
    `${shop}/register-entries?${new URLSearchParams({ product }).toString()}`,
    { auth: true, signal },
  );
}

export function useRegisterEntries(product: string) {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery({
    queryKey: registerKeys.entries(uuid, product),
    queryFn: ({ signal }) => getRegisterEntries(product, signal),
    enabled: uuid !== '' && product !== '',
    meta: { silentErrors: true },
  });
}
