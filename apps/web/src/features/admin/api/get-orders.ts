import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys, type HydraCollection, type OrderListFilter } from './admin-keys.ts';

export const ordersPerPage = 30;

/** A row of the operators' order list: the order view and who placed it. */
export type OperatorOrderRow = OrderView & { customer: { uuid: string; email: string; name: string } };

/** GET admin/orders: placed orders, newest first, searched and filtered by payment state; one page with the total. */
export async function getOrders(
  filter: OrderListFilter,
  signal?: AbortSignal,
): Promise<{ items: OperatorOrderRow[]; totalItems: number }> {
  const query = new URLSearchParams({ page: String(filter.page), itemsPerPage: String(ordersPerPage) });
  if (filter.search?.trim()) query.set('search', filter.search.trim());
  if (filter.paymentState) query.set('paymentState', filter.paymentState);
  const answer = await apiRequest<HydraCollection<OperatorOrderRow>>(`${adminApi}/orders?${query}`, {
    auth: true,
    format: 'ld',
    signal,
  });
  return { items: answer['hydra:member'], totalItems: answer['hydra:totalItems'] };
}

export function useOrders(filter: OrderListFilter) {
  return useQuery({
    queryKey: adminKeys.orders(filter),
    queryFn: ({ signal }) => getOrders(filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
