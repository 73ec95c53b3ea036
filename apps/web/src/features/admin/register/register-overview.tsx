import { formatDateTime, formatNumber } from '@token/domain/format';
import { bondPauseInputSchema, type RegisterAdminView } from '@token/domain/register';
import { CheckCircle2, PauseCircle, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { useBondPause, useSetBondPause } from '../api/bond-pause.ts';
import { useAdminLabels } from '../components/labels.ts';
import { OperatorDialog } from '../components/operator-dialog.tsx';
import { useDialogFocus } from './dialog-focus.ts';

/** A figure with its label, as the register's head shows them. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-brand-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** The last comparison of the journal with the registrar's own balances (hourly job). */
function Reconciliation({ reconciliation: r }: { reconciliation: RegisterAdminView['reconciliation'] }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, { locale });
  if (!r) return <p className="mt-2 text-sm text-slate-700">{t('register.reconciliationNever')}</p>;
  const when = formatDateTime(r.ranAt, { locale });
  if (r.ok) {
    return (
      <p className="mt-2 text-sm text-emerald-800">
        {t('register.reconciliationOk', { registrar: r.registrar, when })}
      </p>
    );
  }
  return (
    <div className="mt-2 text-sm text-red-800">
      <p>
        {r.error
          ? t('register.reconciliationError', { registrar: r.registrar, when, error: r.error })
          : t('register.reconciliationDifferences', {
              registrar: r.registrar,
              when,
              count: r.differences.length,
            })}
      </p>
      {r.differences.length > 0 ? (
        <ul className="mt-1 space-y-0.5">
          {r.differences.map((d) => (
            <li key={d.address} className="[overflow-wrap:anywhere]">
              <code className="font-mono">{d.address}</code>:{' '}
              {t('register.reconciliationDifference', { journal: n(d.journal), registrar: n(d.registrar) })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The chain check, prominently: intact in green with the entries checked, or the first bad entry in
 * red with its fault in words; then the stored figures that differ from the journal.
 */
function ChainCheck({ check }: { check: RegisterAdminView['check'] }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const good = check.ok && check.mismatches.length === 0;
  return (
    <section
      aria-labelledby="register-check"
      className={`rounded-xl border p-4 shadow-sm sm:p-5 ${
        good ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50'
      }`}
    >
      <h2 id="register-check" className="text-sm font-medium text-slate-700">
        {t('register.check.title')}
      </h2>
      {check.ok || !check.fault ? (
        <p className="mt-2 flex items-start gap-2 font-medium text-emerald-900">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {t('register.check.ok', { count: check.entries, entries: formatNumber(check.entries, { locale }) })}
        </p>
      ) : (
        <div role="alert" className="mt-2 text-red-900">
          <p className="flex items-start gap-2 font-medium">
            <XCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {t('register.check.fault', {
              sequence: check.fault.sequence,
              fault: t(`register.faults.${check.fault.fault}`, { defaultValue: check.fault.fault }),
            })}
          </p>
          <p className="mt-1 text-sm [overflow-wrap:anywhere]">
            {t('register.check.detail')}: <code className="font-mono text-xs">{check.fault.detail}</code>
          </p>
        </div>
      )}
      {check.mismatches.length > 0 ? (
        <div className="mt-3 text-red-900" role={check.ok ? 'alert' : undefined}>
          <h3 className="text-sm font-medium">{t('register.check.mismatchesTitle')}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {check.mismatches.map((m) => (
              <li key={`${m.kind}-${m.subject}`} className="[overflow-wrap:anywhere]">
                {m.kind === 'head'
                  ? t('register.check.mismatchHead', { subject: m.subject })
                  : t('register.check.mismatchHolding', { subject: m.subject })}
                : {t('register.check.journalValue')} {m.journal}, {t('register.check.storedValue')} {m.stored}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        check.ok && <p className="mt-1 text-sm text-emerald-900">{t('register.check.projectionsOk')}</p>
      )}
      <p className="mt-2 text-xs text-slate-600">
        {t('register.check.checkedAt', { date: formatDateTime(check.checkedAt, { locale }) })}
      </p>
    </section>
  );
}

/**
 * The bond's token paused or not, with the button that pauses (transfers refused on the platform and
 * at the registrar) or unpauses it; a dialog asks the reason for the audit log.
 */
function PauseControl({ code }: { code: string }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const state = useBondPause(code);
  const change = useSetBondPause();
  const [open, setOpen] = useState(false);
  const focus = useDialogFocus<HTMLElement>();
  const paused = state.data?.paused ?? false;
  return (
    <section
      ref={focus.fallback}
      tabIndex={-1}
      aria-labelledby="register-pause"
      className={`rounded-xl border p-4 shadow-sm outline-none sm:p-5 ${
        paused ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'
      }`}
    >
      <h2 id="register-pause" className="text-sm font-medium text-slate-700">
        {t('bondPause.title')}
      </h2>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p
          className={`flex items-start gap-2 text-sm ${paused ? 'font-medium text-amber-900' : 'text-slate-700'}`}
        >
          {paused ? <PauseCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" /> : null}
          {state.data === undefined
            ? '…'
            : paused
              ? t('bondPause.paused', {
                  when: state.data.changedAt ? formatDateTime(state.data.changedAt, { locale }) : '',
                })
              : t('bondPause.active')}
        </p>
        <Button
          type="button"
          variant={paused ? 'outline' : 'danger'}
          disabled={state.data === undefined}
          onClick={(event) => {
            focus.remember(event);
            setOpen(true);
          }}
        >
          {paused ? t('bondPause.unpause') : t('bondPause.pause')}
        </Button>
      </div>
      <OperatorDialog
        schema={bondPauseInputSchema}
        open={open}
        formKey={paused ? 'unpause' : 'pause'}
        title={paused ? t('bondPause.unpauseTitle') : t('bondPause.pauseTitle')}
        text={paused ? t('bondPause.unpauseText', { code }) : t('bondPause.pauseText', { code })}
        submitLabel={paused ? t('bondPause.unpause') : t('bondPause.pause')}
        destructive={!paused}
        returnFocus={focus.returnFocus}
        onConfirm={async ({ reason }) => {
          const view = await change.mutateAsync({ code, paused: !paused, input: { reason } });
          notify(
            'success',
            view.paused ? t('bondPause.pausedDone', { code }) : t('bondPause.unpausedDone', { code }),
          );
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}

/** The register's overview: the chain check first, then the head and supply figures. */
export function RegisterOverview({ register }: { register: RegisterAdminView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, { locale });
  return (
    <div className="space-y-4">
      <ChainCheck check={register.check} />
      <PauseControl code={register.product} />
      <section
        aria-labelledby="register-head"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 id="register-head" className="text-sm font-medium text-slate-700">
          {t('register.head.title')}
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Figure label={t('register.head.lastSequence')} value={n(register.head.lastSequence)} />
          <Figure label={t('register.head.minted')} value={n(register.head.minted)} />
          <Figure label={t('register.head.burned')} value={n(register.head.burned)} />
          <Figure label={t('register.head.outstanding')} value={n(register.outstanding)} />
          <Figure label={t('register.head.holders')} value={n(register.head.holders)} />
          <Figure label={t('register.head.totalSupply')} value={n(register.totalSupply)} />
        </dl>
        <p className="mt-3 text-xs text-slate-600 [overflow-wrap:anywhere]">
          {t('register.head.lastHash')}: <code className="font-mono">{register.head.lastHash}</code>
        </p>
        <Reconciliation reconciliation={register.reconciliation} />
      </section>
    </div>
  );
}
