import { ApiError, fetchFailure, problemOf } from '../../../lib/api-error.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { accessToken } from '../../../lib/session-store.ts';
import { adminApi } from './admin-keys.ts';

/**
 * GET admin/invoices/{id}/pdf: any invoice for an operator. A plain link carries no bearer token,
 * so the PDF is fetched as a blob with it and handed to the browser as a download (as the
 * investor's own invoice download does).
 */
export async function downloadInvoicePdf(invoice: { id: number; number: string }): Promise<void> {
  const token = await accessToken();
  if (!token) throw new ApiError({ status: 401, code: 'unauthorized' });
  let res: Response;
  try {
    res = await fetch(`${adminApi}/invoices/${invoice.id}/pdf`, {
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
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
