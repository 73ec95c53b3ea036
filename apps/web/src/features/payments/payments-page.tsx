import { formatDate, formatEuro, formatNumber } from '@token/domain/format';
import type { ExpectedPayoutView, PayoutStatus, PayoutView } from '@token/domain/servicing';
import { CalendarClock, Download, HandCoins } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerPayouts } from '../../lib/payouts.ts';
import { useDownloadStatement } from './api/download-statement.ts';
import { useExpectedPayouts } from './api/get-expected-payouts.ts';
import { PayoutsChart } from './components/payouts-chart.tsx';

const statusClass: Record<PayoutStatus, string> = {
  scheduled: 'bg-amber-50 text-amber-900 ring-amber-200',
  processing: 'bg-sky-50 text-sky-900 ring-sky-200',
  paid: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  failed: 'bg-red-50 text-red-900 ring-red-200',
};

function Period({ start, end }: { start: string | null; end: string | null }) {
  const locale = useLocale();
  if (!start || !end) return null;
  return (
    <>
      {formatDate(start, { locale })} – {formatDate(end, { locale })}
    </>
  );
}

function PayoutRow({ payout }: { payout: PayoutView }) {
  const { t } = useTranslation('register');
  const locale = useLocale();
  const download = useDownloadStatement();
  const onDownload = () =>
    download.mutate(
      { id: payout.id, locale },
      { onError: (err) => notify('error', errorMessageOf(err, locale), errorDetailOf(err)) },
    );
  const bond = payout.bondName ?? payout.bondCode ?? t('payments.type.commission');
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="payout-row"
    >
      <div className="min-w-0">
        <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{bond}</p>
        <p className="text-sm text-slate-600">
          {t(`payments.type.${payout.type}`)}
          {payout.periodStart && payout.periodEnd && (
            <>
              {' · '}
              {t('payments.period')} <Period start={payout.periodStart} end={payout.periodEnd} />
            </>
          )}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>{formatDate(payout.payoutDate, { locale })}</span>
          <span
            className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${statusClass[payout.status]}`}
          >
            {t(`payments.status.${payout.status}`)}
          </span>
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <span className="text-lg font-semibold text-brand-900 tabular-nums">
          {formatEuro(payout.amount, { locale, fraction: 'always' })}
        </span>
        <Button
          variant="outline"
          size="sm"
          onClick={onDownload}
          disabled={download.isPending}
          aria-label={t('payments.statementLabel', { date: formatDate(payout.payoutDate, { locale }), bond })}
        >
          <Download className="size-4" aria-hidden="true" />
          {t('payments.statement')}
        </Button>
      </div>
    </li>
  );
}

function ExpectedRow({ item }: { item: ExpectedPayoutView }) {
  const { t } = useTranslation('register');
  const locale = useLocale();
  return (
    <li
      className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="expected-row"
    >
      <div className="min-w-0">
        <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{item.bondName}</p>
        <p className="text-sm text-slate-600">
          {t(`payments.type.${item.type}`)} · {t('payments.period')}{' '}
          <Period start={item.periodStart} end={item.periodEnd} />
        </p>
        <p className="text-sm text-slate-600">
          {t('payments.expected.on', { date: formatDate(item.paymentDate, { locale }) })} ·{' '}
          {t('payments.expected.holding', { tokens: formatNumber(item.tokens, { locale }) })}
        </p>
      </div>
      <div className="text-left sm:text-right">
        <span className="text-lg font-semibold text-slate-800 tabular-nums">
          {formatEuro(item.amount, { locale, fraction: 'always' })}
        </span>
        <p className="text-xs font-medium uppercase tracking-wide text-amber-800">
          {t('payments.expected.badge')}
        </p>
      </div>
    </li>
  );
}

function Panel({
  title,
  icon,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      className="rounded-xl border border-slate-200 bg-white px-5 py-5 shadow-sm sm:px-6"
      data-testid={testId}
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function Loading() {
  return (
    <div className="mt-4 space-y-3" aria-hidden="true">
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  );
}

function ExpectedPayouts() {
  const { t } = useTranslation('register');
  const expected = useExpectedPayouts();
  let body: ReactNode;
  if (expected.isError) body = <LoadFailed error={expected.error} onRetry={() => void expected.refetch()} />;
  else if (!expected.data) body = <Loading />;
  else if (expected.data.length === 0)
    body = (
      <p className="mt-3 text-slate-700" data-testid="expected-empty">
        {t('payments.expected.empty')}
      </p>
    );
  else
    body = (
      <ul className="divide-y divide-slate-100">
        {expected.data.map((e) => (
          <ExpectedRow key={`${e.bondCode}-${e.paymentDate}`} item={e} />
        ))}
      </ul>
    );
  return (
    <Panel
      title={t('payments.expected.title')}
      icon={<CalendarClock className="size-5 text-brand-700" aria-hidden="true" />}
      testId="expected-payouts"
    >
      <p className="mt-1 text-sm text-slate-600">{t('payments.expected.note')}</p>
      {body}
    </Panel>
  );
}

/**
 * /account/payments (spec 2, issue 17): the payouts received (newest first, each with its statement
 * PDF), a chart of them by quarter and bond, and the next expected payments of the bonds held now.
 */
export function PaymentsPage() {
  const { t } = useTranslation('register');
  const payouts = useCustomerPayouts();
  let received: ReactNode;
  if (payouts.isError) received = <LoadFailed error={payouts.error} onRetry={() => void payouts.refetch()} />;
  else if (!payouts.data) received = <Loading />;
  else if (payouts.data.length === 0)
    received = (
      <div data-testid="payouts-empty">
        <p className="mt-3 text-slate-700">{t('payments.empty')}</p>
        <Link
          to="/account/wallet"
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-4' })}
        >
          {t('excerpts.toDepot')}
        </Link>
      </div>
    );
  else
    received = (
      <ul className="divide-y divide-slate-100">
        {payouts.data.map((p) => (
          <PayoutRow key={p.id} payout={p} />
        ))}
      </ul>
    );
  return (
    <AccountPageShell title={t('payments.title')} intro={t('payments.intro')} backLabel={t('common.back')}>
      <div className="space-y-6">
        {payouts.data && payouts.data.length > 0 && <PayoutsChart payouts={payouts.data} />}
        <Panel
          title={t('payments.receivedTitle')}
          icon={<HandCoins className="size-5 text-brand-700" aria-hidden="true" />}
          testId="payouts-received"
        >
          {received}
        </Panel>
        <ExpectedPayouts />
      </div>
    </AccountPageShell>
  );
}
