import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutAdminView } from '@token/domain/servicing';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

type PayoutCall = { code: string; runId: number; payoutId: number };
const payoutPath = (c: PayoutCall) => `${bondPath(c.code)}/coupon-runs/${c.runId}/payouts/${c.payoutId}`;

/** POST .../payouts/{id}/paid: the payout is booked as paid (idempotent). */
export function markPayoutPaid(call: PayoutCall): Promise<PayoutAdminView> {
  return apiRequest<PayoutAdminView>(`${payoutPath(call)}/paid`, { method: 'POST', body: {}, auth: true });
}

/** POST .../payouts/{id}/failed {reason}: the payout failed, with the operator's reason. */
export function markPayoutFailed(call: PayoutCall & { reason: string }): Promise<PayoutAdminView> {
  return apiRequest<PayoutAdminView>(`${payoutPath(call)}/failed`, {
    method: 'POST',
    body: { reason: call.reason },
    auth: true,
  });
}

function useRunChange<C extends PayoutCall>(fn: (call: C) => Promise<PayoutAdminView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silentErrors: true },
    onSuccess: (_payout, call) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.couponRuns(call.code) }),
  });
}

/** Marks a payout paid; the run and the list are read again (the run may turn paid). */
export const useMarkPayoutPaid = () => useRunChange(markPayoutPaid);
/** Marks a payout failed; the run and the list are read again. */
export const useMarkPayoutFailed = () => useRunChange(markPayoutFailed);
