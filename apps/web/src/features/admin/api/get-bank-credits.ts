import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BankCreditView, bankCreditViewSchema } from '@token/domain/payments';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys, type BankCreditFilter, type HydraCollection } from './admin-keys.ts';

export type { BankCreditView };

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
