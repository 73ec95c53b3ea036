import { apiRequest } from '../../../lib/api-client.ts';
import { useProfessionalMutation } from './use-professional-mutation.ts';

/** DELETE professional-requests/{id}/evidence/{fileUuid}: removes an evidence file of an open request. */
export function deleteProfessionalEvidence(input: { requestId: number; fileUuid: string }): Promise<void> {
  return apiRequest<void>(
    `/api/v2/shop/professional-requests/${input.requestId}/evidence/${encodeURIComponent(input.fileUuid)}`,
    { method: 'DELETE', auth: true },
  );
}

export function useDeleteProfessionalEvidence() {
  return useProfessionalMutation(deleteProfessionalEvidence);
}
