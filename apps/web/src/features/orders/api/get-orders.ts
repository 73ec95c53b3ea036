import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderListRowView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { orderKeys, shop } from './keys.ts';

/** spec 9: orders are listed 50 at a time. */
export const ordersPageSize = 50;

type HydraCollection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

/** GET orders?page=&itemsPerPage=50: the investor's orders, newest first, with the total count. */
export async function getOrders(
  page: number,
  signal?: AbortSignal,
): Promise<{ items: OrderListRowView[]; totalItems: number }> {
  const data = await apiRequest<HydraCollection<OrderListRowView>>(
    `${shop}/orders?${new URLSearchParams({ page: String(page), itemsPerPage: String(ordersPageSize) })}`,
    { auth: true, signal, format: 'ld' },
  );
  return { items: data['hydra:member'], totalItems: data['hydra:totalItems'] };
}

export function useOrders(page: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: orderKeys.list(page, locale),
    queryFn: ({ signal }) => getOrders(page, signal),
    placeholderData: keepPreviousData,
  });
}
