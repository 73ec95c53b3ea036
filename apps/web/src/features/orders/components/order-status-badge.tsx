import { type OrderListStatus, orderListStatusLabels } from '@token/domain/orders';
import { useLocale } from '../../../lib/i18n.ts';

const styles: Record<OrderListStatus, string> = {
  awaiting_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  shipped: 'bg-brand-100 text-brand-900',
  partially_shipped: 'bg-brand-50 text-brand-900',
  refunded: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-slate-200 text-slate-800',
  authorized: 'bg-emerald-50 text-emerald-900',
  new: 'bg-slate-100 text-slate-800',
};

/** spec 4: the status an order list shows (shipped = Minted / Abgerechnet), labels from the domain. */
export function OrderStatusBadge({ status }: { status: OrderListStatus }) {
  const locale = useLocale();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${styles[status]}`}
      data-status={status}
    >
      {orderListStatusLabels[status][locale]}
    </span>
  );
}
