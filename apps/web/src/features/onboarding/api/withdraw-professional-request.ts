import type { ProfessionalRequestResource } from '@token/domain/documents';
import { apiRequest } from '../../../lib/api-client.ts';
import { useProfessionalMutation } from './use-professional-mutation.ts';

/** PATCH professional-requests/{id}/withdraw: withdraws an open request (a new one may follow). */
export function withdrawProfessionalRequest(id: number): Promise<ProfessionalRequestResource> {
  return apiRequest<ProfessionalRequestResource>(`/api/v2/shop/professional-requests/${id}/withdraw`, {
    method: 'PATCH',
    body: {},
    auth: true,
  });
}

export function useWithdrawProfessionalRequest() {
  return useProfessionalMutation(withdrawProfessionalRequest);
}
