import { formatDate, formatEuro } from '@token/domain/format';
import { ArrowRight, HandCoins } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ErrorText } from '../../lib/error-text.tsx';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { useCustomerPayouts } from '../../lib/payouts.ts';

/** spec 1: how many payouts the investor home shows. */
export const homePayoutCount = 3;

/**
 * spec 1 investor home: the last 3 payouts (date, bond, type, amount, status) from the same cached
 * query as /account/payments (300 newest, 10 minutes), and a link there.
 */
export function LastPayouts() {
  const { t } = useTranslation(['home', 'common']);
  const locale = useLocale();
  const payouts = useCustomerPayouts();
  const last = payouts.data?.slice(0, homePayoutCount);
  return (
    <section
      aria-labelledby="home-payouts-title"
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="home-payouts"
    >
      <h2 id="home-payouts-title" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <HandCoins className="size-5 text-brand-700" aria-hidden="true" />
        {t('home.payouts.title')}
      </h2>
      {payouts.isError ? (
        <p className="mt-3 text-sm text-red-800" role="alert">
          <ErrorText error={payouts.error} />
        </p>
      ) : !last ? (
        <div className="mt-3 space-y-2" aria-hidden="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : last.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="home-payouts-empty">
          {t('home.payouts.empty')}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {last.map((p) => (
            <li
              key={p.id}
              className="flex items-start justify-between gap-3 py-2.5"
              data-testid="home-payout"
            >
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900" title={p.bondName ?? undefined}>
                  {p.bondName ?? p.bondCode ?? t('home.payouts.type.commission')}
                </p>
                <p className="text-xs text-slate-600">
                  {formatDate(p.payoutDate, { locale })} · {t(`home.payouts.type.${p.type}`)} ·{' '}
                  {t(`home.payouts.status.${p.status}`)}
                </p>
              </div>
              <span className="shrink-0 text-sm font-semibold text-brand-900 tabular-nums">
                {formatEuro(p.amount, { locale, fraction: 'always' })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-4">
        <Link to="/account/payments" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          {t('home.payouts.all')}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
