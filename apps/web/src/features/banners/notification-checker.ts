import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycDisplay } from '@token/domain/identification';
import type { OnboardingView } from '@token/domain/onboarding';
import { useEffect, useRef } from 'react';
import { accountKeys, customerQuery } from '../../lib/customer.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { latestIdentificationQuery } from '../../lib/identification.ts';
import { notify } from '../../lib/notifications.ts';
import { useSession, useSessionState } from '../../lib/session.tsx';

/** spec 9: the KYC state is polled every 5 minutes while the KYC banner is active. */
export const kycPollMs = 5 * 60_000;
/** spec 9: the customer is polled every minute until approved with a wallet (`onboarding.mayBuy`). */
export const customerPollMs = 60_000;

/** The customer poll's interval for a record: every minute until the customer may buy. */
export function customerPollInterval(record: { onboarding?: Pick<OnboardingView, 'mayBuy'> } | undefined) {
  return record?.onboarding?.mayBuy ? false : customerPollMs;
}

/** What the checker says when a polled state changes (dedup by message plus type: `notify`). */
const kycNotices: Partial<Record<KycDisplay, 'success' | 'info' | 'error'>> = {
  passed: 'success',
  under_review: 'info',
  not_confirmed: 'error',
};

/**
 * spec 4 notification checker: while logged in, polls the latest identification every 5 minutes
 * while the KYC banner is active, and the customer every minute until they may buy; tells the
 * customer when the identification or the onboarding's banner changes. The polls are queries keyed
 * by the session's customer, so a logout (which clears the cache and the session) stops them.
 */
export function useNotificationChecker(): void {
  const { t } = useTranslation('banners');
  const { isLoggedIn } = useSession();
  const uuid = useSessionState()?.uuid ?? '';
  const active = isLoggedIn && uuid !== '';
  const queryClient = useQueryClient();

  const record = useQuery({
    ...customerQuery(uuid),
    enabled: active,
    refetchInterval: (query) => (active ? customerPollInterval(query.state.data) : false),
  });
  const banner = record.data?.onboarding?.banner ?? null;
  const kycActive = active && banner === 'kyc_start';
  const identification = useQuery({
    ...latestIdentificationQuery(uuid),
    enabled: kycActive,
    refetchInterval: kycActive ? kycPollMs : false,
  });

  // What was seen last in this session: a change after that is news; the first reading is not.
  const seen = useRef<{ uuid: string; banner?: string | null; kyc?: string | null }>({ uuid });
  if (seen.current.uuid !== uuid) seen.current = { uuid };

  const display = identification.data?.display.display ?? null;
  const kycState = identification.data?.state ?? null;
  useEffect(() => {
    if (!identification.isSuccess) return;
    const before = seen.current.kyc;
    seen.current.kyc = kycState;
    if (before === undefined || before === kycState || display === null) return;
    // a new state of the identification changes the onboarding (KYC passed): read the customer again
    void queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) });
    const type = kycNotices[display];
    if (type) notify(type, t(`checker.kyc.${display}`));
  }, [identification.isSuccess, kycState, display, queryClient, uuid, t]);

  const kycPassed = record.data?.kycPassed ?? false;
  useEffect(() => {
    if (!record.isSuccess) return;
    const before = seen.current.banner;
    seen.current.banner = banner;
    if (before === undefined || before === banner) return;
    // the customer poll may bring the passed identification before the KYC poll does
    if (before === 'kyc_start' && kycPassed) notify('success', t('checker.kyc.passed'));
    if (banner === 'welcome') notify('success', t('checker.welcome'));
    if (banner === 'more_information') notify('info', t('checker.moreInformation'));
  }, [record.isSuccess, banner, kycPassed, t]);
}
