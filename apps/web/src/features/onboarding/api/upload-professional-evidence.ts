import type { ProfessionalCriterion, ProfessionalRequestResource } from '@token/domain/documents';
import { type UploadOptions, uploadFile } from '../../../lib/upload.ts';
import { useProfessionalMutation } from './use-professional-mutation.ts';

export type EvidenceUpload = { requestId: number; criterion: ProfessionalCriterion; file: File };

/**
 * POST professional-requests/{id}/evidence (multipart: `criterion`, then `file`): a PDF proving one
 * stated criterion of an open request, with upload progress and cancel; answers the request.
 */
export function uploadProfessionalEvidence(
  upload: EvidenceUpload,
  opts: UploadOptions = {},
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
    ({ upload, onProgress, signal }: { upload: EvidenceUpload } & UploadOptions) =>
      uploadProfessionalEvidence(upload, { onProgress, signal }),
  );
}
