import { queryOptions } from '@tanstack/react-query';
import type { CustomerResource } from '@token/domain/accounts';
import { apiRequest } from './api-client.ts';

/** Query keys of the logged-in customer's own data; mutations invalidate these. */
export const accountKeys = {
  all: ['account'] as const,
  customer: (uuid: string) => ['account', 'customer', uuid] as const,
  sessions: ['account', 'sessions'] as const,
  twoFactorEnrolment: (uuid: string) => ['account', 'two-factor-enrolment', uuid] as const,
};

/** GET customers/{uuid}: the customer record (spec 3), as plain JSON. */
export function getCustomer(uuid: string, signal?: AbortSignal): Promise<CustomerResource> {
  return apiRequest<CustomerResource>(`/api/v2/shop/customers/${encodeURIComponent(uuid)}`, {
    auth: true,
    signal,
  });
}

/** The query of a customer's record (the header's greeting and the account pages share it). */
export function customerQuery(uuid: string) {
  return queryOptions({
    queryKey: accountKeys.customer(uuid),
    queryFn: ({ signal }) => getCustomer(uuid, signal),
    enabled: uuid !== '',
    staleTime: 5 * 60_000,
  });
}
