import type { AuditEntry } from '@token/domain/compliance';
import { formatDateTime } from '@token/domain/format';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { LoadFailed } from './admin-gate.tsx';
import { useAdminLabels } from './labels.ts';

const stringOf = (value: unknown) => (typeof value === 'string' ? value : null);

function Entry({ entry }: { entry: AuditEntry }) {
  const { t, action, status, kyc, registrar } = useAdminLabels();
  // the states an entry moves between are the customer's, the identification's or the register's
  const state =
    entry.action === 'identification_result' ? kyc : entry.action === 'registrar_status' ? registrar : status;
  const locale = useLocale();
  const from = entry.details && 'from' in entry.details ? stringOf(entry.details.from) : undefined;
  const to = stringOf(entry.details?.to);
  const message = stringOf(entry.details?.message);
  return (
    <li className="relative border-l-2 border-slate-200 pb-5 pl-4 last:pb-0">
      <span className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-brand-500" aria-hidden="true" />
      <p className="text-sm">
        <span className="font-semibold text-brand-900">{action(entry.action)}</span>
        {to !== null && from !== undefined && (
          <span className="text-slate-600"> · {t('audit.change', { from: state(from), to: state(to) })}</span>
        )}
      </p>
      <p className="text-xs text-slate-600">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, { locale })}</time> ·{' '}
        {t('audit.by', { name: entry.actor ? entry.actor.fullName : t('audit.platform') })}
      </p>
      {entry.reason && (
        <p className="mt-1 text-sm text-slate-800 [overflow-wrap:anywhere]">
          {t('audit.reason', { reason: entry.reason })}
        </p>
      )}
      {message && (
        <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
          {t('audit.message', { message })}
        </p>
      )}
    </li>
  );
}

/** The customer's audit log (who, when, what, why), newest first, older entries on demand. */
export function AuditLogList({ customerUuid }: { customerUuid: string }) {
  const { t } = useAdminLabels();
  const log = useAuditLog(customerUuid);
  if (log.isPending) return <Skeleton className="h-24 w-full" />;
  if (log.isError) return <LoadFailed error={log.error} retry={() => log.refetch()} />;
  const entries = log.data.pages.flatMap((p) => p.items);
  if (entries.length === 0) return <p className="text-sm text-slate-600">{t('audit.empty')}</p>;
  return (
    <>
      <ol className="ml-1">
        {entries.map((e) => (
          <Entry key={e.id} entry={e} />
        ))}
      </ol>
      {log.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="mt-4"
          disabled={log.isFetchingNextPage}
          onClick={() => log.fetchNextPage()}
        >
          {t('audit.more')}
        </Button>
      )}
    </>
  );
}
