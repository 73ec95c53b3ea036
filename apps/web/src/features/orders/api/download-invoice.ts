import { useMutation } from '@tanstack/react-query';
import { ApiError, fetchFailure, problemOf } from '../../../lib/api-error.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { accessToken } from '../../../lib/session-store.ts';
import { shop } from './keys.ts';

/**
 * GET invoice/{id}/pdf: the invoice as a PDF, for the order's investor only, so it is fetched as a
 * blob with the bearer token (a plain link carries none) and handed to the browser as a download.
 */
export async function downloadInvoice(invoice: { id: number; number: string }): Promise<void> {
  const token = await accessToken();
  if (!token) throw new ApiError({ status: 401, code: 'unauthorized' });
  let res: Response;
  try {
    res = await fetch(`${shop}/invoice/${invoice.id}/pdf`, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/pdf',
        'accept-language': currentLocale(),
      },
    });
  } catch (err) {
    throw fetchFailure(err);
  }
  if (!res.ok) throw await problemOf(res);
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = `${invoice.number.replace(/[^A-Za-z0-9_-]+/g, '-')}.pdf`;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // the click has handed the blob to the browser's download
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
