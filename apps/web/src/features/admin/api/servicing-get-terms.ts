import { useQuery } from '@tanstack/react-query';
import type { BondTermsVersionView } from '@token/domain/servicing';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** GET admin/bonds/{code}/terms: the terms in force, or null while none are saved (404). */
export async function getBondTerms(code: string, signal?: AbortSignal): Promise<BondTermsVersionView | null> {
  try {
    return await apiRequest<BondTermsVersionView>(`${bondPath(code)}/terms`, { auth: true, signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The bond's terms in force (null: none saved yet). */
export function useBondTerms(code: string) {
  return useQuery({
    queryKey: adminKeys.terms(code),
    queryFn: ({ signal }) => getBondTerms(code, signal),
  });
}
