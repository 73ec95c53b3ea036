import {
  type CustomerDecision,
  customerListScopes,
  customerStatuses,
  type ProfessionalDecision,
  queueReasons,
} from '@token/domain/compliance';
import { formatDate, formatEuro } from '@token/domain/format';
import { paymentStates } from '@token/domain/orders';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import './admin-texts.ts';
import { bankCreditFilters, type CustomerListFilter, type OrderListFilter } from './api/admin-keys.ts';
import { useDecide } from './api/decide.ts';
import { useCustomerFile } from './api/get-customer-file.ts';
import { useOrderFile } from './api/get-order-file.ts';
import { type OrderAction, useOrderAction } from './api/order-actions.ts';
import { AdminGate, LoadFailed } from './components/admin-gate.tsx';
import { AdminShell } from './components/admin-shell.tsx';
import { BankCredits } from './components/bank-credits.tsx';
import { CustomerFileView } from './components/customer-file-view.tsx';
import { DecisionDialog, type DecisionKind, type DecisionValues } from './components/decision-dialog.tsx';
import { OperatorDialog, operatorReasonSchema } from './components/operator-dialog.tsx';
import { OrderFileView } from './components/order-file-view.tsx';
import { OrderList } from './components/order-list.tsx';
import { ReviewQueue } from './components/review-queue.tsx';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The review list's filter from the page's address; anything unknown falls back to the default. */
export function filterFromParams(params: URLSearchParams): CustomerListFilter {
  const page = Number(params.get('page'));
  return {
    scope: oneOf(customerListScopes, params.get('scope')) ?? 'queue',
    status: oneOf(customerStatuses, params.get('status')),
    reason: oneOf(queueReasons, params.get('reason')),
    search: params.get('search')?.slice(0, 100) || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function paramsOf(filter: CustomerListFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (filter.scope !== 'queue') out.scope = filter.scope;
  if (filter.status) out.status = filter.status;
  if (filter.reason) out.reason = filter.reason;
  if (filter.search) out.search = filter.search;
  if (filter.page > 1) out.page = String(filter.page);
  return out;
}

function QueuePage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  return (
    <AdminShell title={t('queue.title')} intro={t('queue.intro')}>
      <ReviewQueue filter={filterFromParams(params)} onChange={(next) => setParams(paramsOf(next))} />
    </AdminShell>
  );
}

/** /admin: the review list (role admin with two-factor; others see page-not-found). */
export function AdminQueuePage() {
  return (
    <AdminGate>
      <QueuePage />
    </AdminGate>
  );
}

type OpenDecision = { kind: DecisionKind; requestId?: number | undefined };

function CustomerPage() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const { uuid = '' } = useParams();
  const file = useCustomerFile(uuid);
  const decide = useDecide();
  const [open, setOpen] = useState<OpenDecision | null>(null);

  if (file.isPending) {
    return (
      <AdminShell title={t('title')} back>
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </AdminShell>
    );
  }
  if (file.isError) {
    const missing = file.error instanceof ApiError && [400, 404].includes(file.error.status);
    return (
      <AdminShell title={t('title')} back>
        {missing ? (
          <div className="rounded-xl border border-slate-200 bg-white p-6 text-center">
            <p className="text-slate-700">{t('file.notFound')}</p>
            <Link to="/admin" className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
              {t('shell.toQueue')}
            </Link>
          </div>
        ) : (
          <LoadFailed error={file.error} retry={() => file.refetch()} />
        )}
      </AdminShell>
    );
  }

  const customer = file.data.customer;
  // An erased customer's record is a pseudonymous stub: its heading says so rather than the stub's address.
  const name =
    file.data.erasure?.state === 'confirmed'
      ? t('file.erasure.stub')
      : customer.companyName
        ? `${customer.companyName} (${customer.fullName})`
        : customer.fullName;
  const onDecide = async (kind: DecisionKind, values: DecisionValues) => {
    if (kind === 'professional_approve' || kind === 'professional_refuse') {
      const requestId = open?.requestId;
      // the file view opens a professional decision only from a request's own panel
      if (requestId === undefined) throw new Error('a professional decision names its request');
      await decide.mutateAsync({
        kind: 'professional',
        requestId,
        decision: kind.replace('professional_', '') as ProfessionalDecision,
        input: { reason: values.reason ?? null },
      });
    } else {
      await decide.mutateAsync({
        kind: 'customer',
        customerUuid: customer.uuid,
        decision: kind as CustomerDecision,
        input: (kind === 'follow_up'
          ? { message: values.message ?? '', reason: values.reason ?? '' }
          : { reason: values.reason ?? null }) as never,
      });
    }
    setOpen(null);
    notify('success', t(`decisions.${kind}.done`, { name }));
  };

  return (
    <AdminShell
      title={name}
      back
      intro={
        <p className="text-sm [overflow-wrap:anywhere]">
          {customer.email} · {t('file.customerSince', { date: formatDate(customer.createdAt, { locale }) })}
        </p>
      }
    >
      <CustomerFileView file={file.data} onDecide={(kind, requestId) => setOpen({ kind, requestId })} />
      <DecisionDialog
        kind={open?.kind ?? null}
        customerName={name}
        onDecide={onDecide}
        onClose={() => setOpen(null)}
      />
    </AdminShell>
  );
}

/** /admin/customers/:uuid: one customer's file with the decisions and the audit log. */
export function AdminCustomerPage() {
  return (
    <AdminGate>
      <CustomerPage />
    </AdminGate>
  );
}

/** The order list's filter from the page's address; anything unknown falls back to the default. */
export function orderFilterFromParams(params: URLSearchParams): OrderListFilter {
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.slice(0, 200) || undefined,
    paymentState: oneOf(paymentStates, params.get('paymentState')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function orderParamsOf(filter: OrderListFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (filter.search) out.search = filter.search;
  if (filter.paymentState) out.paymentState = filter.paymentState;
  if (filter.page > 1) out.page = String(filter.page);
  return out;
}

function OrdersPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  return (
    <AdminShell title={t('orders.title')} intro={t('orders.intro')}>
      <OrderList filter={orderFilterFromParams(params)} onChange={(next) => setParams(orderParamsOf(next))} />
    </AdminShell>
  );
}

/** /admin/orders: placed orders, searched and filtered. */
export function AdminOrdersPage() {
  return (
    <AdminGate>
      <OrdersPage />
    </AdminGate>
  );
}

function OrderPage() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const { tokenValue = '' } = useParams();
  const file = useOrderFile(tokenValue);
  const act = useOrderAction();
  const [open, setOpen] = useState<OrderAction | null>(null);
  const back = { to: '/admin/orders', label: t('orders.back') };

  if (file.isPending) {
    return (
      <AdminShell title={t('orders.title')} back={back}>
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </AdminShell>
    );
  }
  if (file.isError) {
    const missing = file.error instanceof ApiError && [400, 404].includes(file.error.status);
    return (
      <AdminShell title={t('orders.title')} back={back}>
        {missing ? (
          <div className="rounded-xl border border-slate-200 bg-white p-6 text-center">
            <p className="text-slate-700">{t('orderFile.notFound')}</p>
            <Link to="/admin/orders" className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
              {t('orders.back')}
            </Link>
          </div>
        ) : (
          <LoadFailed error={file.error} retry={() => file.refetch()} />
        )}
      </AdminShell>
    );
  }

  const order = file.data;
  const number = order.number ?? order.tokenValue;
  const onConfirm = async (reason: string) => {
    if (!open) return;
    await act.mutateAsync({ tokenValue: order.tokenValue, action: open, reason });
    notify('success', t(`orderActions.${open}.done`, { number }));
    setOpen(null);
  };
  return (
    <AdminShell
      title={t('orderFile.title', { number })}
      back={back}
      intro={
        <p className="text-sm [overflow-wrap:anywhere]">
          {order.customer.fullName} · {formatEuro(order.total, { locale, fraction: 'always' })}
        </p>
      }
    >
      <OrderFileView file={order} onAction={setOpen} />
      <OperatorDialog
        schema={operatorReasonSchema}
        open={open !== null}
        title={open ? t(`orderActions.${open}.title`) : ''}
        text={open ? t(`orderActions.${open}.text`, { number, name: order.customer.fullName }) : ''}
        submitLabel={open ? t(`orderActions.${open}.submit`) : ''}
        destructive={open === 'cancel' || open === 'refund'}
        onConfirm={({ reason }) => onConfirm(reason)}
        onClose={() => setOpen(null)}
      />
    </AdminShell>
  );
}

/** /admin/orders/:tokenValue: the operator's order file with cancel, mark paid and refund. */
export function AdminOrderPage() {
  return (
    <AdminGate>
      <OrderPage />
    </AdminGate>
  );
}

function PaymentsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const status = oneOf(bankCreditFilters, params.get('status')) ?? 'open';
  const page = Math.max(1, Number.isInteger(Number(params.get('page'))) ? Number(params.get('page')) : 1);
  return (
    <AdminShell title={t('payments.title')} intro={t('payments.intro')}>
      <BankCredits
        status={status}
        page={page}
        onChange={(s, p) => {
          const next: Record<string, string> = {};
          if (s !== 'open') next.status = s;
          if (p > 1) next.page = String(p);
          setParams(next);
        }}
      />
    </AdminShell>
  );
}

/** /admin/payments: the bank's credits to reconcile and the statement upload. */
export function AdminPaymentsPage() {
  return (
    <AdminGate>
      <PaymentsPage />
    </AdminGate>
  );
}
