import { formatDate, formatEuro, formatNumber } from '@token/domain/format';
import type { OrderListRowView } from '@token/domain/orders';
import { orderListStatus } from '@token/domain/orders';
import { useState } from 'react';
import { Link } from 'react-router';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { ordersPageSize, useOrders } from './api/get-orders.ts';
import { OrderStatusBadge } from './components/order-status-badge.tsx';

const columns = ['security', 'amount', 'date', 'price', 'status', 'number', 'invoice'] as const;

/** spec 3 list fields of one order: the bond, tokens, date, total, status, number. */
function useRowFacts(order: OrderListRowView) {
  const locale = useLocale();
  const quantity = order.items.reduce((sum, i) => sum + i.quantity, 0);
  return {
    security: order.items.map((i) => i.productName).join(', ') || '–',
    amount: formatNumber(quantity, { locale }),
    date: formatDate(order.checkoutCompletedAt ?? order.createdAt, { locale }),
    price: formatEuro(order.total, { locale, fraction: 'always' }),
    status: orderListStatus(order),
    number: order.number ?? '–',
    detailsTo: `/order-details/${encodeURIComponent(order.tokenValue)}`,
    invoicesTo: `/invoices?${new URLSearchParams({ tokenValue: order.tokenValue })}`,
  };
}

/** The invoice cell: the invoice number is allocated when the order is placed (decision 011). */
function InvoiceLink({ order, to }: { order: OrderListRowView; to: string }) {
  const { t } = useTranslation('orders');
  if (order.checkoutState !== 'completed') return <span>–</span>;
  return (
    <Link to={to} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
      {t('list.invoice')}
    </Link>
  );
}

function StatusCell({ order, detailsTo }: { order: OrderListRowView; detailsTo: string }) {
  const { t } = useTranslation('orders');
  const { status, showDetailsButton } = orderListStatus(order);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <OrderStatusBadge status={status} />
      {showDetailsButton && (
        <Link to={detailsTo} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          {t('list.details')}
        </Link>
      )}
    </div>
  );
}

/** What the order bought (issue 18): a security (subscribed) or a collectible (bought). */
function KindLabel({ order }: { order: OrderListRowView }) {
  const { t } = useTranslation('orders');
  return (
    <span className="block text-xs font-normal text-slate-600" data-testid="order-kind">
      {t(`list.kind.${order.kind}`)}
    </span>
  );
}

function OrderRow({ order }: { order: OrderListRowView }) {
  const f = useRowFacts(order);
  return (
    <tr className="border-t border-slate-100" data-testid="order-row" data-status={f.status.status}>
      <td className="py-3 pr-4 font-medium text-slate-900">
        <Link to={f.detailsTo} className="hover:underline">
          {f.security}
        </Link>
        <KindLabel order={order} />
      </td>
      <td className="py-3 pr-4 text-right tabular-nums">{f.amount}</td>
      <td className="py-3 pr-4">{f.date}</td>
      <td className="py-3 pr-4 text-right tabular-nums">{f.price}</td>
      <td className="py-3 pr-4">
        <StatusCell order={order} detailsTo={f.detailsTo} />
      </td>
      <td className="py-3 pr-4">{f.number}</td>
      <td className="py-3">
        <InvoiceLink order={order} to={f.invoicesTo} />
      </td>
    </tr>
  );
}

/** Phones: each order as a card with the same facts. */
function OrderCard({ order }: { order: OrderListRowView }) {
  const { t } = useTranslation('orders');
  const f = useRowFacts(order);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <span>
          <Link to={f.detailsTo} className="font-medium text-slate-900 hover:underline">
            {f.security}
          </Link>
          <KindLabel order={order} />
        </span>
        <span className="font-semibold tabular-nums text-slate-900">{f.price}</span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('list.columns.amount')}</dt>
        <dd className="text-right tabular-nums">{f.amount}</dd>
        <dt className="text-slate-600">{t('list.columns.date')}</dt>
        <dd className="text-right">{f.date}</dd>
        <dt className="text-slate-600">{t('list.columns.number')}</dt>
        <dd className="text-right">{f.number}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <StatusCell order={order} detailsTo={f.detailsTo} />
        <InvoiceLink order={order} to={f.invoicesTo} />
      </div>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" data-testid="orders-loading">
      <div className="space-y-3 md:hidden">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 w-full rounded-xl" />
        ))}
      </div>
      <div className="hidden space-y-3 md:block">
        <Skeleton className="h-6 w-full" />
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    </div>
  );
}

/** spec 2 /account/orders: the investor's subscription history. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const [page, setPage] = useState(1);
  const orders = useOrders(page);
  const items = orders.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((orders.data?.totalItems ?? 0) / ordersPageSize));
  return (
    <AccountPageShell title={t('list.title')} intro={t('list.intro')} backLabel={t('list.back')}>
      {orders.isPending ? (
        <ListSkeleton />
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-medium text-slate-900">{t('list.emptyTitle')}</p>
          <p className="mt-1 text-slate-700">{t('list.empty')}</p>
          <Link to="/" className={buttonClasses({ className: 'mt-4' })}>
            {t('process.toProducts')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="space-y-3 md:hidden">
            {items.map((o) => (
              <OrderCard key={o.id} order={o} />
            ))}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('list.title')}</caption>
              <thead>
                <tr className="text-slate-600">
                  {columns.map((c) => (
                    <th
                      key={c}
                      scope="col"
                      className={`pb-2 pr-4 font-medium ${c === 'amount' || c === 'price' ? 'text-right' : ''}`}
                    >
                      {t(`list.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((o) => (
                  <OrderRow key={o.id} order={o} />
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav aria-label={t('list.pages')} className="mt-6 flex items-center justify-between">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('list.previous')}
              </Button>
              <span className="text-sm text-slate-700">{t('list.pageOf', { page, pages })}</span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('list.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </AccountPageShell>
  );
}
