import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type UploadOptions, uploadFile } from '../../../lib/upload.ts';
import { adminApi, adminKeys } from './admin-keys.ts';

/** POST admin/bank-credits/{id}/assign {orderTokenValue, reason}: books the credit on that order. */
export function assignBankCredit(call: {
  id: number;
  orderTokenValue: string;
  reason: string;
}): Promise<unknown> {
  return apiRequest(`${adminApi}/bank-credits/${call.id}/assign`, {
    method: 'POST',
    body: { orderTokenValue: call.orderTokenValue, reason: call.reason },
    auth: true,
  });
}

/** POST admin/bank-credits/{id}/return {reason}: the operator sends the credit back. */
export function returnBankCredit(call: { id: number; reason: string }): Promise<unknown> {
  return apiRequest(`${adminApi}/bank-credits/${call.id}/return`, {
    method: 'POST',
    body: { reason: call.reason },
    auth: true,
  });
}

/** What the server counted in an uploaded statement. */
export type StatementImport = { credits: number; duplicates: number; matched: number; open: number };

/** POST admin/bank-statements (multipart `file`: camt.053 or camt.054), with upload progress and cancel. */
export function uploadBankStatement(file: File, opts: UploadOptions = {}): Promise<StatementImport> {
  return uploadFile<StatementImport>(`${adminApi}/bank-statements`, {}, file, opts);
}

/** The credit and order calls; afterwards every admin list and file is read again. */
export function useBankCreditActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  return {
    assign: useMutation({ mutationFn: assignBankCredit, meta: { silentErrors: true }, onSuccess }),
    giveBack: useMutation({ mutationFn: returnBankCredit, meta: { silentErrors: true }, onSuccess }),
    upload: useMutation({
      mutationFn: (v: { file: File } & UploadOptions) =>
        uploadBankStatement(v.file, { onProgress: v.onProgress, signal: v.signal }),
      meta: { silentErrors: true },
      onSuccess,
    }),
  };
}
