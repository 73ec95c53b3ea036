import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, orderPath } from './keys.ts';

export type ChangeItemQuantityInput = { tokenValue: string; orderItemId: number; quantity: number };

/** PATCH orders/{token}/items/{itemId} {tokenValue, quantity, orderItemId} (spec 7). */
export function changeItemQuantity(input: ChangeItemQuantityInput): Promise<OrderView> {
  return apiRequest<OrderView>(`${orderPath(input.tokenValue)}/items/${input.orderItemId}`, {
    method: 'PATCH',
    body: { tokenValue: input.tokenValue, quantity: input.quantity, orderItemId: input.orderItemId },
    auth: true,
  });
}

/** The page shows a refused quantity beside the field and reverts it (spec 4). */
export function useChangeItemQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeItemQuantity,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.order(order.tokenValue), order),
    meta: { silentErrors: true },
  });
}
