import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponRunView } from '@token/domain/servicing';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** POST admin/bonds/{code}/coupon-runs {periodIndex}: prepares the period's run (once per period). */
export function prepareCouponRun(call: { code: string; periodIndex: number }): Promise<CouponRunView> {
  return apiRequest<CouponRunView>(`${bondPath(call.code)}/coupon-runs`, {
    method: 'POST',
    body: { periodIndex: call.periodIndex },
    auth: true,
  });
}

/** Preparing a run; the run is cached, the list read again. */
export function usePrepareCouponRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: prepareCouponRun,
    onSuccess: (run, call) => {
      queryClient.setQueryData(adminKeys.couponRun(call.code, run.id), run);
      return queryClient.invalidateQueries({ queryKey: adminKeys.couponRuns(call.code), exact: true });
    },
  });
}
