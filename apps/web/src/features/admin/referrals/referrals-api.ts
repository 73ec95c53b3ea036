import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReferralCommissionAdminLine,
  ReferralPartnerAdminView,
  ReferralStatementView,
  ReferralTermsInput,
} from '@token/domain/referrals';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadWithToken } from '../../../lib/download.ts';
import { adminApi, type HydraCollection } from '../api/admin-keys.ts';

/* The operator API's referral calls (issue 17): one fetcher and one hook per call. */

export const partnersPerPage = 25;
const partnersPath = `${adminApi}/referral-partners`;
const partnerPath = (uuid: string) => `${partnersPath}/${encodeURIComponent(uuid)}`;

export const referralKeys = {
  all: ['admin', 'referrals'] as const,
  partners: (search: string, page: number) => ['admin', 'referrals', 'partners', search, page] as const,
  partner: (uuid: string) => ['admin', 'referrals', 'partner', uuid] as const,
  commissions: (uuid: string) => ['admin', 'referrals', 'partner', uuid, 'commissions'] as const,
  statements: (uuid: string) => ['admin', 'referrals', 'partner', uuid, 'statements'] as const,
};

/** GET admin/referral-partners: one page of partners, searchable by name or e-mail. */
export async function getReferralPartners(search: string, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), itemsPerPage: String(partnersPerPage) });
  if (search) query.set('search', search);
  const answer = await apiRequest<HydraCollection<ReferralPartnerAdminView>>(`${partnersPath}?${query}`, {
    auth: true,
    format: 'ld',
    signal,
  });
  return { items: answer['hydra:member'], totalItems: answer['hydra:totalItems'] };
}

export function useReferralPartners(search: string, page: number) {
  return useQuery({
    queryKey: referralKeys.partners(search, page),
    queryFn: ({ signal }) => getReferralPartners(search, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET admin/referral-partners/{uuid}/commissions: the partner's commission lines. */
export function useReferralCommissions(uuid: string | null) {
  return useQuery({
    queryKey: referralKeys.commissions(uuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<ReferralCommissionAdminLine[]>(`${partnerPath(uuid ?? '')}/commissions`, {
        auth: true,
        signal,
      }),
    enabled: uuid !== null,
  });
}

/** GET admin/referral-partners/{uuid}/statements: the partner's commission statements. */
export function useReferralStatements(uuid: string | null) {
  return useQuery({
    queryKey: referralKeys.statements(uuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<ReferralStatementView[]>(`${partnerPath(uuid ?? '')}/statements`, { auth: true, signal }),
    enabled: uuid !== null,
  });
}

/** PUT admin/referral-partners/{uuid}/terms. */
export function useSetReferralTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, terms }: { uuid: string; terms: ReferralTermsInput }) =>
      apiRequest<ReferralPartnerAdminView>(`${partnerPath(uuid)}/terms`, {
        method: 'PUT',
        body: terms,
        auth: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: referralKeys.all }),
  });
}

/** POST admin/referral-partners/{uuid}/statements: settles what is accrued. */
export function useCreateReferralStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiRequest<ReferralStatementView>(`${partnerPath(uuid)}/statements`, {
        method: 'POST',
        body: {},
        auth: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: referralKeys.all }),
  });
}

/** POST admin/referral-partners/{uuid}/statements/{id}/paid: the commission transfer booked as paid. */
export function useMarkReferralStatementPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: { uuid: string; id: number }) =>
      apiRequest<ReferralStatementView>(`${partnerPath(call.uuid)}/statements/${call.id}/paid`, {
        method: 'POST',
        body: {},
        auth: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: referralKeys.all }),
  });
}

/** GET admin/referral-partners/{uuid}/statements/{id}/pdf, downloaded. */
export function downloadStatementPdf(uuid: string, id: number, fileName: string): Promise<void> {
  return downloadWithToken(`${partnerPath(uuid)}/statements/${id}/pdf`, fileName, 'application/pdf');
}
