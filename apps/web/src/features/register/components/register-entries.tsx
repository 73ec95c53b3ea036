import { formatDateTime, formatNumber, shortenAddress } from '@token/domain/format';
import { type RegisterEntryView, registerEntryKindLabels } from '@token/domain/register';
import { ArrowDownLeft, ArrowUpRight, Clock } from 'lucide-react';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { useRegisterEntries } from '../api/get-register-entries.ts';

const statusTone: Record<RegisterEntryView['status'], string> = {
  pending: 'bg-amber-50 text-amber-900 ring-1 ring-amber-200',
  confirmed: 'bg-emerald-50 text-emerald-800',
  reversed: 'bg-slate-100 text-slate-700 line-through decoration-slate-400',
};

function EntryRow({ entry }: { entry: RegisterEntryView }) {
  const { t } = useTranslation('register');
  const locale = useLocale();
  const isPending = entry.status === 'pending';
  const sign = entry.direction === 'in' ? '+' : '−';
  return (
    <li
      className={`flex flex-wrap items-start gap-x-4 gap-y-1 py-3 ${isPending ? 'border-l-4 border-l-amber-400 pl-3' : ''}`}
      data-testid="register-entry"
      data-status={entry.status}
    >
      <span
        className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${entry.direction === 'in' ? 'bg-emerald-50 text-emerald-700' : 'bg-brand-50 text-brand-700'}`}
        aria-hidden="true"
      >
        {isPending ? (
          <Clock className="size-4" />
        ) : entry.direction === 'in' ? (
          <ArrowDownLeft className="size-4" />
        ) : (
          <ArrowUpRight className="size-4" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {registerEntryKindLabels[entry.kind][locale]}
          <span className="text-slate-600"> · {t(`entries.direction.${entry.direction}`)}</span>
        </p>
        <p className="text-sm text-slate-600">
          {formatDateTime(entry.recordedAt, { locale })}
          {entry.counterparty && (
            <>
              {' · '}
              {t('entries.counterparty')}{' '}
              <code className="font-mono" title={entry.counterparty}>
                {entry.counterparty}
              </code>
            </>
          )}
        </p>
        <p className="text-sm text-slate-600">
          {t('entries.hash')}{' '}
          {entry.transactionHash ? (
            <code className="font-mono" title={entry.transactionHash} data-testid="entry-hash">
              {shortenAddress(entry.transactionHash)}
            </code>
          ) : (
            <span>{t('entries.noHash')}</span>
          )}
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <span className="font-semibold tabular-nums text-slate-900">
          {sign}
          {formatNumber(entry.amount, { locale })}
        </span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusTone[entry.status]}`}
          data-testid="entry-status"
        >
          {t(`entries.status.${entry.status}`)}
        </span>
      </div>
    </li>
  );
}

/** Confirmed entries are numbered; a pending one is told apart by what it moves and when. */
const entryKey = (e: RegisterEntryView) =>
  e.sequence !== null
    ? String(e.sequence)
    : `pending:${e.recordedAt}:${e.direction}:${e.amount}:${e.counterparty ?? ''}`;

/** The register entries of one bond that concern the investor (pending transfers first, marked). */
export function RegisterEntries({ product, titleId }: { product: string; titleId: string }) {
  const { t } = useTranslation('register');
  const entries = useRegisterEntries(product);
  if (entries.isError) return <LoadFailed error={entries.error} onRetry={() => void entries.refetch()} />;
  if (!entries.data) {
    return (
      <div className="space-y-3 py-2" aria-hidden="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (entries.data.length === 0) return <p className="py-2 text-sm text-slate-600">{t('entries.empty')}</p>;
  // pending lines first: they are what the investor waits for
  const sorted = [...entries.data].sort(
    (a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'),
  );
  return (
    <ul className="divide-y divide-slate-100" aria-labelledby={titleId}>
      {sorted.map((e) => (
        <EntryRow key={entryKey(e)} entry={e} />
      ))}
    </ul>
  );
}
