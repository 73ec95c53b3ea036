import { useQuery } from '@tanstack/react-query';
import type { RegisterAdminView } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys } from './admin-keys.ts';

export const bondPath = (code: string) => `${adminApi}/bonds/${encodeURIComponent(code)}`;

/** GET admin/bonds/{code}/register: head, holders (eWpRV § 8), supply and the journal's chain check. */
export function getRegister(code: string, signal?: AbortSignal): Promise<RegisterAdminView> {
  return apiRequest<RegisterAdminView>(`${bondPath(code)}/register`, { auth: true, signal });
}

/** The register; `poll` reads it again every few seconds (mint instructions confirm asynchronously). */
export function useRegister(code: string, poll: boolean) {
  return useQuery({
    queryKey: adminKeys.register(code),
    queryFn: ({ signal }) => getRegister(code, signal),
    refetchInterval: poll ? pollMs : false,
    // the page shows a missing bond itself
    meta: { silentErrors: true },
  });
}

/** How often the register pages read again while the registrar still has open instructions. */
export const pollMs = 3000;
