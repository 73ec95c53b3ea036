import { formatDate, formatEuro, formatNumber } from '@token/domain/format';
import { Link, useSearchParams } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { useCouponRuns } from '../api/servicing-get-runs.ts';
import { LoadFailed } from '../components/admin-gate.tsx';
import { Badge } from '../components/badge.tsx';
import { useAdminLabels } from '../components/labels.ts';
import { RunPanel } from './run-panel.tsx';
import { runSearch, runStatusTone } from './servicing-labels.ts';

/** The bond's coupon runs, newest period first, each opening its panel. */
function RunList({ code, current }: { code: string; current: number | null }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const runs = useCouponRuns(code);
  if (runs.isPending) return <Skeleton className="h-40 w-full" />;
  if (runs.isError) return <LoadFailed error={runs.error} retry={() => runs.refetch()} />;
  if (runs.data.length === 0) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-700">
        <p>{t('servicing.runs.none')}</p>
        <Link to="?tab=schedule" className="mt-3 inline-block text-sm font-medium text-brand-800 underline">
          {t('servicing.runs.toSchedule')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {runs.data.map((run) => (
        <li key={run.id}>
          <Link
            to={runSearch(run.id)}
            aria-current={run.id === current ? 'true' : undefined}
            className={`flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm hover:bg-brand-50 ${
              run.id === current ? 'bg-brand-50' : ''
            }`}
          >
            <span className="font-medium text-brand-900">
              {t(
                run.kind === 'redemption' ? 'servicing.runs.redemptionTitle' : 'servicing.runs.couponTitle',
                {
                  period: run.periodIndex,
                },
              )}
            </span>
            <Badge tone={runStatusTone(run.status)}>{t(`servicing.runStatuses.${run.status}`)}</Badge>
            <span className="text-slate-700">
              {t('servicing.runs.paymentOn', { date: formatDate(run.paymentDate, { locale }) })}
            </span>
            <span className="text-slate-700 tabular-nums">
              {formatEuro(run.paidCents + run.redemptionCents, { locale, fraction: 'always' })}
            </span>
            <span className="text-slate-600">
              {t('servicing.runs.holders', {
                count: run.holderCount,
                formatted: formatNumber(run.holderCount, { locale }),
              })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The payouts tab: the runs list and, when one is chosen (`?run=`), its panel. */
export function PayoutsTab({ code }: { code: string }) {
  const { t } = useAdminLabels();
  const [params] = useSearchParams();
  const runParam = Number(params.get('run'));
  const runId = Number.isInteger(runParam) && runParam > 0 ? runParam : null;
  return (
    <section className="space-y-4">
      <h2 className="text-lg font-semibold text-brand-900">{t('servicing.runs.title')}</h2>
      <RunList code={code} current={runId} />
      {runId !== null && <RunPanel key={runId} code={code} runId={runId} />}
    </section>
  );
}
