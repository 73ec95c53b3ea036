import { downloadWithToken } from '../../../lib/download.ts';

/** GET file/{uuid}/download: an uploaded file, for its owner only, downloaded under its name. */
export function downloadFile(downloadUrl: string, fileName: string): Promise<void> {
  return downloadWithToken(downloadUrl, fileName);
}
