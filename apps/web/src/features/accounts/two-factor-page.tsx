import { type CustomerResource, recoveryCodeCount, twoFactorCodeSchema } from '@token/domain/accounts';
import { safeRedirectPath } from '@token/domain/navigation';
import { ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorKeyOf, notifyFailure } from '../../lib/error-text.tsx';
import { useDomainForm } from '../../lib/form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useDisableTwoFactor } from './api/disable-two-factor.ts';
import { useTwoFactorQrCode } from './api/get-two-factor-qr-code.ts';
import { useVerifyTwoFactor } from './api/verify-two-factor.ts';
import { AccountPageShell, Panel } from './components/page-shell.tsx';
import { RecoveryCodes } from './components/recovery-codes.tsx';
import { SecretKey } from './components/secret-key.tsx';

const codeFormSchema = z.object({ code: twoFactorCodeSchema });

/** A one-field code form; a wrong code is said on the field (spec 8 'Incorrect Two-Factor Authentication code'). */
function CodeForm({
  formLabel,
  label,
  hint,
  submit,
  submitLabel,
  destructive,
  onCode,
}: {
  formLabel: string;
  label: string;
  hint: string;
  submit: string;
  submitLabel: string;
  destructive?: boolean;
  onCode: (code: string) => Promise<void>;
}) {
  const { register, handleSubmit, formState, setError, setFocus } = useDomainForm(codeFormSchema, {
    code: '',
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'two_factor_invalid') {
        setError('code', { type: err.code, message: errorKeyOf(err) });
        setFocus('code', { shouldSelect: true });
        return;
      }
      notifyFailure(err);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={formLabel}>
      <Input
        label={label}
        hint={hint}
        error={formState.errors.code?.message}
        announceError
        required
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        className="sm:max-w-sm"
        {...register('code')}
      />
      <Button
        type="submit"
        size="lg"
        variant={destructive ? 'danger' : 'primary'}
        className="w-full sm:w-auto"
        disabled={formState.isSubmitting}
      >
        {formState.isSubmitting ? submitLabel : submit}
      </Button>
    </form>
  );
}

function Enrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation(['account', 'accounts']);
  const qr = useTwoFactorQrCode(true);
  const verify = useVerifyTwoFactor();
  const step = (n: number, title: string) => (
    <h2 className="flex items-center gap-3 text-lg font-semibold text-brand-900">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-900 text-sm text-white">
        {n}
      </span>
      {title}
    </h2>
  );
  return (
    <div className="space-y-6">
      <Panel>
        {step(1, t('twoFactor.step1'))}
        <p className="mt-2 text-slate-700">{t('twoFactor.step1Text')}</p>
        <div className="mt-5 flex flex-col gap-6 sm:flex-row sm:items-start">
          {qr.data ? (
            <img
              src={qr.data.qrCodeFormat}
              alt={t('twoFactor.qrAlt')}
              width={192}
              height={192}
              className="size-48 shrink-0 self-center rounded-lg border border-slate-200 bg-white p-2 sm:self-start"
            />
          ) : (
            <Skeleton className="size-48 shrink-0 self-center sm:self-start" />
          )}
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-slate-800">{t('twoFactor.manualKey')}</p>
            <p className="mb-2 text-sm text-slate-600">{t('twoFactor.manualKeyText')}</p>
            {qr.data ? <SecretKey secret={qr.data.secret} /> : <Skeleton className="h-10 w-full max-w-sm" />}
            {qr.isError && (
              <Button variant="outline" className="mt-3" onClick={() => void qr.refetch()}>
                {t('common.retry')}
              </Button>
            )}
          </div>
        </div>
      </Panel>
      <Panel>
        {step(2, t('twoFactor.step2'))}
        <p className="mt-2 mb-4 text-slate-700">{t('twoFactor.step2Text')}</p>
        <CodeForm
          formLabel={t('twoFactor.step2')}
          label={t('fields.authenticatorCode')}
          hint={t('hints.totpCode')}
          submit={t('twoFactor.enable')}
          submitLabel={t('common.saving')}
          onCode={async (code) => {
            const { recoveryCodes } = await verify.mutateAsync(code);
            onEnabled(recoveryCodes);
            notify('success', t('notify.twoFactorEnabled'));
          }}
        />
      </Panel>
    </div>
  );
}

function Enabled({ record }: { record: CustomerResource }) {
  const { t } = useTranslation(['account', 'accounts']);
  const disable = useDisableTwoFactor();
  return (
    <div className="space-y-6">
      <Panel>
        <p className="flex items-center gap-3 font-semibold text-accent-700">
          <ShieldCheck className="size-6 shrink-0" aria-hidden="true" />
          {t('twoFactor.isOn')}
        </p>
        <p className="mt-2 text-slate-700">{t('twoFactor.isOnText', { email: record.email })}</p>
      </Panel>
      <Panel title={t('twoFactor.disableTitle')}>
        <p className="-mt-2 mb-4 text-slate-700">{t('twoFactor.disableText')}</p>
        <CodeForm
          formLabel={t('twoFactor.disableTitle')}
          label={t('fields.code')}
          hint={t('hints.loginCode')}
          submit={t('twoFactor.disable')}
          submitLabel={t('common.saving')}
          destructive
          onCode={async (code) => {
            await disable.mutateAsync(code);
            notify('success', t('notify.twoFactorDisabled'));
          }}
        />
      </Panel>
    </div>
  );
}

/**
 * /account/two-factor (spec 4): set up with the QR code or the grouped key, confirm with a code,
 * then the recovery codes once; turning it off needs a code too. With `returnTo` (a transfer sent the
 * investor here) the last step leads back there.
 */
export function TwoFactorPage() {
  const { t } = useTranslation(['account', 'accounts']);
  const record = useCustomerRecord();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const c = record.data;
  // a page that needs two-factor (a token transfer) sends the investor here and back afterwards
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  const doneTo = returnTo ? safeRedirectPath(returnTo) : '/account';

  let content: ReactNode;
  if (recoveryCodes && c) {
    content = (
      <Panel>
        <p className="flex items-center gap-3 font-semibold text-accent-700">
          <ShieldCheck className="size-6 shrink-0" aria-hidden="true" />
          {t('twoFactor.isOn')}
        </p>
        <h2 className="mt-5 text-lg font-semibold text-brand-900">{t('twoFactor.codesTitle')}</h2>
        <p className="mt-1 mb-4 text-slate-700">{t('twoFactor.codesText', { count: recoveryCodeCount })}</p>
        <RecoveryCodes codes={recoveryCodes} email={c.email} />
        <Link to={doneTo} className={buttonClasses({ size: 'lg', className: 'mt-6 w-full sm:w-auto' })}>
          {returnTo ? t('twoFactor.continue') : t('twoFactor.done')}
        </Link>
      </Panel>
    );
  } else if (!c) {
    content = (
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-6" aria-hidden="true">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  } else if (c.twoFactorEnabled) {
    content = <Enabled record={c} />;
  } else {
    content = <Enrolment onEnabled={setRecoveryCodes} />;
  }

  return (
    <AccountPageShell
      title={t('twoFactor.title')}
      intro={
        <p className="flex items-start gap-2">
          {c?.twoFactorEnabled || recoveryCodes ? (
            <ShieldCheck className="mt-0.5 size-5 shrink-0 text-accent-700" aria-hidden="true" />
          ) : c ? (
            <ShieldOff className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
          ) : (
            <Smartphone className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
          )}
          <span>{t('twoFactor.intro')}</span>
        </p>
      }
    >
      {content}
    </AccountPageShell>
  );
}
