import { useQuery } from '@tanstack/react-query';
import type { ProfessionalRequestResource } from '@token/domain/documents';
import { apiRequest } from '../../../lib/api-client.ts';
import { onboardingKeys } from './keys.ts';

/** GET professional-requests: the customer's requests to be classified as professional, newest first. */
export function getProfessionalRequests(signal?: AbortSignal): Promise<ProfessionalRequestResource[]> {
  return apiRequest<ProfessionalRequestResource[]>('/api/v2/shop/professional-requests?itemsPerPage=30', {
    auth: true,
    signal,
  });
}

export function useProfessionalRequests() {
  return useQuery({
    queryKey: onboardingKeys.professionalRequests,
    queryFn: ({ signal }) => getProfessionalRequests(signal),
    staleTime: 0,
  });
}
