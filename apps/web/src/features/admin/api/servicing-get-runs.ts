import { useQuery } from '@tanstack/react-query';
import type { CouponRunSummaryView } from '@token/domain/servicing';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** GET admin/bonds/{code}/coupon-runs: the bond's runs, the newest period first (no holders). */
export function getCouponRuns(code: string, signal?: AbortSignal): Promise<CouponRunSummaryView[]> {
  return apiRequest<CouponRunSummaryView[]>(`${bondPath(code)}/coupon-runs`, { auth: true, signal });
}

/** The bond's coupon runs with status and totals. */
export function useCouponRuns(code: string) {
  return useQuery({
    queryKey: adminKeys.couponRuns(code),
    queryFn: ({ signal }) => getCouponRuns(code, signal),
  });
}
