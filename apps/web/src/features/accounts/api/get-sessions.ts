import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '@token/domain/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';

/** GET sessions: the customer's active sessions (device, IP, last use; `current` is this one). */
export function getSessions(signal?: AbortSignal): Promise<SessionView[]> {
  return apiRequest<SessionView[]>('/api/v2/shop/sessions', { auth: true, signal });
}

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => getSessions(signal),
    staleTime: 0,
  });
}
