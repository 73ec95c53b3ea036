import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import type { OrderView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, orderPath, shop } from './keys.ts';

/** The IRI of a product variant, as `POST orders/{token}/items` takes it. */
export const variantIri = (code: string) => `${shop}/product-variants/${encodeURIComponent(code)}`;

/**
 * spec 4 order flow: `POST orders {locale}` creates the order, then `POST orders/{token}/items
 * {productVariant, quantity}` puts the bond in it. Answers the order with its item.
 */
export async function createOrderWithItem(input: {
  locale: Locale;
  variantCode: string;
  quantity: number;
}): Promise<OrderView> {
  const created = await apiRequest<{ tokenValue: string }>(`${shop}/orders`, {
    method: 'POST',
    body: { locale: input.locale },
    auth: true,
  });
  return apiRequest<OrderView>(`${orderPath(created.tokenValue)}/items`, {
    method: 'POST',
    body: { productVariant: variantIri(input.variantCode), quantity: input.quantity },
    auth: true,
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrderWithItem,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.order(order.tokenValue), order),
  });
}
