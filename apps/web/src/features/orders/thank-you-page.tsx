import type { OrderView } from '@token/domain/orders';
import { CheckCircle2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { lastOrderToken } from './api/current-order.ts';
import { useOrder } from './api/get-order.ts';
import { kindContext } from './components/order-kind.ts';
import { OfflinePaymentPanel } from './components/order-payment-panel.tsx';
import { OrderStatusBadge } from './components/order-status-badge.tsx';

/** The order an end-of-process page is about: `?tokenValue=`, else the one last completed in this tab. */
export function useEndOrderToken(): string | null {
  const [params] = useSearchParams();
  return params.get('tokenValue') ?? lastOrderToken();
}

/** A page's frame after the order process (thank-you, payment outcome, finishing). */
export function EndPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title={title} />
      {children}
    </div>
  );
}

/**
 * What the page says about paying: the bank transfer's data only while the order awaits it; once it
 * is paid, that the payment arrived (issue 15: the bank data and GiroCode invited a second payment).
 */
function PaymentState({ order }: { order: OrderView }) {
  const { t } = useTranslation('orders');
  if (order.paid) {
    return (
      <p
        role="status"
        data-testid="payment-arrived"
        className="flex items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
      >
        <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
        {t('success.paid')}
      </p>
    );
  }
  if (order.listStatus === 'awaiting_payment') return <OfflinePaymentPanel order={order} />;
  return <OrderStatusBadge status={order.listStatus} />;
}

/** spec 2 /thank-you-for-offline-payment: the order is placed; how to pay it by bank transfer. */
export function ThankYouPage() {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const token = useEndOrderToken();
  const order = useOrder(token);
  // issue 18: a collectible was bought, not subscribed
  const context = kindContext(order.data?.kind);
  return (
    <EndPage title={t('thankYou.title', context)}>
      <div className="flex items-start gap-3">
        <CheckCircle2 className="mt-1 size-7 shrink-0 text-accent-600" aria-hidden="true" />
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">
            {t('thankYou.title', context)}
          </h1>
          {order.data?.number && (
            <p className="mt-1 text-slate-700">{t('thankYou.number', { number: order.data.number })}</p>
          )}
        </div>
      </div>
      {!order.data?.paid && <p className="mt-4 text-slate-700">{t('thankYou.intro', context)}</p>}
      <div className="mt-6">
        {!token ? (
          <p className="text-slate-700">{t('end.noOrder')}</p>
        ) : order.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            {errorMessageOf(order.error, locale)}
          </p>
        ) : order.data ? (
          <PaymentState order={order.data} />
        ) : (
          <Skeleton className="h-72 w-full" />
        )}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {token && (
          <Link
            to={`/order-details/${encodeURIComponent(token)}`}
            className={buttonClasses({ variant: 'outline' })}
          >
            {t('end.toDetails')}
          </Link>
        )}
        <Link to="/account/orders" className={buttonClasses({ variant: 'ghost' })}>
          {t('end.toOrders')}
        </Link>
      </div>
    </EndPage>
  );
}
