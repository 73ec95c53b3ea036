import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterEntryAdminView, ReversalInput } from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** POST admin/bonds/{code}/register/entries/{sequence}/reversal {reason}: the new reversal entry. */
export function reverseRegisterEntry(call: {
  code: string;
  sequence: number;
  input: ReversalInput;
}): Promise<RegisterEntryAdminView> {
  return apiRequest<RegisterEntryAdminView>(
    `${bondPath(call.code)}/register/entries/${call.sequence}/reversal`,
    { method: 'POST', body: call.input, auth: true },
  );
}

/** A reversal; afterwards the bond's register, journal, minting batch and whitelist are read again. */
export function useReverseRegisterEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseRegisterEntry,
    // the dialog shows refusals itself
    meta: { silentErrors: true },
    onSuccess: (_entry, call) => queryClient.invalidateQueries({ queryKey: adminKeys.bond(call.code) }),
  });
}
