import { leaveProcessDecision } from '@token/domain/navigation';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useConfirm } from '../components/ui/confirm-dialog.tsx';
import { notifyFailure } from '../lib/error-text.tsx';
import { i18n, loadNamespace, useTranslation } from '../lib/i18n.ts';
import {
  appRedirectState,
  cancelProcess,
  discardUnsavedChanges,
  hasUnsavedChanges,
} from '../lib/navigation.ts';
import { notify } from '../lib/notifications.ts';
import { useSession } from '../lib/session.tsx';

/**
 * The logout of the header (issue 22): it leaves the page, so it first asks what the navigation guard
 * (navigation-guard.tsx) asks on leaving for `/` (spec 2: an open order process, or unsaved input).
 * The guard itself cannot: it sees the move to `/` only after the session has ended. Confirmed (or
 * nothing to ask), it does what the guard does (cancels the process, forgets unsaved input), goes to
 * `/` as the app's own move (the guard does not ask twice), ends the session and says so; resolves to
 * whether it logged out. Cancelled, nothing happens and focus is back on the button pressed.
 */
export function useLogOut(): () => Promise<boolean> {
  const { t } = useTranslation();
  const { logout } = useSession();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return useCallback(async () => {
    const leaving = leaveProcessDecision(pathname, '/');
    if (leaving.confirm || hasUnsavedChanges()) {
      const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const ok = await confirm({
        title: t(leaving.confirm ? 'navigation.leaveProcessTitle' : 'navigation.unsavedTitle'),
        message: t(leaving.confirm ? 'navigation.leaveProcess' : 'navigation.unsaved'),
        confirmLabel: t('navigation.leaveConfirm'),
        cancelLabel: t('navigation.stay'),
        destructive: true,
      });
      if (!ok) {
        trigger?.focus();
        return false;
      }
      if (leaving.confirm) {
        try {
          await cancelProcess(leaving.process);
        } catch (err) {
          notifyFailure(err);
        }
      }
      discardUnsavedChanges();
    }
    await navigate('/', { state: appRedirectState });
    await logout();
    await loadNamespace('accounts');
    notify('success', i18n.t('accounts:notify.loggedOut'));
    return true;
  }, [confirm, logout, navigate, pathname, t]);
}
