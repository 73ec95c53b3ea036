import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useSession } from '../../lib/session.tsx';
import { useConfirmEmailChange } from './api/confirm-email-change.ts';
import { LinkPending, LinkProblem } from './components/link-outcome.tsx';
import { useErrorText } from './components/use-error-text.ts';

/** /confirm-email/{token}: the new address applies on opening the link from its mailbox. */
export function ConfirmEmailPage() {
  const { t } = useTranslation(['emailLinks', 'accounts']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const confirm = useConfirmEmailChange();
  const { errorText } = useErrorText();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate(token, {
      onSuccess: async ({ email }) => {
        await navigate(isLoggedIn ? '/account' : '/login', { replace: true, state: { email } });
        notify('success', t('notify.emailChanged', { email }));
      },
    });
  }, [token, confirm, navigate, t, isLoggedIn]);

  const title = t('confirmEmail.title');
  if (!confirm.isError) return <LinkPending title={title} />;
  return (
    <LinkProblem title={title} message={errorText(confirm.error)}>
      <Link to={isLoggedIn ? '/account/change-email' : '/login'} className={buttonClasses({ size: 'lg' })}>
        {isLoggedIn ? t('confirmEmail.again') : t('common.toLogin')}
      </Link>
    </LinkProblem>
  );
}
