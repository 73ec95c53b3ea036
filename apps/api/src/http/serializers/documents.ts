import type { CustomerDocumentResource, CustomerDocumentView, StoredFileView } from '@token/domain/documents';
import { apiBase } from '../hydra.ts';

/** Where a stored file is downloaded by its owner (`GET file/{uuid}/download`). */
export function fileDownloadUrl(file: Pick<StoredFileView, 'uuid'>): string {
  return `${apiBase}/file/${file.uuid}/download`;
}

/** The contract's `CustomerDocument`: the service's view with its download URL. */
export function customerDocumentResource(view: CustomerDocumentView): CustomerDocumentResource {
  return { ...view, downloadUrl: fileDownloadUrl(view.file) };
}
