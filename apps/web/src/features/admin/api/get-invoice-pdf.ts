import { ApiError } from '../../../lib/api-client.ts';
import { problemOf } from '../../../lib/api-error.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { accessToken } from '../../../lib/session-store.ts';
import { adminApi } from './admin-keys.ts';

/** GET admin/invoices/{id}/pdf with the operator's bearer token: the PDF as a blob. */
export async function getInvoicePdf(id: number): Promise<Blob> {
  const token = await accessToken();
  if (!token) throw new ApiError({ status: 401, code: 'unauthorized' });
  let res: Response;
  try {
    res = await fetch(`${adminApi}/invoices/${id}/pdf`, {
      headers: {
        accept: 'application/pdf',
        'accept-language': currentLocale(),
        authorization: `Bearer ${token}`,
      },
    });
  } catch {
    throw new ApiError({ status: 0, code: 'fetch_failed' });
  }
  if (!res.ok) throw await problemOf(res);
  return res.blob();
}
