import { useQuery } from '@tanstack/react-query';
import type { DataExportView } from '@token/domain/privacy';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { customerPath, privacyKeys } from './privacy-keys.ts';

/** GET customers/{uuid}/data-exports: the customer's data exports, newest first. */
export function getDataExports(uuid: string, signal?: AbortSignal): Promise<DataExportView[]> {
  return apiRequest<DataExportView[]>(`${customerPath(uuid)}/data-exports`, { auth: true, signal });
}

/** The exports; while one is being built, asked again every 5 seconds. */
export function useDataExports() {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery({
    queryKey: privacyKeys.exports(uuid),
    queryFn: ({ signal }) => getDataExports(uuid, signal),
    enabled: uuid !== '',
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((e) => e.state === 'pending') ? 5000 : false),
  });
}
