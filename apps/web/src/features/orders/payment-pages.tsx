import { formatEuro } from '@token/domain/format';
import type { OrderView } from '@token/domain/orders';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { useOrder } from './api/get-order.ts';
import { leaveForPayment, paymentTargetOf } from './components/go-to-payment.ts';
import { OfflinePaymentPanel } from './components/order-payment-panel.tsx';
import { OrderStatusBadge } from './components/order-status-badge.tsx';
import { EndPage, useEndOrderToken } from './thank-you-page.tsx';

/** How often `/payment/success` asks whether the card partner's payment has arrived. */
export const paymentPollMs = 3_000;

/** Pays an order again: the card partner's page, or the bank transfer's data. */
function usePayAgain(order: OrderView | undefined) {
  const locale = useLocale();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async () => {
    if (!order) return;
    setBusy(true);
    setError(null);
    try {
      const target = await paymentTargetOf(order);
      if (target.kind === 'external') return leaveForPayment(target.url);
      await navigate(target.to);
    } catch (err) {
      setError(errorMessageOf(err, locale));
    } finally {
      setBusy(false);
    }
  };
  return { pay, busy, error };
}

function OrderLine({ order }: { order: OrderView }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const item = order.items[0];
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div>
        <p className="font-medium text-slate-900">{item?.productName ?? '–'}</p>
        <p className="text-sm text-slate-600">
          {order.number ? t('thankYou.number', { number: order.number }) : null}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="font-semibold text-slate-900">
          {formatEuro(order.total, { locale, fraction: 'always' })}
        </span>
        <OrderStatusBadge status={order.listStatus} />
      </div>
    </div>
  );
}

function Loading() {
  return <Skeleton className="mt-6 h-24 w-full" />;
}

/** spec 2 /payment/success: back from the card partner; shows the order and waits until it is paid. */
export function PaymentSuccessPage() {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const token = useEndOrderToken();
  // stops once paid, or once the payment can no longer arrive
  const order = useOrder(token, {
    refetchInterval: (o) =>
      o?.paid || o?.paymentState === 'cancelled' || o?.paymentState === 'refunded' ? false : paymentPollMs,
  });
  const paid = order.data?.paid === true;
  return (
    <EndPage title={t('success.title')}>
      <div className="flex items-start gap-3">
        {paid ? (
          <CheckCircle2 className="mt-1 size-7 shrink-0 text-accent-600" aria-hidden="true" />
        ) : (
          <Clock className="mt-1 size-7 shrink-0 text-brand-700" aria-hidden="true" />
        )}
        <h1 className="text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">
          {t('success.title')}
        </h1>
      </div>
      <p className="mt-4 text-slate-700" role="status" aria-live="polite">
        {!token ? t('end.noOrder') : paid ? t('success.paid') : t('success.waiting')}
      </p>
      {order.isError && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          {errorMessageOf(order.error, locale)}
        </p>
      )}
      {order.data ? <OrderLine order={order.data} /> : token && !order.isError ? <Loading /> : null}
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

/** spec 2 /payment/cancel: 'payment cancelled, try again', with a button that tries again. */
export function PaymentCancelPage() {
  const { t } = useTranslation('orders');
  const token = useEndOrderToken();
  const order = useOrder(token);
  const again = usePayAgain(order.data);
  const payable =
    order.data &&
    order.data.checkoutState === 'completed' &&
    !order.data.paid &&
    order.data.paymentState !== 'cancelled';
  return (
    <EndPage title={t('cancel.title')}>
      <div className="flex items-start gap-3">
        <XCircle className="mt-1 size-7 shrink-0 text-red-700" aria-hidden="true" />
        <h1 className="text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">
          {t('cancel.title')}
        </h1>
      </div>
      <p className="mt-4 text-slate-700">{t('cancel.text')}</p>
      {order.data ? <OrderLine order={order.data} /> : token && order.isPending ? <Loading /> : null}
      {again.error && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          {again.error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        {payable && (
          <Button onClick={() => void again.pay()} disabled={again.busy}>
            {t('cancel.retry')}
          </Button>
        )}
        <Link to="/account/orders" className={buttonClasses({ variant: 'ghost' })}>
          {t('end.toOrders')}
        </Link>
      </div>
    </EndPage>
  );
}

/** spec 2 /orders/{uuid}/finish: an order's finishing page, by its token (the uuid of the path). */
export function OrderFinishPage() {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const { uuid = '' } = useParams();
  const order = useOrder(uuid);
  const again = usePayAgain(order.data);
  const o = order.data;
  const awaiting =
    o &&
    o.checkoutState === 'completed' &&
    !o.paid &&
    (o.paymentState === 'new' || o.paymentState === 'awaiting_payment');
  const offline = o?.payments[0]?.methodCode === 'offline';
  return (
    <EndPage title={t('finish.title')}>
      <h1 className="text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">
        {t('finish.title')}
      </h1>
      {order.isError && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          {errorMessageOf(order.error, locale)}
        </p>
      )}
      {o ? <OrderLine order={o} /> : order.isPending ? <Loading /> : null}
      {o && (
        <p className="mt-4 text-slate-700">
          {o.paid
            ? t('finish.paid')
            : awaiting
              ? offline
                ? t('finish.transfer')
                : t('finish.card')
              : t('finish.other')}
        </p>
      )}
      {o && awaiting && offline && (
        <div className="mt-6">
          <OfflinePaymentPanel order={o} />
        </div>
      )}
      {again.error && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          {again.error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        {o && awaiting && !offline && (
          <Button onClick={() => void again.pay()} disabled={again.busy}>
            {t('finish.payNow')}
          </Button>
        )}
        <Link
          to={`/order-details/${encodeURIComponent(uuid)}`}
          className={buttonClasses({ variant: 'outline' })}
        >
          {t('end.toDetails')}
        </Link>
      </div>
    </EndPage>
  );
}
