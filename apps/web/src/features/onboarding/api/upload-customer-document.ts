import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { type UploadOptions, uploadFile } from '../../../lib/upload.ts';
import type { CustomerDocument, DocumentPurpose, DocumentType } from '../types.ts';
import { onboardingKeys } from './keys.ts';

export type DocumentUpload = { file: File; type: DocumentType; purpose: DocumentPurpose; issuedAt: string };

/**
 * POST customer-documents (multipart: `type`, `purpose`, `issuedAt`, then `file`, so a streaming
 * server knows what the file is before its bytes arrive), with upload progress and cancel
 * (`uploadFile`). Failures are ApiErrors like every other call's.
 */
export function uploadCustomerDocument(
  upload: DocumentUpload,
  opts: UploadOptions = {},
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
    mutationFn: ({ upload, onProgress, signal }: { upload: DocumentUpload } & UploadOptions) =>
      uploadCustomerDocument(upload, { onProgress, signal }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.documents }),
        queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) }),
      ]),
    meta: { silentErrors: true },
  });
}
