import {
  type CustomerDecision,
  customerListScopes,
  customerStatuses,
  type ProfessionalDecision,
  queueReasons,
} from '@token/domain/compliance';
import { formatDate } from '@token/domain/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import './admin-texts.ts';
import type { CustomerListFilter } from './api/admin-keys.ts';
import { useDecide } from './api/decide.ts';
import { useCustomerFile } from './api/get-customer-file.ts';
import { AdminGate, LoadFailed } from './components/admin-gate.tsx';
import { AdminShell } from './components/admin-shell.tsx';
import { CustomerFileView } from './components/customer-file-view.tsx';
import { DecisionDialog, type DecisionKind, type DecisionValues } from './components/decision-dialog.tsx';
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
  const name = customer.companyName ? `${customer.companyName} (${customer.fullName})` : customer.fullName;
  const onDecide = async (kind: DecisionKind, values: DecisionValues) => {
    if (kind === 'professional_approve' || kind === 'professional_refuse') {
      await decide.mutateAsync({
        kind: 'professional',
        requestId: open!.requestId!,
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
