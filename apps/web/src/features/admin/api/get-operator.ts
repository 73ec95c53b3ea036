import { useQuery } from '@tanstack/react-query';
import type { OperatorView } from '@token/domain/compliance';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys } from './admin-keys.ts';

/** GET admin/me: the operator; 403 `forbidden` or `operator_two_factor_required` for others. */
export function getOperator(signal?: AbortSignal): Promise<OperatorView> {
  return apiRequest<OperatorView>(`${adminApi}/me`, { auth: true, signal });
}

export function useOperator(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.operator,
    queryFn: ({ signal }) => getOperator(signal),
    enabled,
    staleTime: 5 * 60_000,
    // the gate shows a refusal itself
    meta: { silentErrors: true },
  });
}
