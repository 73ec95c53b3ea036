import { resetPasswordSchema } from '@token/domain/accounts';
import { KeyRound } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDomainForm, useServerErrors } from '../../lib/form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useSession } from '../../lib/session.tsx';
import { useResetPassword } from './api/reset-password.ts';
import { LinkProblem } from './components/link-outcome.tsx';
import { NewPasswordFields } from './components/new-password-fields.tsx';
import { AuthCard } from './components/page-shell.tsx';
import { useErrorText } from './components/use-error-text.ts';

/** /new-password/{token} (spec 2): a new password from the mailed link; then log in with it. */
export function NewPasswordPage() {
  const { t } = useTranslation(['emailLinks', 'accounts']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { isLoggedIn, logout } = useSession();
  const reset = useResetPassword(token);
  const { errorText } = useErrorText();
  const { register, handleSubmit, formState, setError, control } = useDomainForm(resetPasswordSchema, {
    newPassword: '',
    confirmNewPassword: '',
  });
  const password = useWatch({ control, name: 'newPassword' });
  const showServerErrors = useServerErrors(setError, ['newPassword', 'confirmNewPassword']);
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting && !reset.isSuccess);

  const linkBroken = reset.error instanceof ApiError && reset.error.code === 'token_invalid';
  if (linkBroken) {
    return (
      <LinkProblem title={t('newPassword.title')} message={errorText(reset.error)}>
        <Link to="/reset-password" className={buttonClasses({ size: 'lg' })}>
          {t('newPassword.requestNew')}
        </Link>
      </LinkProblem>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      // The reset ended every session, this browser's too.
      if (isLoggedIn) await logout();
      await navigate('/login', { replace: true });
      notify('success', t('notify.passwordReset'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'token_invalid') return;
      showServerErrors(err);
    }
  });

  return (
    <AuthCard
      title={t('newPassword.title')}
      intro={t('newPassword.intro')}
      icon={<KeyRound className="size-10" aria-hidden="true" />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('newPassword.title')}>
        <NewPasswordFields
          password={password}
          fields={{
            newPassword: register('newPassword'),
            confirmNewPassword: register('confirmNewPassword'),
          }}
          errors={formState.errors}
        />
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('common.saving') : t('newPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
