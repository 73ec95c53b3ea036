import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notifyFailure } from '../../lib/error-text.tsx';
import { useDomainForm } from '../../lib/form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useSession } from '../../lib/session.tsx';
import { useLogIn } from './api/log-in.ts';
import { DemoHint } from './components/demo-hint.tsx';
import { operatorHome, useLoginTarget, useTargetAfterLogin } from './components/login-target.ts';
import { AuthCard, textLinkClass } from './components/page-shell.tsx';

const loadLoginSchema = () => import('./form-schemas.ts').then(({ loginSchema }) => loginSchema);

/** /login (spec 2): e-mail and password; returns to `redirectPath`; a second factor continues at /login/2fa. */
export function LoginPage() {
  const { t } = useTranslation('accounts');
  const { target, query, hasRedirect } = useLoginTarget();
  const targetAfterLogin = useTargetAfterLogin();
  const { isLoggedIn, customer } = useSession();
  // Someone already logged in who opens /login goes on at once; a fresh login navigates itself.
  const [wasLoggedIn] = useState(isLoggedIn);
  const navigate = useNavigate();
  const location = useLocation();
  const prefilled = (location.state as { email?: unknown } | null)?.email;
  const login = useLogIn();
  // the schema (and zod) load on the first check: /login paints and hydrates without them
  const form = useDomainForm(loadLoginSchema, {
    email: typeof prefilled === 'string' ? prefilled : '',
    password: '',
  });
  const { register, handleSubmit, formState } = form;

  if (wasLoggedIn) {
    return <Navigate replace to={!hasRedirect && customer?.isOperator ? operatorHome : target} />;
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const session = await login.mutateAsync({ email: values.email, password: values.password });
      await navigate(await targetAfterLogin(session), { replace: true });
      notify('success', t('notify.loggedIn'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'two_factor_required') {
        await navigate(`/login/2fa${query}`);
        return;
      }
      notifyFailure(err);
    }
  });

  return (
    <AuthCard
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <>
          <p>
            {t('login.noAccount')}{' '}
            <Link to="/sign-up" className={textLinkClass}>
              {t('login.signUp')}
            </Link>
          </p>
          <p>
            <Link to="/resend-verification" className={textLinkClass}>
              {t('login.resend')}
            </Link>
          </p>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('login.title')}>
        <Input
          label={t('fields.email')}
          hint={t('hints.emailLogin')}
          error={formState.errors.email?.message}
          required
          type="email"
          autoComplete="username"
          inputMode="email"
          {...register('email')}
        />
        <PasswordInput
          label={t('fields.password')}
          hint={t('hints.required')}
          error={formState.errors.password?.message}
          required
          autoComplete="current-password"
          {...register('password')}
        />
        <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
          <Link to="/reset-password" className={`text-sm ${textLinkClass}`}>
            {t('login.forgot')}
          </Link>
          <Button type="submit" size="lg" disabled={formState.isSubmitting}>
            <LogIn className="size-4" aria-hidden="true" />
            {formState.isSubmitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </div>
      </form>
      <DemoHint />
    </AuthCard>
  );
}
