import { useQuery } from '@tanstack/react-query';
import type { CouponRunView } from '@token/domain/servicing';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath, pollMs } from './get-register.ts';

/** GET admin/bonds/{code}/coupon-runs/{id}: the preview per holder, totals, payouts, burn progress. */
export function getCouponRun(code: string, id: number, signal?: AbortSignal): Promise<CouponRunView> {
  return apiRequest<CouponRunView>(`${bondPath(code)}/coupon-runs/${id}`, { auth: true, signal });
}

/** True while an approved redemption's burns are not all confirmed by the registrar. */
export const isBurning = (run: CouponRunView | undefined) =>
  Boolean(run?.burn && run.status !== 'prepared' && run.burn.burnedTokens < run.burn.queuedTokens);

/** A coupon run, read again every few seconds while its redemption burns. */
export function useCouponRun(code: string, id: number | null) {
  return useQuery({
    queryKey: adminKeys.couponRun(code, id ?? 0),
    queryFn: ({ signal }) => getCouponRun(code, id ?? 0, signal),
    enabled: id !== null,
    refetchInterval: (query) => (isBurning(query.state.data) ? pollMs : false),
  });
}
