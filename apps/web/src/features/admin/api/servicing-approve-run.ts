import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponRunView } from '@token/domain/servicing';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** POST admin/bonds/{code}/coupon-runs/{id}/approve: payouts pending (a redemption: every token burned). */
export function approveCouponRun(call: { code: string; id: number }): Promise<CouponRunView> {
  return apiRequest<CouponRunView>(`${bondPath(call.code)}/coupon-runs/${call.id}/approve`, {
    method: 'POST',
    body: {},
    auth: true,
  });
}

/** Approving a run; a redemption burns tokens, so everything read about the bond is read again. */
export function useApproveCouponRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveCouponRun,
    meta: { silentErrors: true },
    onSuccess: (run, call) => {
      queryClient.setQueryData(adminKeys.couponRun(call.code, call.id), run);
      return queryClient.invalidateQueries({ queryKey: adminKeys.bond(call.code) });
    },
  });
}
