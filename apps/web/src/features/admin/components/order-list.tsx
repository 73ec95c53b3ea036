import { formatDateTime, formatEuro } from '@token/domain/format';
import { type PaymentState, paymentStates } from '@token/domain/orders';
import { Receipt, Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import type { OrderListFilter } from '../api/admin-keys.ts';
import { type OperatorOrderRow, ordersPerPage, useOrders } from '../api/get-orders.ts';
import { Badge } from './badge.tsx';
import { paymentStateTone, useAdminLabels } from './labels.ts';
import { ListCard, ListShell } from './list-shell.tsx';

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
          <ListCard
            to={orderPath(o.tokenValue)}
            label={t('orders.openLabel', { number: o.number ?? o.tokenValue })}
            icon={Receipt}
          >
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
          </ListCard>
        </li>
      ))}
    </ul>
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
  return (
    <ListShell
      filters={<Filters filter={filter} onChange={onChange} />}
      list={orders}
      title={t('orders.title')}
      count={(count) => t('orders.count', { count })}
      empty={t('orders.empty')}
      page={filter.page}
      perPage={ordersPerPage}
      onPage={(page) => onChange({ ...filter, page })}
    >
      {(items) => (
        <>
          <OrderTable items={items} />
          <OrderCards items={items} />
        </>
      )}
    </ListShell>
  );
}
