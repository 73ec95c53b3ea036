import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BondTerms, BondTermsVersionView } from '@token/domain/servicing';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** PUT admin/bonds/{code}/terms: saves the terms as a new version (422 on the field, 409 locked). */
export function saveBondTerms(call: { code: string; terms: BondTerms }): Promise<BondTermsVersionView> {
  return apiRequest<BondTermsVersionView>(`${bondPath(call.code)}/terms`, {
    method: 'PUT',
    body: call.terms,
    auth: true,
  });
}

/** Saving the terms; the schedule follows from them, so it is read again. */
export function useSaveBondTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBondTerms,
    meta: { silentErrors: true },
    onSuccess: (view, call) => {
      queryClient.setQueryData(adminKeys.terms(call.code), view);
      return queryClient.invalidateQueries({ queryKey: adminKeys.couponSchedule(call.code) });
    },
  });
}
