import { formatDate, formatEuro, formatNumber, formatPercent } from '@token/domain/format';
import { orderListStatusLabels } from '@token/domain/orders';
import type { TokenAssetView } from '@token/domain/register';
import { ArrowRightLeft, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { RegisterEntries } from './register-entries.tsx';

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * One bond in the depot: minted tokens, the not-yet-minted ones starred (spec 4, legend below the
 * list), pending outgoing, nominal value of the minted tokens, coupon, next payment, maturity, the
 * transfer button and the bond's register entries (read when opened).
 */
export function PositionCard({ asset, entriesOpen }: { asset: TokenAssetView; entriesOpen: boolean }) {
  const { t } = useTranslation('register');
  const locale = useLocale();
  const id = useId();
  const dash = t('facts.none');
  // the entries are read when shown: open at first when few bonds are held or a transfer is pending
  const [showEntries, setShowEntries] = useState(entriesOpen || asset.pendingOutgoing > 0);
  // spec 4: shipped = "Minted / Abgerechnet"; partly minted reads as the order list's partially_shipped
  const badge =
    asset.minted > 0
      ? asset.notMinted > 0
        ? orderListStatusLabels.partially_shipped[locale]
        : orderListStatusLabels.shipped[locale]
      : null;
  return (
    <article
      aria-labelledby={`${id}-name`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="depot-position"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${id}-name`} className="text-lg font-semibold text-brand-900 [overflow-wrap:anywhere]">
            {asset.product.name}
          </h3>
          <p className="text-sm text-slate-600">
            {asset.productVariant.name}
            {badge && (
              <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                {badge}
              </span>
            )}
          </p>
        </div>
        <Link
          to={`/transfer/${encodeURIComponent(asset.product.code)}`}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
          aria-label={t('depot.transferLabel', { name: asset.product.name })}
        >
          <ArrowRightLeft className="size-4" aria-hidden="true" />
          {t('depot.transfer')}
        </Link>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Fact label={t('facts.minted')} testId="fact-minted">
          {formatNumber(asset.minted, { locale })}
        </Fact>
        <Fact label={t('facts.notMinted')} testId="fact-not-minted">
          {asset.notMinted > 0 ? (
            <>
              {formatNumber(asset.notMinted, { locale })}
              <span aria-hidden="true">*</span>
              <span className="sr-only"> {t('facts.seeLegend')}</span>
            </>
          ) : (
            formatNumber(0, { locale })
          )}
        </Fact>
        <Fact label={t('facts.pendingOutgoing')} testId="fact-pending">
          {asset.pendingOutgoing > 0 ? (
            <span className="text-amber-800">{formatNumber(asset.pendingOutgoing, { locale })}</span>
          ) : (
            formatNumber(0, { locale })
          )}
        </Fact>
        <Fact label={t('facts.nominalValue')} testId="fact-nominal">
          {formatEuro(asset.mintedNominalCents, { locale })}
        </Fact>
        <Fact label={t('facts.coupon')}>
          {asset.coupon !== null ? formatPercent(asset.coupon, { locale }) : dash}
        </Fact>
        <Fact label={t('facts.nextPayment')} testId="fact-next-payment">
          {asset.nextPaymentDate ? formatDate(asset.nextPaymentDate, { locale }) : dash}
        </Fact>
        <Fact label={t('facts.maturity')}>
          {asset.maturityDate ? formatDate(asset.maturityDate, { locale }) : dash}
        </Fact>
      </dl>
      <div className="mt-5 border-t border-slate-100 pt-3">
        <h4 id={`${id}-entries`} className="text-sm font-semibold text-brand-800">
          <button
            type="button"
            className="flex items-center gap-2 rounded"
            aria-expanded={showEntries}
            aria-controls={`${id}-entries-list`}
            onClick={() => setShowEntries((v) => !v)}
          >
            <ChevronDown
              className={`size-4 transition-transform ${showEntries ? 'rotate-180' : ''}`}
              aria-hidden="true"
            />
            {t('entries.title')}
          </button>
        </h4>
        <div id={`${id}-entries-list`}>
          {showEntries && <RegisterEntries product={asset.product.code} titleId={`${id}-entries`} />}
        </div>
      </div>
    </article>
  );
}
