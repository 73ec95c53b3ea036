import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.tsx';

/** spec 4: logout ends the session, forgets the customer's data and goes to `/`. */
export function useLogOut() {
  const { t } = useTranslation('accounts');
  const { logout } = useSession();
  const navigate = useNavigate();
  return async () => {
    await logout();
    await navigate('/');
    notify('success', t('notify.loggedOut'));
  };
}
