import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { UboUser } from '../types.ts';
import { onboardingKeys } from './keys.ts';

/** GET ubo-users: the company account's representatives and beneficial owners. */
export function getUboUsers(signal?: AbortSignal): Promise<UboUser[]> {
  return apiRequest<UboUser[]>('/api/v2/shop/ubo-users', { auth: true, signal });
}

export function useUboUsers() {
  return useQuery({
    queryKey: onboardingKeys.uboUsers,
    queryFn: ({ signal }) => getUboUsers(signal),
    staleTime: 0,
  });
}
