import { formatDate, formatEuro, formatNumber } from '@token/domain/format';
import {
  type CouponRunView,
  type PayoutNoticeResult,
  payoutFailedInputSchema,
} from '@token/domain/servicing';
import { Download, Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { useApproveCouponRun } from '../api/servicing-approve-run.ts';
import { isBurning, useCouponRun } from '../api/servicing-get-run.ts';
import { useMarkPayoutFailed, useMarkPayoutPaid } from '../api/servicing-payout-actions.ts';
import { useDownloadPayoutFile } from '../api/servicing-payout-file.ts';
import { useUploadPayoutNotice } from '../api/servicing-upload-camt.ts';
import { LoadFailed } from '../components/admin-gate.tsx';
import { Badge } from '../components/badge.tsx';
import { useAdminLabels } from '../components/labels.ts';
import { OperatorDialog } from '../components/operator-dialog.tsx';
import { payoutStatusTone, runStatusTone } from './servicing-labels.ts';

type Holder = CouponRunView['holders'][number];

/** A labelled figure of the run (the register overview's look). */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-brand-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** A failed call's sentence in the bar, with the API's detail (e.g. which holders lack bank details). */
const reportFailure = (err: unknown) => notify('error', errorMessageOf(err), errorDetailOf(err));

function Totals({ run }: { run: CouponRunView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const euro = (cents: number) => formatEuro(cents, { locale, fraction: 'always' });
  const redemption = run.kind === 'redemption';
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <Figure
        label={t('servicing.run.outstanding')}
        value={formatNumber(run.outstandingTokens, { locale })}
      />
      <Figure label={t('servicing.run.holderCount')} value={formatNumber(run.holders.length, { locale })} />
      <Figure label={t('servicing.run.total')} value={euro(run.totalCents)} />
      <Figure label={t('servicing.run.paid')} value={euro(run.paidCents)} />
      <Figure label={t('servicing.run.remainder')} value={euro(run.remainderCents)} />
      {redemption && <Figure label={t('servicing.run.redemption')} value={euro(run.redemptionCents)} />}
    </dl>
  );
}

function BurnProgress({ run }: { run: CouponRunView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  if (!run.burn || run.status === 'prepared') return null;
  const { queuedTokens, burnedTokens } = run.burn;
  const n = (v: number) => formatNumber(v, { locale });
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p id={`burn-${run.id}`} className="text-sm font-medium text-brand-900">
        {t('servicing.run.burnTitle')}
      </p>
      <progress
        aria-labelledby={`burn-${run.id}`}
        className="mt-2 h-2 w-full accent-brand-700"
        max={Math.max(queuedTokens, 1)}
        value={burnedTokens}
      />
      <p className="mt-1 text-sm text-slate-700" role="status">
        {isBurning(run)
          ? t('servicing.run.burning', { burned: n(burnedTokens), queued: n(queuedTokens) })
          : t('servicing.run.burned', { burned: n(burnedTokens) })}
      </p>
    </div>
  );
}

function NoticeResult({ result }: { result: PayoutNoticeResult }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  return (
    <div role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
      <p className="font-medium text-brand-900">{t('servicing.camt.result', { id: result.messageId })}</p>
      <ul className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-4">
        <li>{t('servicing.camt.matched', { count: result.matched })}</li>
        <li>{t('servicing.camt.alreadyPaid', { count: result.alreadyPaid })}</li>
        <li>{t('servicing.camt.failed', { count: result.failed })}</li>
        <li>{t('servicing.camt.alreadyFailed', { count: result.alreadyFailed })}</li>
      </ul>
      {result.unmatched.length > 0 && (
        <>
          <p className="mt-3 font-medium text-amber-900">
            {t('servicing.camt.unmatched', { count: result.unmatched.length })}
          </p>
          <ul className="mt-1 space-y-1">
            {result.unmatched.map((u) => (
              <li key={`${u.endToEndId ?? 'none'}-${u.amountCents}-${u.reason}`} className="text-slate-800">
                <span className="font-mono text-xs">{u.endToEndId ?? t('servicing.camt.noId')}</span>{' '}
                {formatEuro(u.amountCents, { locale, fraction: 'always' })} –{' '}
                {t(`servicing.camt.reasons.${u.reason}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function BankFiles({ code, run }: { code: string; run: CouponRunView }) {
  const { t } = useAdminLabels();
  const download = useDownloadPayoutFile();
  const upload = useUploadPayoutNotice();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<PayoutNoticeResult | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    upload.mutate({ code, runId: run.id, file }, { onSuccess: (r) => setResult(r), onError: reportFailure });
  };
  return (
    <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 lg:grid-cols-2">
      <div>
        <p className="text-sm font-medium text-brand-900">{t('servicing.file.title')}</p>
        <p className="mt-1 text-xs text-slate-600">{t('servicing.file.hint')}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          disabled={download.isPending}
          onClick={() =>
            download.mutate({ code, runId: run.id, periodIndex: run.periodIndex }, { onError: reportFailure })
          }
        >
          <Download className="size-4" aria-hidden="true" />
          {t('servicing.file.download')}
        </Button>
      </div>
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={`camt-${run.id}`} className="block text-sm font-medium text-brand-900">
          {t('servicing.camt.title')}
        </label>
        <p id={`camt-${run.id}-hint`} className="text-xs text-slate-600">
          {t('servicing.camt.hint')}
        </p>
        <input
          id={`camt-${run.id}`}
          type="file"
          accept=".xml,application/xml,text/xml"
          aria-describedby={`camt-${run.id}-hint`}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <Button type="submit" size="sm" disabled={!file || upload.isPending}>
          <Upload className="size-4" aria-hidden="true" />
          {t('servicing.camt.upload')}
        </Button>
        {result && <NoticeResult result={result} />}
      </form>
    </div>
  );
}

function HolderRows({
  code,
  run,
  onFail,
}: {
  code: string;
  run: CouponRunView;
  onFail: (h: Holder) => void;
}) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const confirm = useConfirm();
  const markPaid = useMarkPayoutPaid();
  const redemption = run.kind === 'redemption';
  const euro = (cents: number) => formatEuro(cents, { locale, fraction: 'always' });
  const th = 'px-3 py-2 text-left font-medium whitespace-nowrap';
  const td = 'px-3 py-2 align-top whitespace-nowrap';
  const paid = async (h: Holder) => {
    if (!h.payout) return;
    const ok = await confirm({
      title: t('servicing.payout.paidTitle'),
      message: t('servicing.payout.paidText', {
        name: h.customer.name,
        amount: euro(h.amountCents + h.redemptionCents),
      }),
      confirmLabel: t('servicing.payout.markPaid'),
    });
    if (ok) markPaid.mutate({ code, runId: run.id, payoutId: h.payout.id }, { onError: reportFailure });
  };
  if (run.holders.length === 0) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        {t('servicing.run.noHolders')}
      </p>
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{t('servicing.run.holdersTitle')}</caption>
        <thead className="bg-slate-50 text-xs text-slate-700">
          <tr>
            <th scope="col" className={th}>
              {t('servicing.run.holder')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('servicing.run.tokens')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('servicing.run.coupon')}
            </th>
            {redemption && (
              <th scope="col" className={`${th} text-right`}>
                {t('servicing.run.nominal')}
              </th>
            )}
            <th scope="col" className={`${th} text-right`}>
              {t('servicing.run.sum')}
            </th>
            <th scope="col" className={th}>
              {t('servicing.run.payout')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {run.holders.map((h) => (
            <tr key={h.customer.uuid}>
              <th scope="row" className={`${td} text-left font-normal`}>
                <span className="font-medium text-slate-900">{h.customer.name}</span>
                <span className="block text-xs text-slate-600">{h.customer.email}</span>
              </th>
              <td className={`${td} text-right tabular-nums`}>{formatNumber(h.tokens, { locale })}</td>
              <td className={`${td} text-right tabular-nums`}>{euro(h.amountCents)}</td>
              {redemption && <td className={`${td} text-right tabular-nums`}>{euro(h.redemptionCents)}</td>}
              <td className={`${td} text-right font-medium tabular-nums`}>
                {euro(h.amountCents + h.redemptionCents)}
              </td>
              <td className={td}>
                {h.payout ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={payoutStatusTone(h.payout.status)}>
                      {t(`servicing.payoutStatuses.${h.payout.status}`)}
                    </Badge>
                    {h.payout.status === 'pending' && (
                      <>
                        <Button size="sm" variant="outline" onClick={() => void paid(h)}>
                          {t('servicing.payout.markPaid')}
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => onFail(h)}>
                          {t('servicing.payout.markFailed')}
                        </Button>
                      </>
                    )}
                  </div>
                ) : (
                  <span className="text-xs text-slate-600">{t('servicing.payout.notYet')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A coupon or redemption run: preview per holder, totals, approval, bank files and each payout. */
export function RunPanel({ code, runId }: { code: string; runId: number }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const confirm = useConfirm();
  const query = useCouponRun(code, runId);
  const approve = useApproveCouponRun();
  const markFailed = useMarkPayoutFailed();
  const [failing, setFailing] = useState<Holder | null>(null);
  if (query.isPending) return <Skeleton className="h-64 w-full" />;
  if (query.isError) return <LoadFailed error={query.error} retry={() => query.refetch()} />;
  const run = query.data;
  const redemption = run.kind === 'redemption';
  const date = (d: string) => formatDate(d, { locale });
  const euro = (cents: number) => formatEuro(cents, { locale, fraction: 'always' });

  const onApprove = async () => {
    const ok = await confirm({
      title: t(redemption ? 'servicing.approve.redemptionTitle' : 'servicing.approve.title', {
        period: run.periodIndex,
      }),
      message: t(redemption ? 'servicing.approve.redemptionText' : 'servicing.approve.text', {
        holders: formatNumber(run.holders.length, { locale }),
        amount: euro(run.paidCents + run.redemptionCents),
        tokens: formatNumber(run.outstandingTokens, { locale }),
        date: date(run.paymentDate),
      }),
      confirmLabel: t('servicing.approve.confirm'),
      destructive: redemption,
    });
    if (!ok) return;
    approve.mutate(
      { code, id: run.id },
      {
        onSuccess: () => notify('success', t('servicing.approve.done', { period: run.periodIndex })),
        onError: reportFailure,
      },
    );
  };

  return (
    <article
      className="space-y-4 rounded-xl border border-brand-200 bg-brand-50/40 p-4 sm:p-5"
      aria-labelledby={`run-${run.id}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`run-${run.id}`} className="text-base font-semibold text-brand-900">
            {t(redemption ? 'servicing.runs.redemptionTitle' : 'servicing.runs.couponTitle', {
              period: run.periodIndex,
            })}{' '}
            <Badge tone={runStatusTone(run.status)}>{t(`servicing.runStatuses.${run.status}`)}</Badge>
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            {t('servicing.run.dates', {
              start: date(run.periodStart),
              end: date(run.periodEnd),
              record: date(run.recordDate),
              payment: date(run.paymentDate),
            })}
          </p>
          <p className="text-xs text-slate-600">
            {t('servicing.run.basis', { fraction: run.accrualFraction, version: run.termsVersion })}
          </p>
        </div>
        {run.status === 'prepared' && (
          <Button
            onClick={() => void onApprove()}
            disabled={approve.isPending}
            variant={redemption ? 'danger' : 'primary'}
          >
            {t(redemption ? 'servicing.approve.redemptionButton' : 'servicing.approve.button')}
          </Button>
        )}
      </header>
      {redemption && run.status === 'prepared' && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t('servicing.run.redemptionNote')}
        </p>
      )}
      <Totals run={run} />
      <p className="text-xs text-slate-600">{t('servicing.run.remainderNote')}</p>
      <BurnProgress run={run} />
      {run.status !== 'prepared' && <BankFiles code={code} run={run} />}
      <h4 className="text-sm font-semibold text-brand-900">{t('servicing.run.holdersTitle')}</h4>
      <HolderRows code={code} run={run} onFail={setFailing} />
      <OperatorDialog
        schema={payoutFailedInputSchema}
        open={failing !== null}
        formKey={failing?.customer.uuid}
        title={t('servicing.payout.failedTitle')}
        text={
          failing
            ? t('servicing.payout.failedText', {
                name: failing.customer.name,
                amount: euro(failing.amountCents + failing.redemptionCents),
              })
            : ''
        }
        reasonMaxLength={500}
        submitLabel={t('servicing.payout.markFailed')}
        destructive
        onConfirm={async ({ reason }) => {
          if (!failing?.payout) return;
          await markFailed.mutateAsync({ code, runId: run.id, payoutId: failing.payout.id, reason });
          setFailing(null);
        }}
        onClose={() => setFailing(null)}
      />
    </article>
  );
}
