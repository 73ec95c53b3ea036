import { useQuery } from '@tanstack/react-query';
import type { CouponScheduleRowView } from '@token/domain/servicing';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** GET admin/bonds/{code}/coupon-schedule: the coupon periods, or null while no terms are saved (409). */
export async function getCouponSchedule(
  code: string,
  signal?: AbortSignal,
): Promise<CouponScheduleRowView[] | null> {
  try {
    return await apiRequest<CouponScheduleRowView[]>(`${bondPath(code)}/coupon-schedule`, {
      auth: true,
      signal,
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'bond_terms_missing') return null;
    throw err;
  }
}

/** The bond's coupon schedule (null: no terms yet). */
export function useCouponSchedule(code: string) {
  return useQuery({
    queryKey: adminKeys.couponSchedule(code),
    queryFn: ({ signal }) => getCouponSchedule(code, signal),
  });
}
