import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { customerQuery } from '../../../lib/customer.ts';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { appRedirectState } from '../../../lib/navigation.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { onboardingOfRecord } from '../onboarding-status.ts';

/**
 * After a step was saved: fetch the customer again (the server recomputes `onboarding`) and go where
 * it says, so the flow lives on the server and a reload resumes at the same place. The move is the
 * app's own (nothing prepared is lost), so leaving the process for `/contact`, `/banned` or the
 * dashboard asks nothing. Resolves to the route it went to; null when it stayed (the record names no
 * next step, or the next step is this page).
 */
export function useContinueOnboarding() {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const uuid = useSessionState()?.uuid ?? '';

  return async (opts: {
    from: string;
    /** A list page explains itself why the step is still due; a form says it saved. */
    quietWhenStaying?: boolean;
  }): Promise<string | null> => {
    const record = await queryClient.fetchQuery({ ...customerQuery(uuid), staleTime: 0 });
    const status = onboardingOfRecord(record);
    if (!status) {
      notify('success', t('notify.saved'));
      return null;
    }
    const next = status.nextRoute ?? '/';
    if (next === opts.from) {
      if (!opts.quietWhenStaying) notify('success', t('notify.saved'));
      return null;
    }
    await navigate(next, { state: appRedirectState });
    // after the navigation: every navigation clears the notification bar (spec 2)
    notify('success', next === '/' ? t('notify.finished') : t('notify.saved'));
    return next;
  };
}

/**
 * The "continue" button of a step that saves nothing itself (a list, a status): asks the gate where
 * to go (`useContinueOnboarding`, quiet when staying); `stayed` turns true when the gate keeps the
 * customer on this page, so the page can say why; a failure goes to the notification bar.
 */
export function useContinueStep() {
  const locale = useLocale();
  const { pathname } = useLocation();
  const continueOnboarding = useContinueOnboarding();
  const [continuing, setContinuing] = useState(false);
  const [stayed, setStayed] = useState(false);
  const onContinue = async () => {
    setContinuing(true);
    try {
      const went = await continueOnboarding({ from: pathname, quietWhenStaying: true });
      if (went === null) setStayed(true);
    } catch (err) {
      notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    } finally {
      setContinuing(false);
    }
  };
  return { continuing, stayed, onContinue };
}
