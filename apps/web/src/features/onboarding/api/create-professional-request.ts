import type { ProfessionalRequestInput, ProfessionalRequestResource } from '@token/domain/documents';
import { apiRequest } from '../../../lib/api-client.ts';
import { useProfessionalMutation } from './use-professional-mutation.ts';

/**
 * POST professional-requests: the WpHG § 67 (6) criteria stated (at least two, each explained) and
 * the confirmed notice on the protections lost; evidence files follow per criterion.
 */
export function createProfessionalRequest(
  input: ProfessionalRequestInput,
): Promise<ProfessionalRequestResource> {
  return apiRequest<ProfessionalRequestResource>('/api/v2/shop/professional-requests', {
    method: 'POST',
    body: input,
    auth: true,
  });
}

export function useCreateProfessionalRequest() {
  return useProfessionalMutation(createProfessionalRequest);
}
