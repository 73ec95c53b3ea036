import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteOrderRequest, OrderView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, orderPath } from './keys.ts';

/**
 * PATCH orders/{token}/complete: places the order (spec 4/5) with a bond's {statements, declarations}
 * or a collectible's {digitalContentConsent} (issue 18).
 */
export function completeOrder(input: { tokenValue: string } & CompleteOrderRequest): Promise<OrderView> {
  const { tokenValue, ...body } = input;
  return apiRequest<OrderView>(`${orderPath(tokenValue)}/complete`, { method: 'PATCH', body, auth: true });
}

/** Violations land on the form's statements; other failures on the page. */
export function useCompleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOrder,
    // the order's own query is left alone: the process page stays as it is until the browser has
    // moved on to the end page, which reads the placed order afresh
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
    meta: { silentErrors: true },
  });
}
