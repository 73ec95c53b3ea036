import { useQuery } from '@tanstack/react-query';
import type { CustomerFile } from '@token/domain/compliance';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys } from './admin-keys.ts';

/** GET admin/customers/{uuid}: everything the review needs about one customer. */
export function getCustomerFile(uuid: string, signal?: AbortSignal): Promise<CustomerFile> {
  return apiRequest<CustomerFile>(`${adminApi}/customers/${encodeURIComponent(uuid)}`, {
    auth: true,
    signal,
  });
}

export function useCustomerFile(uuid: string) {
  return useQuery({
    queryKey: adminKeys.customerFile(uuid),
    queryFn: ({ signal }) => getCustomerFile(uuid, signal),
    staleTime: 0,
    // an unknown customer is shown on the page itself
    meta: { silentErrors: true },
  });
}
