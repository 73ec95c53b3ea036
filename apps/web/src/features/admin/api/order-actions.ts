import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys } from './admin-keys.ts';

/** What an operator does with an order; each with a reason for the audit log. */
export const orderActions = ['cancel', 'mark_paid', 'refund'] as const;
export type OrderAction = (typeof orderActions)[number];

const actionPath: Record<OrderAction, string> = {
  cancel: 'cancel',
  mark_paid: 'mark-paid',
  refund: 'refund',
};

/** POST admin/orders/{tokenValue}/cancel | mark-paid | refund {reason}. */
export function orderAction(call: {
  tokenValue: string;
  action: OrderAction;
  reason: string;
}): Promise<OrderView> {
  return apiRequest<OrderView>(
    `${adminApi}/orders/${encodeURIComponent(call.tokenValue)}/${actionPath[call.action]}`,
    { method: 'POST', body: { reason: call.reason }, auth: true },
  );
}

export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderAction,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
