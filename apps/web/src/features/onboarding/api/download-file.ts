import { ApiError, fetchFailure, problemOf } from '../../../lib/api-error.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { accessToken } from '../../../lib/session-store.ts';

/**
 * GET file/{uuid}/download: an uploaded file, for its owner only, so it is fetched with the bearer
 * token (a plain link would carry none) and handed to the browser as a download under its name.
 */
export async function downloadFile(downloadUrl: string, fileName: string): Promise<void> {
  const token = await accessToken();
  if (!token) throw new ApiError({ status: 401, code: 'unauthorized' });
  let res: Response;
  try {
    res = await fetch(downloadUrl, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': currentLocale() },
    });
  } catch (err) {
    throw fetchFailure(err);
  }
  if (!res.ok) throw await problemOf(res);
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // the click has handed the blob to the browser's download
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
