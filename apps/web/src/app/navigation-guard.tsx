import { leaveProcessDecision } from '@token/domain/navigation';
import { useEffect, useRef } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { useConfirm } from '../components/ui/confirm-dialog.tsx';
import { notifyFailure } from '../lib/error-text.tsx';
import { useTranslation } from '../lib/i18n.ts';
import { cancelProcess, discardUnsavedChanges, hasUnsavedChanges, isAppRedirect } from '../lib/navigation.ts';

/**
 * The one navigation blocker of the app (spec 2): leaving a process route for anything but a
 * process or end-of-process route asks 'All prepared information will be lost, are you sure to
 * exit?' and on confirm cancels the process; leaving a page with entered data asks too.
 */
export function NavigationGuard() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const location = useLocation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    // the app's own moves (an entry gate, the next step after a save) lose nothing
    if (isAppRedirect(nextLocation.state)) return false;
    if (leaveProcessDecision(currentLocation.pathname, nextLocation.pathname).confirm) return true;
    return hasUnsavedChanges();
  });
  const handling = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || handling.current) return;
    handling.current = true;
    const leaving = leaveProcessDecision(location.pathname, blocker.location.pathname);
    void (async () => {
      try {
        if (leaving.confirm) {
          const ok = await confirm({
            title: t('navigation.leaveProcessTitle'),
            message: t('navigation.leaveProcess'),
            confirmLabel: t('navigation.leaveConfirm'),
            cancelLabel: t('navigation.stay'),
            destructive: true,
          });
          if (!ok) return blocker.reset();
          try {
            await cancelProcess(leaving.process);
          } catch (err) {
            notifyFailure(err);
          }
          discardUnsavedChanges();
          return blocker.proceed();
        }
        const ok = await confirm({
          title: t('navigation.unsavedTitle'),
          message: t('navigation.unsaved'),
          confirmLabel: t('navigation.leaveConfirm'),
          cancelLabel: t('navigation.stay'),
          destructive: true,
        });
        if (!ok) return blocker.reset();
        discardUnsavedChanges();
        return blocker.proceed();
      } finally {
        handling.current = false;
      }
    })();
  }, [blocker, confirm, location.pathname, t]);

  return null;
}
