import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, orderPath } from './keys.ts';

export type ApplyDiscountCodeInput = { tokenValue: string; couponCode: string | null };

/** PATCH orders/{token}/coupon {couponCode}: a discount code on the order (null removes it; spec 5). */
export function applyDiscountCode(input: ApplyDiscountCodeInput): Promise<OrderView> {
  return apiRequest<OrderView>(`${orderPath(input.tokenValue)}/coupon`, {
    method: 'PATCH',
    body: { couponCode: input.couponCode },
    auth: true,
  });
}

/** The token step shows the answer beside the field (spec 5's messages), not as a notification. */
export function useApplyDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyDiscountCode,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.order(order.tokenValue), order),
    meta: { silentErrors: true },
  });
}
