import { isCheckoutEditable, type OrderView } from '@token/domain/orders';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** An order the process can no longer change (completed or cancelled, e.g. in another tab). */
export function isClosed(order: Pick<OrderView, 'checkoutState'> | undefined): boolean {
  return order !== undefined && !isCheckoutEditable(order.checkoutState);
}

/** The process page when no order is in preparation (finished, cancelled or another tab's). */
export function NoOrder() {
  const { t } = useTranslation('orders');
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <h1 className="text-xl font-semibold text-brand-900">{t('process.noOrderTitle')}</h1>
      <p className="mt-2 text-slate-700">{t('process.noOrder')}</p>
      <Link to="/" className={buttonClasses({ className: 'mt-4' })}>
        {t('process.toProducts')}
      </Link>
    </div>
  );
}

/** A process step while its data loads: heading, a few fields, the buttons. */
export function StepSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-16 w-full" />
      <div className="flex justify-between">
        <Skeleton className="h-10 w-28" />
        <Skeleton className="h-10 w-36" />
      </div>
    </div>
  );
}
