import { formatDate, formatDateTime, formatEuro, formatNumber } from '@token/domain/format';
import { type OrderStatements, type OrderView, orderListStatus, vatLabel } from '@token/domain/orders';
import { Check } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { useOrder } from './api/get-order.ts';
import { kindContext } from './components/order-kind.ts';
import { OfflinePaymentPanel } from './components/order-payment-panel.tsx';
import { OrderStatusBadge } from './components/order-status-badge.tsx';

const statementKeys = [
  'notUsOrCanadaTaxpayer',
  'totalLossRisk',
  'illiquidityRisk',
  'informationTruthful',
  'actingOnOwnAccount',
  'documentsReceived',
] as const satisfies readonly (keyof OrderStatements)[];

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Details({ order }: { order: OrderView }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const { status } = orderListStatus(order);
  const awaitingTransfer =
    status === 'awaiting_payment' && order.payments.some((p) => p.methodCode === 'offline');
  // the invoice is issued when the order is placed (decision 011)
  const hasInvoice = order.checkoutState === 'completed';
  // issue 18: a collectible's order reads as a purchase, with the VAT its price contains
  const context = kindContext(order.kind);
  const rate = order.items[0]?.taxCategory?.rateBasisPoints ?? 0;
  const consent = order.digitalContentConsent;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <OrderStatusBadge status={status} />
        {order.number && (
          <span className="text-slate-700">{t('thankYou.number', { number: order.number })}</span>
        )}
        {order.checkoutCompletedAt && (
          <span className="text-slate-600">{formatDateTime(order.checkoutCompletedAt, { locale })}</span>
        )}
      </div>
      <Card title={t('details.items')}>
        <ul className="divide-y divide-slate-100">
          {order.items.map((i) => (
            <li key={i.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-slate-900">{i.productName}</span>
                <span className="block text-sm text-slate-600">
                  {t('details.itemLine', {
                    quantity: formatNumber(i.quantity, { locale }),
                    price: formatEuro(i.unitPrice, { locale }),
                    ...context,
                  })}
                </span>
              </span>
              <span className="font-medium tabular-nums">
                {formatEuro(i.total, { locale, fraction: 'always' })}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-3 flex justify-between border-t border-slate-200 pt-3 font-semibold">
          <span>{t('summary.total', context)}</span>
          <span className="tabular-nums">{formatEuro(order.total, { locale, fraction: 'always' })}</span>
        </p>
        {order.kind === 'collectible' && order.taxTotal > 0 && (
          <p className="mt-1 flex justify-between text-sm text-slate-600" data-testid="vat-line">
            <span>{vatLabel(rate, locale)}</span>
            <span className="tabular-nums">
              {t('summary.vatIncluded', {
                amount: formatEuro(order.taxTotal, { locale, fraction: 'always' }),
              })}
            </span>
          </p>
        )}
      </Card>
      <Card title={t('details.payments')}>
        <ul className="space-y-2">
          {order.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-2 text-sm">
              <span>
                {p.methodCode ? t(`summary.methods.${p.methodCode === 'offline' ? 'offline' : 'card'}`) : '–'}
                {p.paymentReference && ` · ${p.paymentReference}`}
              </span>
              <span>{t(`details.paymentStates.${p.state}`)}</span>
            </li>
          ))}
        </ul>
        {status === 'awaiting_payment' && order.paymentDueAt && (
          <p className="mt-2 text-sm text-slate-700">
            {t('details.dueAt', { date: formatDate(order.paymentDueAt, { locale }) })}
          </p>
        )}
      </Card>
      {awaitingTransfer && <OfflinePaymentPanel order={order} />}
      {order.statements && (
        <Card title={t('statements.title')}>
          <ul className="space-y-1 text-sm">
            {statementKeys
              .filter((k) => order.statements?.[k])
              .map((k) => (
                <li key={k} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent-600" aria-hidden="true" />
                  {t(`statements.${k}`)}
                </li>
              ))}
          </ul>
        </Card>
      )}
      {consent && (
        <Card title={t('consent.legend')}>
          <p className="flex gap-2 text-sm text-slate-800">
            <Check className="mt-0.5 size-4 shrink-0 text-accent-600" aria-hidden="true" />
            <span>{consent.text}</span>
          </p>
          <p className="mt-2 text-sm text-slate-600">
            {t('consent.givenAt', { at: formatDateTime(consent.givenAt, { locale }) })}
          </p>
        </Card>
      )}
      <div className="flex flex-wrap gap-3">
        {hasInvoice && (
          <Link
            to={`/invoices?${new URLSearchParams({ tokenValue: order.tokenValue })}`}
            className={buttonClasses({ variant: 'outline' })}
          >
            {t('details.invoices')}
          </Link>
        )}
      </div>
    </div>
  );
}

/** spec 2 /order-details/{uuid}: one order by its token (another investor's: not found). */
export function OrderDetailsPage() {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const { uuid = '' } = useParams();
  const order = useOrder(uuid);
  return (
    <AccountPageShell title={t('details.title')} backLabel={t('details.back')} backTo="/account/orders">
      {order.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          {errorMessageOf(order.error, locale)}
        </p>
      ) : order.data ? (
        <Details order={order.data} />
      ) : (
        <div aria-busy="true" className="space-y-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
    </AccountPageShell>
  );
}
