import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime, formatNumber } from '@token/domain/format';
import {
  type MintingOrderView,
  type MintingPreviewView,
  type MintingRunView,
  mintingRunInputSchema,
} from '@token/domain/register';
import { Coins } from 'lucide-react';
import { type MouseEvent, type Ref, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { useRetryMinting } from '../api/retry-minting.ts';
import { useRunMinting } from '../api/run-minting.ts';
import { LoadFailed } from '../components/admin-gate.tsx';
import { Badge } from '../components/badge.tsx';
import { useAdminLabels } from '../components/labels.ts';
import { OperatorDialog } from '../components/operator-dialog.tsx';
import { useDialogFocus } from './dialog-focus.ts';
import { mintingStatusTone } from './register-labels.ts';
import { Figure } from './register-overview.tsx';

/** The run's form: the API's body schema, an empty note read as none. */
const mintingFormSchema = z.strictObject({
  reason: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    mintingRunInputSchema.shape.reason,
  ),
});

const orderPath = (tokenValue: string) => `/admin/orders/${encodeURIComponent(tokenValue)}`;

function Totals({ totals }: { totals: MintingPreviewView['totals'] }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, { locale });
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      <Figure label={t('minting.totals.orders')} value={n(totals.orders)} />
      <Figure label={t('minting.totals.quantity')} value={n(totals.quantity)} />
      <Figure label={t('minting.totals.minted')} value={n(totals.minted)} />
      <Figure label={t('minting.totals.inInstructions')} value={n(totals.inInstructions)} />
      <Figure label={t('minting.totals.remaining')} value={n(totals.remaining)} />
      <Figure
        label={t('minting.totals.mintable')}
        value={t('minting.ordersTokens', {
          orders: n(totals.mintableOrders),
          tokens: n(totals.mintableTokens),
        })}
      />
      <Figure
        label={t('minting.totals.blocked')}
        value={t('minting.ordersTokens', {
          orders: n(totals.blockedOrders),
          tokens: n(totals.blockedTokens),
        })}
      />
      <Figure
        label={t('minting.totals.refused')}
        value={t('minting.ordersTokens', {
          orders: n(totals.refusedOrders),
          tokens: n(totals.refusedTokens),
        })}
      />
    </dl>
  );
}

/** The registrar's refusals of an order's mints (newest first) and, while refused, the retry. */
function Refusals({ order, onRetry }: { order: MintingOrderView; onRetry: OnRetry }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  if (order.refusals.length === 0) return null;
  return (
    <div className="mt-2 space-y-1 text-xs text-red-900">
      <ul className="space-y-1">
        {order.refusals.map((r) => (
          <li key={r.instruction} className="[overflow-wrap:anywhere]">
            {t('minting.refusal', {
              amount: formatNumber(r.amount, { locale }),
              key: r.idempotencyKey,
              reason: r.reason,
            })}
            {r.refusedAt && ` ${t('minting.refusalAt', { when: formatDateTime(r.refusedAt, { locale }) })}`}
          </li>
        ))}
      </ul>
      {order.status === 'refused' && (
        <Button
          variant="secondary"
          aria-label={t('minting.retryLabel', { order: order.order.number ?? order.order.tokenValue })}
          onClick={(event) => onRetry(order, event)}
        >
          {t('minting.retry')}
        </Button>
      )}
    </div>
  );
}

type OnRetry = (order: MintingOrderView, event: MouseEvent<HTMLElement>) => void;

function StatusBadge({ order }: { order: MintingOrderView }) {
  const { t } = useAdminLabels();
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge tone={mintingStatusTone(order.status)}>
        {t(`minting.statuses.${order.status}`, { defaultValue: order.status })}
      </Badge>
      {order.blockedReason && (
        <span className="text-xs text-red-800">
          {t(`minting.blockedReasons.${order.blockedReason}`, { defaultValue: order.blockedReason })}
        </span>
      )}
    </span>
  );
}

const figures = ['quantity', 'minted', 'inInstructions', 'remaining'] as const;

function OrderTable({ orders, onRetry }: { orders: MintingOrderView[]; onRetry: OnRetry }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  return (
    <table className="hidden w-full border-collapse text-left text-sm md:table">
      <thead>
        <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
          <th scope="col" className="py-2 pr-3 font-medium">
            {t('minting.columns.order')}
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {t('minting.columns.investor')}
          </th>
          {figures.map((f) => (
            <th key={f} scope="col" className="py-2 pr-3 text-right font-medium">
              {t(`minting.columns.${f}`)}
            </th>
          ))}
          <th scope="col" className="py-2 font-medium">
            {t('minting.columns.status')}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.order.id} className="border-b border-slate-100 align-top last:border-0">
            <td className="py-3 pr-3">
              <Link
                to={orderPath(o.order.tokenValue)}
                className="font-medium text-brand-700 hover:text-brand-900"
              >
                {o.order.number ?? o.order.tokenValue}
              </Link>
            </td>
            <td className="py-3 pr-3">
              <span className="block [overflow-wrap:anywhere]">{o.investor.name}</span>
              <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
                {o.investor.email}
              </span>
            </td>
            {figures.map((f) => (
              <td key={f} className="py-3 pr-3 text-right tabular-nums">
                {formatNumber(o[f], { locale })}
              </td>
            ))}
            <td className="py-3">
              <StatusBadge order={o} />
              <Refusals order={o} onRetry={onRetry} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OrderCards({ orders, onRetry }: { orders: MintingOrderView[]; onRetry: OnRetry }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  return (
    <ul className="grid gap-3 md:hidden">
      {orders.map((o) => (
        <li key={o.order.id} className="rounded-lg border border-slate-200 p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link
              to={orderPath(o.order.tokenValue)}
              className="font-medium text-brand-700 hover:text-brand-900"
            >
              {o.order.number ?? o.order.tokenValue}
            </Link>
            <StatusBadge order={o} />
          </div>
          <p className="mt-1 [overflow-wrap:anywhere]">{o.investor.name}</p>
          <dl className="mt-2 grid grid-cols-2 gap-2 text-xs min-[480px]:grid-cols-4">
            {figures.map((f) => (
              <div key={f}>
                <dt className="text-slate-600">{t(`minting.columns.${f}`)}</dt>
                <dd className="font-medium tabular-nums">{formatNumber(o[f], { locale })}</dd>
              </div>
            ))}
          </dl>
          <Refusals order={o} onRetry={onRetry} />
        </li>
      ))}
    </ul>
  );
}

function RunResult({ run, ref }: { run: MintingRunView; ref: Ref<HTMLElement> }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  return (
    <section
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-label={t('minting.result.title')}
      className="rounded-xl outline-none border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 sm:p-5"
    >
      <h3 className="font-medium">{t('minting.result.title')}</h3>
      <p className="mt-1">
        {run.queuedOrders === 0
          ? t('minting.result.nothing')
          : t('minting.result.queued', {
              orders: formatNumber(run.queuedOrders, { locale }),
              tokens: formatNumber(run.queuedTokens, { locale }),
            })}
      </p>
      {run.queued.length > 0 && (
        <ul className="mt-2 space-y-1">
          {run.queued.map((q) => (
            <li key={q.idempotencyKey} className="[overflow-wrap:anywhere]">
              {q.order.number ?? q.order.tokenValue} · {q.investor.name} ·{' '}
              {formatNumber(q.amount, { locale })} {t('journal.columns.amount')} ·{' '}
              <span className="text-xs text-slate-700">
                {t('minting.result.instruction', { id: q.instruction })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The minting batch: the preview (orders, investors, amounts, blocked ones and why; totals) and the
 * run, confirmed in a dialog with an optional note; afterwards what the run queued. The page reads
 * the preview again every few seconds while the registrar has open instructions.
 */
export function MintingBatch({
  code,
  preview,
}: {
  code: string;
  preview: UseQueryResult<MintingPreviewView>;
}) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const run = useRunMinting();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<MintingRunView | null>(null);
  const focus = useDialogFocus<HTMLElement>();
  const retry = useRetryMinting();
  const [retrying, setRetrying] = useState<MintingOrderView | null>(null);
  const openRetry: OnRetry = (order, event) => {
    focus.remember(event);
    setRetrying(order);
  };

  if (preview.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (preview.isError) return <LoadFailed error={preview.error} retry={() => preview.refetch()} />;

  const { totals, orders } = preview.data;
  const canRun = totals.mintableOrders > 0;
  return (
    <div className="space-y-4">
      <section
        aria-labelledby="minting-batch"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="max-w-2xl">
            <h2 id="minting-batch" className="text-base font-semibold text-brand-900">
              {t('minting.title')}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t('minting.intro')}</p>
          </div>
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <Button
              disabled={!canRun}
              onClick={(event) => {
                focus.remember(event);
                setConfirming(true);
              }}
            >
              <Coins className="size-4" aria-hidden="true" />
              {t('minting.run')}
            </Button>
            {!canRun && <p className="text-xs text-slate-600">{t('minting.nothingToRun')}</p>}
          </div>
        </div>
        <div className="mt-4">
          <Totals totals={totals} />
        </div>
      </section>
      {result && <RunResult run={result} ref={focus.fallback} />}
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        {orders.length === 0 ? (
          <p className="py-6 text-center text-slate-600">{t('minting.empty')}</p>
        ) : (
          <>
            <OrderTable orders={orders} onRetry={openRetry} />
            <OrderCards orders={orders} onRetry={openRetry} />
          </>
        )}
      </section>
      <OperatorDialog
        schema={mintingFormSchema}
        open={confirming}
        title={t('minting.confirm.title')}
        text={t('minting.confirm.text', {
          orders: formatNumber(totals.mintableOrders, { locale }),
          tokens: formatNumber(totals.mintableTokens, { locale }),
        })}
        reasonRequired={false}
        submitLabel={t('minting.confirm.submit')}
        returnFocus={focus.returnFocus}
        onConfirm={async ({ reason }) => {
          setResult(await run.mutateAsync({ code, input: reason === undefined ? {} : { reason } }));
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      />
      <OperatorDialog
        schema={mintingFormSchema}
        open={retrying !== null}
        formKey={retrying ? String(retrying.order.id) : undefined}
        title={t('minting.retryDialog.title')}
        text={
          retrying
            ? t('minting.retryDialog.text', {
                order: retrying.order.number ?? retrying.order.tokenValue,
                tokens: formatNumber(retrying.remaining, { locale }),
                reason: retrying.refusals[0]?.reason ?? '',
              })
            : ''
        }
        reasonRequired={false}
        submitLabel={t('minting.retryDialog.submit')}
        returnFocus={focus.returnFocus}
        onConfirm={async ({ reason }) => {
          if (!retrying) return;
          const done = await retry.mutateAsync({
            code,
            orderId: retrying.order.id,
            input: reason === undefined ? {} : { reason },
          });
          notify(
            'success',
            t('minting.retryDialog.done', {
              order: retrying.order.number ?? retrying.order.tokenValue,
              tokens: formatNumber(done.queued.amount, { locale }),
            }),
          );
          setRetrying(null);
        }}
        onClose={() => setRetrying(null)}
      />
    </div>
  );
}
