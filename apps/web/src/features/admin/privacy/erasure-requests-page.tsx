import { formatDate } from '@token/domain/format';
import {
  confirmErasureInputSchema,
  type ErasureRequestAdminView,
  type ErasureState,
  erasureStates,
  refuseErasureInputSchema,
} from '@token/domain/privacy';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import '../admin-texts.ts';
import { AdminGate } from '../components/admin-gate.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { Badge } from '../components/badge.tsx';
import type { Tone } from '../components/labels.ts';
import { OperatorDialog } from '../components/operator-dialog.tsx';
import { erasureRequestsPerPage, useDecideErasure, useErasureRequests } from './erasure-api.ts';

const filters = ['requested', 'all', ...erasureStates.filter((s) => s !== 'requested')] as const;
type Filter = (typeof filters)[number];

const tones: Record<ErasureState, Tone> = {
  requested: 'warn',
  confirmed: 'good',
  refused: 'bad',
  withdrawn: 'neutral',
};

type Pending = { request: ErasureRequestAdminView; decision: 'confirm' | 'refuse' } | null;

function RequestCard({
  request,
  onDecide,
}: {
  request: ErasureRequestAdminView;
  onDecide: (decision: 'confirm' | 'refuse') => void;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const open = request.state === 'requested';
  const positions = request.openPositions;
  return (
    <li data-testid="erasure-request" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-brand-900 [overflow-wrap:anywhere]">
            {open ? (
              <Link to={`/admin/customers/${request.customer.uuid}`} className="hover:underline">
                {request.customer.fullName}
              </Link>
            ) : request.state === 'confirmed' ? (
              t('erasure.erasedCustomer')
            ) : (
              request.customer.fullName
            )}
          </p>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{request.customer.email}</p>
        </div>
        <Badge tone={tones[request.state]}>{t(`erasure.states.${request.state}`)}</Badge>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <dt className="text-slate-500">{t('erasure.requestedAt')}</dt>
        <dd>{formatDate(request.requestedAt, { locale })}</dd>
        {request.reason && (
          <>
            <dt className="text-slate-500">{t('erasure.customerReason')}</dt>
            <dd className="[overflow-wrap:anywhere]">{request.reason}</dd>
          </>
        )}
        {request.decidedAt && (
          <>
            <dt className="text-slate-500">{t('erasure.decided')}</dt>
            <dd>
              {formatDate(request.decidedAt, { locale })}
              {request.decidedBy ? ` · ${request.decidedBy}` : ''}
            </dd>
          </>
        )}
        {request.refusalReason && (
          <>
            <dt className="text-slate-500">{t('erasure.refusalReason')}</dt>
            <dd className="[overflow-wrap:anywhere]">{request.refusalReason}</dd>
          </>
        )}
      </dl>
      {open && request.blocker && (
        <p role="note" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t(`erasure.blocked.${request.blocker}`, positions)}
        </p>
      )}
      {request.retained.length > 0 && (
        <div className="mt-3">
          <p className="text-sm font-medium text-slate-700">{t('erasure.retained')}</p>
          <ul className="mt-1 space-y-1 text-sm text-slate-700">
            {request.retained.map((r) => (
              <li key={r.category}>
                {t(`erasure.categories.${r.category}`)} · {r.legalBasis} ·{' '}
                {r.retainUntil
                  ? t('erasure.until', { date: formatDate(r.retainUntil, { locale }) })
                  : t('erasure.withRegister')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {open && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            type="button"
            variant="danger"
            disabled={request.blocker !== null}
            onClick={() => onDecide('confirm')}
          >
            {t('erasure.confirm')}
          </Button>
          <Button type="button" variant="outline" onClick={() => onDecide('refuse')}>
            {t('erasure.refuse')}
          </Button>
        </div>
      )}
    </li>
  );
}

function ErasureRequestsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filter: Filter = (filters as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as Filter)
    : 'requested';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const list = useErasureRequests(filter, page);
  const decide = useDecideErasure();
  const [pending, setPending] = useState<Pending>(null);
  const pages = Math.max(1, Math.ceil((list.data?.totalItems ?? 0) / erasureRequestsPerPage));

  return (
    <AdminShell title={t('erasure.title')} intro={t('erasure.intro')}>
      <div role="tablist" aria-label={t('erasure.filter')} className="flex flex-wrap gap-2">
        {filters.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={f === filter}
            onClick={() => setParams(f === 'requested' ? {} : { state: f })}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${
              f === filter
                ? 'border-brand-900 bg-brand-900 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:border-brand-400'
            }`}
          >
            {f === 'all' ? t('erasure.all') : t(`erasure.states.${f}`)}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <div className="mt-4 space-y-3">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {t('erasure.loadFailed')}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="mt-4 text-slate-600">{t('erasure.empty')}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {list.data.items.map((r) => (
            <RequestCard
              key={r.id}
              request={r}
              onDecide={(decision) => setPending({ request: r, decision })}
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="mt-4 flex items-center gap-3 text-sm" aria-label={t('erasure.pages')}>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() =>
              setParams({ ...(filter === 'requested' ? {} : { state: filter }), page: String(page - 1) })
            }
          >
            {t('erasure.previous')}
          </Button>
          <span>{t('erasure.page', { page, pages })}</span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() =>
              setParams({ ...(filter === 'requested' ? {} : { state: filter }), page: String(page + 1) })
            }
          >
            {t('erasure.next')}
          </Button>
        </nav>
      )}
      {pending?.decision === 'confirm' && (
        <OperatorDialog
          open
          formKey={`confirm-${pending.request.id}`}
          title={t('erasure.confirmTitle')}
          text={t('erasure.confirmText', { name: pending.request.customer.fullName })}
          schema={confirmErasureInputSchema}
          submitLabel={t('erasure.confirm')}
          destructive
          reasonRequired={false}
          onClose={() => setPending(null)}
          onConfirm={async (values) => {
            await decide.mutateAsync({ decision: 'confirm', id: pending.request.id, input: values });
            notify('success', t('erasure.confirmed'));
            setPending(null);
          }}
        />
      )}
      {pending?.decision === 'refuse' && (
        <OperatorDialog
          open
          formKey={`refuse-${pending.request.id}`}
          title={t('erasure.refuseTitle')}
          text={t('erasure.refuseText')}
          schema={refuseErasureInputSchema}
          submitLabel={t('erasure.refuse')}
          reasonHint={t('erasure.refuseHint')}
          onClose={() => setPending(null)}
          onConfirm={async (values) => {
            await decide.mutateAsync({ decision: 'refuse', id: pending.request.id, input: values });
            notify('success', t('erasure.refused'));
            setPending(null);
          }}
        />
      )}
    </AdminShell>
  );
}

/** /admin/erasure-requests: the operator confirms or refuses customers' erasure requests (GDPR Art. 17). */
export function AdminErasureRequestsPage() {
  return (
    <AdminGate>
      <ErasureRequestsPage />
    </AdminGate>
  );
}
