import { formatDateTime, formatEuro } from '@token/domain/format';
import { type PaymentState, paymentStates } from '@token/domain/orders';
import { ChevronLeft, ChevronRight, Receipt, Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import type { OrderListFilter } from '../api/admin-keys.ts';
import { type OperatorOrderRow, ordersPerPage, useOrders } from '../api/get-orders.ts';
import { LoadFailed } from './admin-gate.tsx';
import { Badge } from './badge.tsx';
import { paymentStateTone, useAdminLabels } from './labels.ts';

export const orderPath = (tokenValue: string) => `/admin/orders/${encodeURIComponent(tokenValue)}`;

function Filters({
  filter,
  onChange,
}: {
  filter: OrderListFilter;
  onChange: (next: OrderListFilter) => void;
}) {
  const { t, paymentState } = useAdminLabels();
  const [search, setSearch] = useState(filter.search ?? '');
  useEffect(() => setSearch(filter.search ?? ''), [filter.search]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...filter, search: search.trim() || undefined, page: 1 });
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t('orders.filters')}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2"
    >
      <Input
        label={t('orders.search')}
        type="search"
        value={search}
        maxLength={200}
        placeholder={t('orders.searchPlaceholder')}
        onChange={(e) => setSearch(e.target.value)}
        end={
          <button
            type="submit"
            className="flex h-full w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-brand-900"
            aria-label={t('orders.apply')}
          >
            <Search className="size-4" aria-hidden="true" />
          </button>
        }
      />
      <Select
        label={t('orders.paymentState')}
        value={filter.paymentState ?? ''}
        placeholder={t('orders.anyPaymentState')}
        options={paymentStates.map((s) => ({ value: s, label: paymentState(s) }))}
        onChange={(e) =>
          onChange({
            ...filter,
            paymentState: (e.target.value || undefined) as PaymentState | undefined,
            page: 1,
          })
        }
      />
      {(filter.search || filter.paymentState) && (
        <div className="sm:col-span-2">
          <Button variant="ghost" size="sm" onClick={() => onChange({ page: 1 })}>
            {t('orders.reset')}
          </Button>
        </div>
      )}
    </form>
  );
}

const productsOf = (order: OperatorOrderRow) =>
  order.items.map((i) => `${i.productName} (${i.quantity})`).join(', ') || '–';

function OrderTable({ items }: { items: OperatorOrderRow[] }) {
  const { t, paymentState } = useAdminLabels();
  const locale = useLocale();
  const columns = ['number', 'customer', 'products', 'total', 'paymentState', 'placedAt'] as const;
  return (
    <table className="hidden w-full border-collapse text-left text-sm md:table">
      <thead>
        <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
          {columns.map((c) => (
            <th key={c} scope="col" className="py-2 pr-4 font-medium">
              {t(`orders.columns.${c}`)}
            </th>
          ))}
          <th scope="col" className="py-2">
            <span className="sr-only">{t('orders.open')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((o) => (
          <tr key={o.tokenValue} className="border-b border-slate-100 align-top last:border-0">
            <td className="py-3 pr-4 font-medium text-brand-900">{o.number ?? '–'}</td>
            <td className="py-3 pr-4">
              <span className="block [overflow-wrap:anywhere]">{o.customer.name}</span>
              <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
                {o.customer.email}
              </span>
            </td>
            <td className="py-3 pr-4">{productsOf(o)}</td>
            <td className="py-3 pr-4 whitespace-nowrap">
              {formatEuro(o.total, { locale, fraction: 'always' })}
            </td>
            <td className="py-3 pr-4">
              <Badge tone={paymentStateTone(o.paymentState)}>{paymentState(o.paymentState)}</Badge>
            </td>
            <td className="py-3 pr-4 whitespace-nowrap">
              {o.checkoutCompletedAt ? formatDateTime(o.checkoutCompletedAt, { locale }) : '–'}
            </td>
            <td className="py-3 text-right">
              <Link
                to={orderPath(o.tokenValue)}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
                aria-label={t('orders.openLabel', { number: o.number ?? o.tokenValue })}
              >
                {t('orders.open')}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OrderCards({ items }: { items: OperatorOrderRow[] }) {
  const { t, paymentState } = useAdminLabels();
  const locale = useLocale();
  return (
    <ul className="grid gap-3 md:hidden">
      {items.map((o) => (
        <li key={o.tokenValue}>
          <Link
            to={orderPath(o.tokenValue)}
            aria-label={t('orders.openLabel', { number: o.number ?? o.tokenValue })}
            className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300"
          >
            <div className="flex items-start gap-3">
              <Receipt className="mt-0.5 size-5 shrink-0 text-brand-500" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-brand-900">{o.number ?? '–'}</p>
                <p className="text-sm [overflow-wrap:anywhere]">{o.customer.name}</p>
                <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{o.customer.email}</p>
                <p className="mt-1 text-sm text-slate-700">{productsOf(o)}</p>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <Badge tone={paymentStateTone(o.paymentState)}>{paymentState(o.paymentState)}</Badge>
                  <span className="text-sm font-medium">
                    {formatEuro(o.total, { locale, fraction: 'always' })}
                  </span>
                </div>
                {o.checkoutCompletedAt && (
                  <p className="mt-2 text-xs text-slate-600">
                    {t('orders.columns.placedAt')}: {formatDateTime(o.checkoutCompletedAt, { locale })}
                  </p>
                )}
              </div>
              <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Previous / next with "page x of y", for the admin lists. */
export function ListPager({
  page,
  totalItems,
  perPage,
  onPage,
}: {
  page: number;
  totalItems: number;
  perPage: number;
  onPage: (page: number) => void;
}) {
  const { t } = useAdminLabels();
  const pages = Math.max(1, Math.ceil(totalItems / perPage));
  if (pages === 1) return null;
  return (
    <nav aria-label={t('queue.pagination')} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        {t('queue.previous')}
      </Button>
      <p className="text-sm text-slate-700">{t('queue.page', { page, pages })}</p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('queue.next')}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}

/**
 * The operators' order list: search (number, token, payment reference, e-mail) and payment-state
 * filter, a table on wide screens and cards on phones, paging. The filter lives with the caller
 * (the page keeps it in its address).
 */
export function OrderList({
  filter,
  onChange,
}: {
  filter: OrderListFilter;
  onChange: (next: OrderListFilter) => void;
}) {
  const { t } = useAdminLabels();
  const orders = useOrders(filter);
  const countId = useId();
  return (
    <div className="space-y-4">
      <Filters filter={filter} onChange={onChange} />
      <section
        aria-labelledby={countId}
        aria-busy={orders.isFetching}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 id={countId} className="mb-3 text-sm font-medium text-slate-700">
          {orders.data ? t('orders.count', { count: orders.data.totalItems }) : t('orders.title')}
        </h2>
        {orders.isPending ? (
          <div className="space-y-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : orders.isError ? (
          <LoadFailed error={orders.error} retry={() => orders.refetch()} />
        ) : orders.data.items.length === 0 ? (
          <p className="py-6 text-center text-slate-600">{t('orders.empty')}</p>
        ) : (
          <>
            <OrderTable items={orders.data.items} />
            <OrderCards items={orders.data.items} />
          </>
        )}
      </section>
      {orders.data && (
        <ListPager
          page={filter.page}
          totalItems={orders.data.totalItems}
          perPage={ordersPerPage}
          onPage={(page) => onChange({ ...filter, page })}
        />
      )}
    </div>
  );
}
