import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';
import type { CustomerDocument, DocumentPurpose, DocumentType } from '../types.ts';
import { onboardingKeys } from './keys.ts';
import { type UploadProgress, uploadFile } from './upload-file.ts';

export type { UploadProgress };
export type DocumentUpload = { file: File; type: DocumentType; purpose: DocumentPurpose; issuedAt: string };

/**
 * POST customer-documents (multipart: `type`, `purpose`, `issuedAt`, then `file`, so a streaming
 * server knows what the file is before its bytes arrive), with upload progress and cancel
 * (`uploadFile`). Failures are ApiErrors like every other call's.
 */
export function uploadCustomerDocument(
  upload: DocumentUpload,
  opts: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<CustomerDocument> {
  return uploadFile<CustomerDocument>(
    '/api/v2/shop/customer-documents',
    { type: upload.type, purpose: upload.purpose, issuedAt: upload.issuedAt },
    upload.file,
    opts,
  );
}

export function useUploadCustomerDocument() {
  const queryClient = useQueryClient();
  const uuid = useSessionState()?.uuid ?? '';
  return useMutation({
    mutationFn: ({
      upload,
      onProgress,
      signal,
    }: {
      upload: DocumentUpload;
      onProgress?: (p: UploadProgress) => void;
      signal?: AbortSignal;
    }) => uploadCustomerDocument(upload, { onProgress, signal }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.documents }),
        queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) }),
      ]),
    meta: { silentErrors: true },
  });
}
