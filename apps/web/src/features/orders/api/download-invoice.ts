import { useMutation } from '@tanstack/react-query';
import { downloadWithToken, invoiceFileName } from '../../../lib/download.ts';
import { shop } from './keys.ts';

/** GET invoice/{id}/pdf: the invoice as a PDF, for the order's investor only, as `<number>.pdf`. */
export function downloadInvoice(invoice: { id: number; number: string }): Promise<void> {
  return downloadWithToken(
    `${shop}/invoice/${invoice.id}/pdf`,
    invoiceFileName(invoice.number),
    'application/pdf',
  );
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
