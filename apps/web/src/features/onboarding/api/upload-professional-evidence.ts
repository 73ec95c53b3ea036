import type { ProfessionalCriterion, ProfessionalRequestResource } from '@token/domain/documents';
import { type UploadProgress, uploadFile } from './upload-file.ts';
import { useProfessionalMutation } from './use-professional-mutation.ts';

export type EvidenceUpload = { requestId: number; criterion: ProfessionalCriterion; file: File };

/**
 * POST professional-requests/{id}/evidence (multipart: `criterion`, then `file`): a PDF proving one
 * stated criterion of an open request, with upload progress and cancel; answers the request.
 */
export function uploadProfessionalEvidence(
  upload: EvidenceUpload,
  opts: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ProfessionalRequestResource> {
  return uploadFile<ProfessionalRequestResource>(
    `/api/v2/shop/professional-requests/${upload.requestId}/evidence`,
    { criterion: upload.criterion },
    upload.file,
    opts,
  );
}

export function useUploadProfessionalEvidence() {
  return useProfessionalMutation(
    ({
      upload,
      onProgress,
      signal,
    }: {
      upload: EvidenceUpload;
      onProgress?: (p: UploadProgress) => void;
      signal?: AbortSignal;
    }) => uploadProfessionalEvidence(upload, { onProgress, signal }),
  );
}
