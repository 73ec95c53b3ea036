import { twoFactorCodeSchema } from '@token/domain/accounts';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorKeyOf, notifyFailure } from '../../lib/error-text.tsx';
import { useDomainForm } from '../../lib/form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useSession, useTwoFactorState } from '../../lib/session.tsx';
import { clearTwoFactorChallenge } from '../../lib/session-store.ts';
import { useLogInWithCode } from './api/log-in.ts';
import { useLoginTarget, useTargetAfterLogin } from './components/login-target.ts';
import { AuthCard } from './components/page-shell.tsx';

const codeFormSchema = z.object({ code: twoFactorCodeSchema });

/** /login/2fa (spec 2): the second step of a login with two-factor, a TOTP or a recovery code. */
export function LoginTwoFactorPage() {
  const { t } = useTranslation('accounts');
  const { target, query } = useLoginTarget();
  const twoFactor = useTwoFactorState();
  const navigate = useNavigate();
  const login = useLogInWithCode();
  const targetAfterLogin = useTargetAfterLogin();
  const { register, handleSubmit, formState, setError, setFocus } = useDomainForm(codeFormSchema, {
    code: '',
  });
  // The one field takes the focus as the page opens: the visitor came to type the code (the shell's
  // route focus leaves a field the page focused, and still announces the page). Preact, which the
  // app runs on, does not focus an `autoFocus` field that mounts after the first page load.
  useEffect(() => setFocus('code'), [setFocus]);

  const { isLoggedIn } = useSession();
  // Judged once on arrival: the credentials live in memory only, so after a reload the login starts again.
  const [arrival] = useState(() => ({ required: twoFactor.required, isLoggedIn }));
  if (!arrival.required) return <Navigate replace to={arrival.isLoggedIn ? target : `/login${query}`} />;

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const session = await login.mutateAsync(code);
      await navigate(await targetAfterLogin(session), { replace: true });
      notify('success', t('notify.loggedIn'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'two_factor_invalid') {
        // announced by the field (an alert it is described by); the focus stays in the field with
        // the refused code selected, so the next one is typed over it (issue 22)
        setError('code', { type: err.code, message: errorKeyOf(err) });
        setFocus('code', { shouldSelect: true });
        return;
      }
      notifyFailure(err);
      setFocus('code', { shouldSelect: true });
    }
  });

  return (
    <AuthCard
      title={t('loginTwoFactor.title')}
      icon={<ShieldCheck className="size-10" aria-hidden="true" />}
      intro={
        <>
          <p>{t('loginTwoFactor.intro')}</p>
          {twoFactor.email && (
            <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">
              {t('loginTwoFactor.account', { email: twoFactor.email })}
            </p>
          )}
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('loginTwoFactor.title')}>
        <Input
          label={t('fields.code')}
          hint={t('hints.loginCode')}
          error={formState.errors.code?.message}
          announceError
          required
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          {...register('code')}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button
            variant="ghost"
            size="lg"
            onClick={async () => {
              clearTwoFactorChallenge();
              await navigate(`/login${query}`, { replace: true });
            }}
          >
            {t('loginTwoFactor.back')}
          </Button>
          <Button type="submit" size="lg" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('login.submitting') : t('loginTwoFactor.submit')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
