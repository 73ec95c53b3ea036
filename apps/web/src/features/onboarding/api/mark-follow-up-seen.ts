import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerResource } from '@token/domain/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';

/**
 * PUT customers/{uuid}/follow-up-seen: records on the server that the customer was led to the
 * contact page for the open "more information needed" request (spec 2: it leads there once). The
 * answer is the customer record, whose `onboarding` then names the step that is due.
 */
export function markFollowUpSeen(uuid: string): Promise<CustomerResource> {
  return apiRequest<CustomerResource>(`/api/v2/shop/customers/${encodeURIComponent(uuid)}/follow-up-seen`, {
    method: 'PUT',
    auth: true,
  });
}

export function useMarkFollowUpSeen() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markFollowUpSeen(uuid),
    onSuccess: (record) => queryClient.setQueryData(accountKeys.customer(record.uuid), record),
    // nothing for the customer to do about it: the gate leads to /contact once more next time
    meta: { silentErrors: true },
  });
}
