import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataExportInput, DataExportView } from '@token/domain/privacy';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { customerPath, privacyKeys } from './privacy-keys.ts';

/** POST customers/{uuid}/data-exports: needs the password (and the code with two-factor on). */
export function requestDataExport(uuid: string, input: DataExportInput): Promise<DataExportView> {
  return apiRequest<DataExportView>(`${customerPath(uuid)}/data-exports`, {
    method: 'POST',
    body: input,
    auth: true,
  });
}

export function useRequestDataExport() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DataExportInput) => requestDataExport(uuid, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
    meta: { silentErrors: true },
  });
}
