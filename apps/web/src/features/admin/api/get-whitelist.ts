import { useQuery } from '@tanstack/react-query';
import type { WhitelistEntryView } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** GET admin/bonds/{code}/whitelist: the investors admitted to the bond. */
export function getWhitelist(code: string, signal?: AbortSignal): Promise<WhitelistEntryView[]> {
  return apiRequest<WhitelistEntryView[]>(`${bondPath(code)}/whitelist`, { auth: true, signal });
}

export function useWhitelist(code: string) {
  return useQuery({
    queryKey: adminKeys.whitelist(code),
    queryFn: ({ signal }) => getWhitelist(code, signal),
  });
}
