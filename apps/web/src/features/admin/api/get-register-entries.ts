import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RegisterEntryAdminView } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys, type HydraCollection } from './admin-keys.ts';
import { bondPath, pollMs } from './get-register.ts';

export const entriesPerPage = 25;

/** GET admin/bonds/{code}/register/entries: one page of the journal, newest first, with the total. */
export async function getRegisterEntries(
  code: string,
  page: number,
  signal?: AbortSignal,
): Promise<{ items: RegisterEntryAdminView[]; totalItems: number }> {
  const query = new URLSearchParams({ page: String(page), itemsPerPage: String(entriesPerPage) });
  const answer = await apiRequest<HydraCollection<RegisterEntryAdminView>>(
    `${bondPath(code)}/register/entries?${query}`,
    { auth: true, format: 'ld', signal },
  );
  return { items: answer['hydra:member'], totalItems: answer['hydra:totalItems'] };
}

export function useRegisterEntries(code: string, page: number, poll: boolean) {
  return useQuery({
    queryKey: adminKeys.registerEntries(code, page),
    queryFn: ({ signal }) => getRegisterEntries(code, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? pollMs : false,
  });
}
