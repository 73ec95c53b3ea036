import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bankCreditNoteSchema } from '@token/domain/payments';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys, type BankCreditFilter, type HydraCollection } from './admin-keys.ts';

/**
 * One credit of the bank's statements, as `GET admin/bank-credits` answers it (operator API
 * contract, issue 8). Defined here from the contract until the API defines it; it belongs in
 * `@token/domain` (payments) once it does.
 */
export const bankCreditViewSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  remittanceText: z.string().nullable(),
  structuredReference: z.string().nullable(),
  debtorName: z.string().nullable(),
  debtorIban: z.string().nullable(),
  bookingDate: z.string().nullable(),
  entryReference: z.string().nullable(),
  /** unmatched, partial, excess, duplicate (open), matched, returned. */
  status: z.string(),
  note: bankCreditNoteSchema.nullable(),
  matchedOrder: z
    .object({ tokenValue: z.string(), number: z.string().nullable(), total: z.number().int() })
    .nullable(),
  receivedAt: z.string(),
});
export type BankCreditView = z.infer<typeof bankCreditViewSchema>;

export const bankCreditsPerPage = 30;

/** GET admin/bank-credits?status=: the statements' credits, newest first, one page with the total. */
export async function getBankCredits(
  status: BankCreditFilter,
  page: number,
  signal?: AbortSignal,
): Promise<{ items: BankCreditView[]; totalItems: number }> {
  const query = new URLSearchParams({ status, page: String(page), itemsPerPage: String(bankCreditsPerPage) });
  const answer = await apiRequest<HydraCollection<unknown>>(`${adminApi}/bank-credits?${query}`, {
    auth: true,
    format: 'ld',
    signal,
  });
  return {
    items: z.array(bankCreditViewSchema).parse(answer['hydra:member']),
    totalItems: answer['hydra:totalItems'],
  };
}

export function useBankCredits(status: BankCreditFilter, page: number) {
  return useQuery({
    queryKey: adminKeys.bankCredits(status, page),
    queryFn: ({ signal }) => getBankCredits(status, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
