import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useVerifyEmail } from './api/verify-email.ts';
import { LinkPending, LinkProblem } from './components/link-outcome.tsx';
import { useErrorText } from './components/use-error-text.ts';

/** /verify-email/{token}: confirms the address on opening; success leads to the login. */
export function VerifyEmailPage() {
  const { t } = useTranslation(['emailLinks', 'accounts']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const { errorText } = useErrorText();
  const started = useRef(false);

  useEffect(() => {
    // once per link, also under StrictMode's double effects: a second PATCH would say 'already verified'
    if (started.current) return;
    started.current = true;
    verify.mutate(token, {
      onSuccess: async ({ email }) => {
        await navigate('/login', { replace: true, state: { email } });
        notify('success', t('notify.emailVerified'));
      },
    });
  }, [token, verify, navigate, t]);

  const title = t('verifyEmail.title');
  if (!verify.isError) return <LinkPending title={title} />;
  const code = verify.error instanceof ApiError ? verify.error.code : '';
  const loginLink = (
    <Link to="/login" className={buttonClasses({ size: 'lg' })}>
      {t('common.toLogin')}
    </Link>
  );
  if (code === 'already_verified') {
    return (
      <LinkProblem title={title} message={errorText(verify.error)}>
        {loginLink}
      </LinkProblem>
    );
  }
  return (
    <LinkProblem title={title} message={errorText(verify.error)}>
      <Link to="/resend-verification" className={buttonClasses({ size: 'lg' })}>
        {t('verifyEmail.requestNew')}
      </Link>
      {loginLink}
    </LinkProblem>
  );
}
