import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutNoticeResult } from '@token/domain/servicing';
import { uploadFile } from '../../../lib/upload.ts';
import { adminKeys } from './admin-keys.ts';
import { bondPath } from './get-register.ts';

/** POST .../coupon-runs/{id}/camt054 (multipart `file`): the bank's notice marks payouts paid or failed. */
export function uploadPayoutNotice(call: {
  code: string;
  runId: number;
  file: File;
}): Promise<PayoutNoticeResult> {
  return uploadFile<PayoutNoticeResult>(
    `${bondPath(call.code)}/coupon-runs/${call.runId}/camt054`,
    {},
    call.file,
  );
}

/** Uploading a camt.054; the run and the list are read again. */
export function useUploadPayoutNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPayoutNotice,
    meta: { silentErrors: true },
    onSuccess: (_result, call) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.couponRuns(call.code) }),
  });
}
