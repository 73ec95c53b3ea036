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
import { awaitedPaymentPollMs, awaitsPayment } from './components/payment-polling.ts';

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
 * What the page says about paying while the order is not paid: the bank transfer's data while the
 * order awaits it, else its status. Once paid the bank data goes (issue 15: with the GiroCode it
 * invited a second payment) and `PaymentArrived` says so.
 */
function PaymentState({ order }: { order: OrderView }) {
  if (order.paid) return null;
  if (order.listStatus === 'awaiting_payment') return <OfflinePaymentPanel order={order} />;
  return <OrderStatusBadge status={order.listStatus} />;
}

/**
 * That the payment arrived, in a polite live region that is on the page from the start: when the
 * polled order turns paid, screen readers hear it (issue 22), not only who reloads and sees it.
 */
function PaymentArrived({ order }: { order: OrderView | undefined }) {
  const { t } = useTranslation('orders');
  return (
    <div role="status" aria-live="polite">
      {order?.paid && (
        <p
          data-testid="payment-arrived"
          className="mt-6 flex items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        >
          <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
          <span className="min-w-0">{t('success.paid')}</span>
        </p>
      )}
    </div>
  );
}

/**
 * spec 2 /thank-you-for-offline-payment: the order is placed; how to pay it by bank transfer. While
 * the payment is awaited the order is asked again every few seconds (TanStack Query pauses that in a
 * hidden tab), so the page shows the payment arriving without a reload (issue 22).
 */
export function ThankYouPage() {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const token = useEndOrderToken();
  const order = useOrder(token, {
    refetchInterval: (o) => (awaitsPayment(o) ? awaitedPaymentPollMs : false),
  });
  // issue 18: a collectible was bought, not subscribed
  const context = kindContext(order.data?.kind);
  return (
    <EndPage title={t('thankYou.title', context)}>
      <div className="flex items-start gap-3">
        <CheckCircle2 className="mt-1 size-7 shrink-0 text-accent-600" aria-hidden="true" />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">
            {t('thankYou.title', context)}
          </h1>
          {order.data?.number && (
            <p className="mt-1 text-slate-700">{t('thankYou.number', { number: order.data.number })}</p>
          )}
        </div>
      </div>
      {!order.data?.paid && <p className="mt-4 text-slate-700">{t('thankYou.intro', context)}</p>}
      <PaymentArrived order={order.data} />
      <div className="mt-6">
        {!token ? (
          <p className="text-slate-700">{t('end.noOrder')}</p>
        ) : order.data ? (
          // a failed poll keeps what the page shows; only an order never read is an error
          <PaymentState order={order.data} />
        ) : order.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            {errorMessageOf(order.error, locale)}
          </p>
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
