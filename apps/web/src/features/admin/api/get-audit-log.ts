import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@token/domain/compliance';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys, type HydraCollection } from './admin-keys.ts';

const entriesPerPage = 20;

/** GET admin/customers/{uuid}/audit-log: one page of the customer's audit log, newest first. */
export async function getAuditLog(
  uuid: string,
  page: number,
  signal?: AbortSignal,
): Promise<{ items: AuditEntry[]; totalItems: number }> {
  const query = new URLSearchParams({ page: String(page), itemsPerPage: String(entriesPerPage) });
  const answer = await apiRequest<HydraCollection<AuditEntry>>(
    `${adminApi}/customers/${encodeURIComponent(uuid)}/audit-log?${query}`,
    { auth: true, format: 'ld', signal },
  );
  return { items: answer['hydra:member'], totalItems: answer['hydra:totalItems'] };
}

/** The audit log, a page at a time ("load older entries"). */
export function useAuditLog(uuid: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.auditLog(uuid),
    queryFn: ({ pageParam, signal }) => getAuditLog(uuid, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * entriesPerPage < last.totalItems ? pages.length + 1 : undefined,
    staleTime: 0,
  });
}
