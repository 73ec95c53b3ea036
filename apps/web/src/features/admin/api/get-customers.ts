import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewQueueItem } from '@token/domain/compliance';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys, type CustomerListFilter, type HydraCollection } from './admin-keys.ts';

export const customersPerPage = 20;

/** GET admin/customers: the review queue or every customer, filtered, one page with the total. */
export async function getCustomers(
  filter: CustomerListFilter,
  signal?: AbortSignal,
): Promise<{ items: ReviewQueueItem[]; totalItems: number }> {
  const query = new URLSearchParams({
    scope: filter.scope,
    page: String(filter.page),
    itemsPerPage: String(customersPerPage),
  });
  if (filter.status) query.set('status', filter.status);
  if (filter.reason) query.set('reason', filter.reason);
  if (filter.search?.trim()) query.set('search', filter.search.trim());
  const answer = await apiRequest<HydraCollection<ReviewQueueItem>>(`${adminApi}/customers?${query}`, {
    auth: true,
    format: 'ld',
    signal,
  });
  return { items: answer['hydra:member'], totalItems: answer['hydra:totalItems'] };
}

export function useCustomers(filter: CustomerListFilter) {
  return useQuery({
    queryKey: adminKeys.customers(filter),
    queryFn: ({ signal }) => getCustomers(filter, signal),
    // the table keeps its rows while the next page loads
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
