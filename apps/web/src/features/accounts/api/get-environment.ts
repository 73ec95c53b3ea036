import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Query keys of the API's health answer (outside the account's keys: it is the same for everyone). */
export const environmentKeys = {
  current: ['environment'] as const,
};

type Health = { status: 'ok'; environment: 'development' | 'production' | 'test' };

/** GET /api/health: which environment the API runs in (the demo accounts exist only outside production). */
export function getEnvironment(signal?: AbortSignal): Promise<Health['environment']> {
  return apiRequest<Health>('/api/health', { signal }).then((h) => h.environment);
}

/** Whether the demo accounts' login hint may show: only when the API says it is not production. */
export function useShowsDemoAccounts(): boolean {
  const env = useQuery({
    queryKey: environmentKeys.current,
    queryFn: ({ signal }) => getEnvironment(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silentErrors: true },
  });
  return env.data !== undefined && env.data !== 'production';
}
