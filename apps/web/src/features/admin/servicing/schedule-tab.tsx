import { platformToday } from '@token/domain/calendar';
import { formatDate } from '@token/domain/format';
import type { CouponRunSummaryView, CouponScheduleRowView } from '@token/domain/servicing';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { useCouponRuns } from '../api/servicing-get-runs.ts';
import { useCouponSchedule } from '../api/servicing-get-schedule.ts';
import { usePrepareCouponRun } from '../api/servicing-prepare-run.ts';
import { LoadFailed } from '../components/admin-gate.tsx';
import { Badge } from '../components/badge.tsx';
import { useAdminLabels } from '../components/labels.ts';
import { runSearch, runStatusTone } from './servicing-labels.ts';

/** Whether a period's run may be prepared: its record day has ended (the API's rule) and it has none. */
export const canPrepare = (
  row: CouponScheduleRowView,
  run: CouponRunSummaryView | undefined,
  today: string,
) => !run && row.recordDate < today;

function PaymentDate({ row }: { row: CouponScheduleRowView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  return (
    <>
      {formatDate(row.paymentDate, { locale })}
      {row.paymentDate !== row.endDate && (
        <span className="block text-xs text-slate-600">
          {t('servicing.schedule.unadjusted', { date: formatDate(row.endDate, { locale }) })}
        </span>
      )}
    </>
  );
}

/** The schedule tab: every coupon period with its dates, accrual fraction and run; prepares a due run. */
export function ScheduleTab({ code }: { code: string }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const navigate = useNavigate();
  const schedule = useCouponSchedule(code);
  const runs = useCouponRuns(code);
  const prepare = usePrepareCouponRun();
  const today = platformToday();

  if (schedule.isPending || runs.isPending) return <Skeleton className="h-64 w-full" />;
  if (schedule.isError) return <LoadFailed error={schedule.error} retry={() => schedule.refetch()} />;
  if (runs.isError) return <LoadFailed error={runs.error} retry={() => runs.refetch()} />;
  if (schedule.data === null) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center">
        <p className="text-slate-700">{t('servicing.schedule.noTerms')}</p>
        <Link to="?tab=terms" className="mt-3 inline-block text-sm font-medium text-brand-800 underline">
          {t('servicing.schedule.toTerms')}
        </Link>
      </div>
    );
  }
  const runOf = new Map(runs.data.map((r) => [r.periodIndex, r]));
  const date = (d: string) => formatDate(d, { locale });
  const th = 'px-3 py-2 text-left font-medium whitespace-nowrap';
  const td = 'px-3 py-2 align-top whitespace-nowrap';

  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-brand-900">{t('servicing.schedule.title')}</h2>
      <p className="text-sm text-slate-700">{t('servicing.schedule.intro')}</p>
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t('servicing.schedule.title')}</caption>
          <thead className="bg-slate-50 text-xs text-slate-700">
            <tr>
              <th scope="col" className={th}>
                {t('servicing.schedule.period')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.start')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.end')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.recordDate')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.paymentDate')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.fraction')}
              </th>
              <th scope="col" className={th}>
                {t('servicing.schedule.run')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {schedule.data.map((row) => {
              const run = runOf.get(row.index);
              return (
                <tr key={row.index}>
                  <th scope="row" className={`${td} text-left font-medium`}>
                    {row.index}
                    {row.isFinal && (
                      <span className="ml-2">
                        <Badge tone="info">{t('servicing.schedule.final')}</Badge>
                      </span>
                    )}
                  </th>
                  <td className={td}>{date(row.startDate)}</td>
                  <td className={td}>{date(row.endDate)}</td>
                  <td className={td}>{date(row.recordDate)}</td>
                  <td className={td}>
                    <PaymentDate row={row} />
                  </td>
                  <td className={`${td} tabular-nums`} title={row.accrualFraction}>
                    {Number(row.accrualFractionDecimal).toLocaleString(locale, { maximumFractionDigits: 6 })}
                  </td>
                  <td className={td}>
                    {run ? (
                      <Link to={runSearch(run.id)} className="inline-flex items-center gap-1">
                        <Badge tone={runStatusTone(run.status)}>
                          {t(`servicing.runStatuses.${run.status}`)}
                        </Badge>
                        <span className="sr-only">
                          {t('servicing.schedule.openRun', { period: row.index })}
                        </span>
                      </Link>
                    ) : canPrepare(row, run, today) ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={prepare.isPending}
                        onClick={() =>
                          prepare.mutate(
                            { code, periodIndex: row.index },
                            { onSuccess: (prepared) => navigate(runSearch(prepared.id)) },
                          )
                        }
                      >
                        {row.isFinal
                          ? t('servicing.schedule.prepareRedemption')
                          : t('servicing.schedule.prepare')}
                      </Button>
                    ) : (
                      <span className="text-xs text-slate-600">
                        {t('servicing.schedule.afterRecordDate', { date: date(row.recordDate) })}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
