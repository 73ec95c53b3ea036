import { formatDate } from '@token/domain/format';
import {
  type DataExportView,
  dataExportDays,
  erasureRequestInputSchema,
  privacyReauthSchema,
  retentionCategories,
  retentionRules,
} from '@token/domain/privacy';
import { Download, FileArchive, ShieldAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorKeyOf } from '../../lib/error-text.tsx';
import { useDomainForm, useServerErrors } from '../../lib/form.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord, useSessionState } from '../../lib/session.tsx';
import { getDataExportLink } from './api/get-data-export-link.ts';
import { useDataExports } from './api/get-data-exports.ts';
import { useErasureRequests, useOpenPositions } from './api/get-erasure-requests.ts';
import { useRequestDataExport } from './api/request-data-export.ts';
import { useRequestErasure, useWithdrawErasureRequest } from './api/request-erasure.ts';
import { AccountPageShell, Panel } from './components/page-shell.tsx';
import { ReauthenticationFields } from './components/reauthentication-fields.tsx';
import { useErrorText } from './components/use-error-text.ts';

const reauthEmpty = { password: '', code: '' };
const erasureEmpty = { password: '', code: '', reason: '' };

/** A two-factor refusal lands on the code field (shown from then on); other failures as usual. */
function useReauthFailure(setCodeAsked: (asked: boolean) => void) {
  return (err: unknown, setError: (field: 'code', e: { type: string; message: string }) => void) => {
    if (
      err instanceof ApiError &&
      (err.code === 'two_factor_required' || err.code === 'two_factor_invalid')
    ) {
      setCodeAsked(true);
      setError('code', { type: err.code, message: errorKeyOf(err) });
      return true;
    }
    return false;
  };
}

function ExportRow({ item }: { item: DataExportView }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const uuid = useSessionState()?.uuid ?? '';
  const [opening, setOpening] = useState(false);
  const { errorText } = useErrorText();
  const download = async () => {
    setOpening(true);
    try {
      const link = await getDataExportLink(uuid, item.id);
      window.location.assign(link.url);
    } catch (err) {
      notify('error', errorText(err));
    } finally {
      setOpening(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {t('privacy.export.requestedAt', { date: formatDate(item.requestedAt, { locale }) })}
        </p>
        <p className="text-sm text-slate-600">
          {item.state === 'ready' && item.expiresAt
            ? t('privacy.export.readyUntil', { date: formatDate(item.expiresAt, { locale }) })
            : t(`privacy.export.states.${item.state}`)}
        </p>
      </div>
      {item.state === 'ready' && (
        <Button type="button" variant="secondary" onClick={download} disabled={opening}>
          <Download className="size-4" aria-hidden="true" />
          {t('privacy.export.download')}
        </Button>
      )}
    </li>
  );
}

function ExportSection({ twoFactor }: { twoFactor: boolean }) {
  const { t } = useTranslation(['account', 'accounts']);
  const exports = useDataExports();
  const request = useRequestDataExport();
  const [codeAsked, setCodeAsked] = useState(false);
  const { register, handleSubmit, formState, setError, reset } = useDomainForm(
    privacyReauthSchema,
    reauthEmpty,
  );
  const showServerErrors = useServerErrors(setError, ['password', 'code']);
  const onReauthFailure = useReauthFailure(setCodeAsked);
  const needsCode = codeAsked || twoFactor;
  const pending = exports.data?.some((e) => e.state === 'pending') ?? false;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await request.mutateAsync({
        password: values.password,
        code: needsCode && values.code ? values.code : undefined,
      });
      reset(reauthEmpty);
      notify('success', t('privacy.export.requested'));
    } catch (err) {
      if (!onReauthFailure(err, setError)) showServerErrors(err);
    }
  });

  return (
    <Panel title={t('privacy.export.title')}>
      <div className="flex gap-3 text-slate-700">
        <FileArchive className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <p>{t('privacy.export.text', { days: dataExportDays })}</p>
      </div>
      {exports.isPending ? (
        <Skeleton className="mt-4 h-12 w-full" />
      ) : exports.data && exports.data.length > 0 ? (
        <ul
          className="mt-4 divide-y divide-slate-200 border-y border-slate-200"
          aria-label={t('privacy.export.list')}
        >
          {exports.data.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4" aria-label={t('privacy.export.title')}>
        <ReauthenticationFields
          password={{ error: formState.errors.password?.message, field: register('password') }}
          code={needsCode ? { error: formState.errors.code?.message, field: register('code') } : null}
        />
        <Button type="submit" className="w-full sm:w-auto" disabled={formState.isSubmitting || pending}>
          {pending ? t('privacy.export.preparing') : t('privacy.export.submit')}
        </Button>
      </form>
    </Panel>
  );
}

function KeptList() {
  const { t } = useTranslation('account');
  return (
    <ul className="mt-3 space-y-2 text-sm text-slate-700">
      {retentionCategories.map((category) => {
        const years = retentionRules[category].years;
        return (
          <li key={category} className="rounded-lg bg-slate-50 p-3">
            <span className="font-medium text-slate-900">{t(`privacy.kept.${category}`)}</span>{' '}
            <span>
              {years === null ? t('privacy.kept.withRegister') : t('privacy.kept.years', { count: years })}
            </span>{' '}
            <span className="text-slate-500">({retentionRules[category].legalBasis})</span>
          </li>
        );
      })}
    </ul>
  );
}

function ErasureSection({ twoFactor }: { twoFactor: boolean }) {
  const { t } = useTranslation(['account', 'accounts']);
  const locale = useLocale();
  const confirm = useConfirm();
  const requests = useErasureRequests();
  const positions = useOpenPositions();
  const request = useRequestErasure();
  const withdraw = useWithdrawErasureRequest();
  const [codeAsked, setCodeAsked] = useState(false);
  const { register, handleSubmit, formState, setError, reset } = useDomainForm(
    erasureRequestInputSchema,
    erasureEmpty,
  );
  const showServerErrors = useServerErrors(setError, ['password', 'code', 'reason']);
  const onReauthFailure = useReauthFailure(setCodeAsked);
  const { errorText } = useErrorText();
  const needsCode = codeAsked || twoFactor;
  const open = requests.data?.find((r) => r.state === 'requested');
  const blocker = positions.data?.blocker ?? null;

  const onSubmit = handleSubmit(async (values) => {
    const ok = await confirm({
      title: t('privacy.erasure.confirmTitle'),
      message: t('privacy.erasure.confirmMessage'),
      confirmLabel: t('privacy.erasure.confirm'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await request.mutateAsync({
        password: values.password,
        code: needsCode && values.code ? values.code : undefined,
        reason: values.reason || undefined,
      });
      reset(erasureEmpty);
      notify('success', t('privacy.erasure.requested'));
    } catch (err) {
      if (onReauthFailure(err, setError)) return;
      if (err instanceof ApiError && err.code.startsWith('erasure_')) {
        notify('error', errorText(err));
        return;
      }
      showServerErrors(err);
    }
  });

  return (
    <Panel title={t('privacy.erasure.title')} className="mt-6">
      <p className="text-slate-700">{t('privacy.erasure.text')}</p>
      <h3 className="mt-4 font-semibold text-brand-900">{t('privacy.erasure.keptTitle')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t('privacy.erasure.keptText')}</p>
      <KeptList />

      {requests.data?.map((r) => (
        <div key={r.id} className="mt-4 rounded-lg border border-slate-200 p-3 text-sm" role="status">
          <p className="font-medium text-slate-900">
            {t(`privacy.erasure.states.${r.state}`, { date: formatDate(r.requestedAt, { locale }) })}
          </p>
          {r.refusalReason && (
            <p className="mt-1 text-slate-700">
              {t('privacy.erasure.refusalReason', { reason: r.refusalReason })}
            </p>
          )}
          {r.state === 'requested' && (
            <Button
              type="button"
              variant="secondary"
              className="mt-2"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate(r.id)}
            >
              {t('privacy.erasure.withdraw')}
            </Button>
          )}
        </div>
      ))}

      {blocker && !open && (
        <div
          role="alert"
          className="mt-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900"
        >
          <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>{t(`privacy.erasure.blocked.${blocker}`)}</p>
        </div>
      )}

      {!open && (
        <form
          onSubmit={onSubmit}
          noValidate
          className="mt-5 space-y-4"
          aria-label={t('privacy.erasure.title')}
        >
          <Textarea
            label={t('privacy.erasure.reason')}
            hint={t('accounts:hints.optional')}
            error={formState.errors.reason?.message}
            rows={3}
            {...register('reason')}
          />
          <ReauthenticationFields
            password={{ error: formState.errors.password?.message, field: register('password') }}
            code={needsCode ? { error: formState.errors.code?.message, field: register('code') } : null}
          />
          <Button
            type="submit"
            variant="danger"
            className="w-full sm:w-auto"
            disabled={formState.isSubmitting || blocker !== null}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t('privacy.erasure.submit')}
          </Button>
        </form>
      )}
    </Panel>
  );
}

/** /account/privacy: download my data (GDPR Art. 15/20) and request erasure (Art. 17). */
export function PrivacyPage() {
  const { t } = useTranslation('account');
  const record = useCustomerRecord();
  const twoFactor = record.data?.twoFactorEnabled === true;
  return (
    <AccountPageShell title={t('privacy.title')} intro={t('privacy.intro')}>
      <ExportSection twoFactor={twoFactor} />
      <ErasureSection twoFactor={twoFactor} />
    </AccountPageShell>
  );
}
