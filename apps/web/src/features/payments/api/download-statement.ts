import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '../../../lib/download.ts';

/** The statement's path: the customer's own payout only (another's answers 404). */
export const statementUrl = (id: number) => `/api/v2/shop/customer-payouts/${id}/statement`;

/** A statement's file name (`Abrechnung-42.pdf`, `Payout-statement-42.pdf`). */
export const statementFileName = (id: number, locale: 'de' | 'en') =>
  `${locale === 'de' ? 'Abrechnung' : 'Payout-statement'}-${id}.pdf`;

/** GET customer-payouts/{id}/statement: the statement PDF in the reader's language, with the session's token. */
export function downloadStatement(opts: { id: number; locale: 'de' | 'en' }): Promise<void> {
  return downloadWithToken(statementUrl(opts.id), statementFileName(opts.id, opts.locale), 'application/pdf');
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement, meta: { silentErrors: true } });
}
