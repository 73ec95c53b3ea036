import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CustomerDecision,
  type CustomerDecisionInput,
  type DecisionResult,
  decisionPath,
  type ProfessionalDecision,
  type ProfessionalDecisionInput,
} from '@token/domain/compliance';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys } from './admin-keys.ts';

/** What an operator decides: on the customer, or on one of their professional-client requests. */
export type DecisionCall =
  | {
      kind: 'customer';
      customerUuid: string;
      decision: CustomerDecision;
      input: CustomerDecisionInput[CustomerDecision];
    }
  | {
      kind: 'professional';
      requestId: number;
      decision: ProfessionalDecision;
      input: ProfessionalDecisionInput[ProfessionalDecision];
    };

/** POST admin/customers/{uuid}/{decision} or admin/professional-requests/{id}/{decision}. */
export function decide(call: DecisionCall): Promise<DecisionResult> {
  const path =
    call.kind === 'customer'
      ? `customers/${encodeURIComponent(call.customerUuid)}/${decisionPath(call.decision)}`
      : `professional-requests/${call.requestId}/${decisionPath(call.decision)}`;
  return apiRequest<DecisionResult>(`${adminApi}/${path}`, { method: 'POST', body: call.input, auth: true });
}

/** A decision; afterwards the queue, the customer's file and audit log are read again. */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    // the dialog puts violations on its fields and shows other failures itself
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
