import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DisposalRestrictionInput,
  DisposalRestrictionLiftInput,
  DisposalRestrictionView,
} from '@token/domain/register';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** POST admin/bonds/{code}/register/holders/{uuid}/restrictions: enters a disposal restriction. */
export function setDisposalRestriction(call: {
  code: string;
  customerUuid: string;
  input: DisposalRestrictionInput;
}): Promise<DisposalRestrictionView> {
  return apiRequest<DisposalRestrictionView>(
    `${bondPath(call.code)}/register/holders/${encodeURIComponent(call.customerUuid)}/restrictions`,
    { method: 'POST', body: call.input, auth: true },
  );
}

/** POST admin/bonds/{code}/register/restrictions/{id}/lift {reason}: lifts one. */
export function liftDisposalRestriction(call: {
  code: string;
  id: string;
  input: DisposalRestrictionLiftInput;
}): Promise<DisposalRestrictionView> {
  return apiRequest<DisposalRestrictionView>(
    `${bondPath(call.code)}/register/restrictions/${encodeURIComponent(call.id)}/lift`,
    { method: 'POST', body: call.input, auth: true },
  );
}

/** Entering a restriction; afterwards the bond's register is read again. */
export function useSetDisposalRestriction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDisposalRestriction,
    // the dialog shows refusals itself
    meta: { silentErrors: true },
    onSuccess: (_r, call) => queryClient.invalidateQueries({ queryKey: adminKeys.bond(call.code) }),
  });
}

/** Lifting a restriction; afterwards the bond's register is read again. */
export function useLiftDisposalRestriction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftDisposalRestriction,
    meta: { silentErrors: true },
    onSuccess: (_r, call) => queryClient.invalidateQueries({ queryKey: adminKeys.bond(call.code) }),
  });
}
