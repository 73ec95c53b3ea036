import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WhitelistAddInput, WhitelistEntryView } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** POST admin/bonds/{code}/whitelist {customer, source?, reason?}: 201 added, 200 already on it. */
export function addToWhitelist(call: {
  code: string;
  input: Partial<WhitelistAddInput> & Pick<WhitelistAddInput, 'customer'>;
}): Promise<WhitelistEntryView> {
  return apiRequest<WhitelistEntryView>(`${bondPath(call.code)}/whitelist`, {
    method: 'POST',
    body: call.input,
    auth: true,
  });
}

/** DELETE admin/bonds/{code}/whitelist/{customerUuid}?reason=: refused while the investor holds tokens. */
export function removeFromWhitelist(call: {
  code: string;
  customerUuid: string;
  reason: string;
}): Promise<void> {
  const query = new URLSearchParams({ reason: call.reason });
  return apiRequest<void>(
    `${bondPath(call.code)}/whitelist/${encodeURIComponent(call.customerUuid)}?${query}`,
    { method: 'DELETE', auth: true },
  );
}

export function useAddToWhitelist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWhitelist,
    // the form puts refusals on its field
    meta: { silentErrors: true },
    onSuccess: (_entry, call) => queryClient.invalidateQueries({ queryKey: adminKeys.whitelist(call.code) }),
  });
}

export function useRemoveFromWhitelist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWhitelist,
    meta: { silentErrors: true },
    onSuccess: (_none, call) => queryClient.invalidateQueries({ queryKey: adminKeys.whitelist(call.code) }),
  });
}
