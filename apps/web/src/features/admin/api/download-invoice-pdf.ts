import { downloadWithToken, invoiceFileName } from '../../../lib/download.ts';
import { adminApi } from './admin-keys.ts';

/** GET admin/invoices/{id}/pdf: any invoice for an operator, downloaded as `<number>.pdf`. */
export function downloadInvoicePdf(invoice: { id: number; number: string }): Promise<void> {
  return downloadWithToken(
    `${adminApi}/invoices/${invoice.id}/pdf`,
    invoiceFileName(invoice.number),
    'application/pdf',
  );
}
