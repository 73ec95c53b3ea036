import { ApiError, fetchFailure, problemOf } from './api-error.ts';
import { currentLocale } from './i18n.ts';
import { accessToken } from './session-store.ts';

/**
 * A file only its owner (or an operator) may have: a plain link carries no bearer token, so it is
 * fetched as a blob with the token and handed to the browser as a download under `fileName`.
 * A refusal throws the API's problem (in the reader's language), a network failure `fetchFailure`.
 */
export async function downloadWithToken(url: string, fileName: string, accept = '*/*'): Promise<void> {
  const token = await accessToken();
  if (!token) throw new ApiError({ status: 401, code: 'unauthorized' });
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept, 'accept-language': currentLocale() },
    });
  } catch (err) {
    throw fetchFailure(err);
  }
  if (!res.ok) throw await problemOf(res);
  const objectUrl = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = objectUrl;
    a.download = fileName;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // the click has handed the blob to the browser's download
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}

/** An invoice's file name from its number (`2026-000042.pdf`). */
export const invoiceFileName = (number: string) => `${number.replace(/[^A-Za-z0-9_-]+/g, '-')}.pdf`;
