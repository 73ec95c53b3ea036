import { useQuery } from '@tanstack/react-query';
import type { KycDisplay } from '@token/domain/identification';
import type { OnboardingView } from '@token/domain/onboarding';
import { BadgeCheck, Hourglass, MessageSquareWarning, ScanFace, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { latestIdentificationQuery } from '../../lib/identification.ts';
import { useCustomerRecord, useSession, useSessionState } from '../../lib/session.tsx';
import { bannerId, closeBanner, useBannerClosed } from './closed-banners.ts';
import { useNotificationChecker } from './notification-checker.ts';

type Banner = NonNullable<OnboardingView['banner']>;

const styles: Record<Banner, { box: string; icon: typeof ScanFace }> = {
  kyc_start: { box: 'border-brand-200 bg-brand-50 text-brand-900', icon: ScanFace },
  not_approved: { box: 'border-slate-200 bg-slate-50 text-slate-900', icon: Hourglass },
  more_information: { box: 'border-amber-300 bg-amber-50 text-amber-950', icon: MessageSquareWarning },
  welcome: { box: 'border-emerald-200 bg-emerald-50 text-emerald-950', icon: BadgeCheck },
};

/** The KYC banner's wording follows the latest identification (not started, checking, …). */
const kycTexts: Record<KycDisplay, { text: string; action: string | null }> = {
  start: { text: 'banners.kyc.start', action: 'banners.kyc.startAction' },
  in_progress: { text: 'banners.kyc.in_progress', action: 'banners.kyc.statusAction' },
  under_review: { text: 'banners.kyc.under_review', action: 'banners.kyc.statusAction' },
  not_confirmed: { text: 'banners.kyc.not_confirmed', action: 'banners.kyc.restartAction' },
  passed: { text: 'banners.kyc.passed', action: null },
};

const actionClass =
  'inline-flex shrink-0 items-center rounded-md px-1 font-semibold underline underline-offset-2 hover:no-underline';

/**
 * The user banners of spec 2/4 under the header, driven by the customer's `onboarding.banner` (the
 * server's answer): the KYC start link, "not yet approved", "more information needed" with the
 * operator's message and the contact option, and the welcome once the customer may buy. A closed
 * banner stays closed until logout. Also runs the notification checker (spec 4) while logged in.
 */
export function UserBanners() {
  const { t } = useTranslation(['banners', 'common']);
  const { isLoggedIn } = useSession();
  const session = useSessionState();
  const { pathname } = useLocation();
  useNotificationChecker();
  const record = useCustomerRecord();
  const banner = isLoggedIn ? (record.data?.onboarding?.banner ?? null) : null;
  const uuid = session?.uuid ?? '';
  // read from the checker's cache: it polls while this banner shows
  const identification = useQuery({ ...latestIdentificationQuery(uuid), enabled: false });
  const id = banner ? bannerId(banner, record.data?.followUpMessage) : null;
  const closed = useBannerClosed(session?.id, id);

  if (!banner || !id || closed || !session) return null;
  // the identification page says all of this itself
  if (banner === 'kyc_start' && pathname === '/self-disclosure/kyc') return null;

  const { box, icon: Icon } = styles[banner];
  let text: string;
  let action: { to: string; label: string } | null = null;
  let detail: string | null = null;
  if (banner === 'kyc_start') {
    const display = identification.data?.display.display ?? 'start';
    const texts = kycTexts[display];
    text = t(texts.text);
    if (texts.action) action = { to: '/self-disclosure/kyc', label: t(texts.action) };
  } else if (banner === 'more_information') {
    text = t('banners.moreInformation.text');
    detail = record.data?.followUpMessage ?? null;
    action = { to: '/contact', label: t('banners.moreInformation.action') };
  } else if (banner === 'not_approved') {
    text = t('banners.notApproved.text');
  } else {
    text = t('banners.welcome.text');
  }

  return (
    <section
      aria-label={t('banners.region')}
      className={`border-b ${box}`}
      data-testid="user-banner"
      data-banner={banner}
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 sm:px-6">
        <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1 text-sm">
          <p>
            <span className="font-medium">{text}</span>
            {action && action.to !== pathname && (
              <>
                {' '}
                <Link to={action.to} className={actionClass}>
                  {action.label}
                </Link>
              </>
            )}
          </p>
          {detail && (
            <blockquote className="mt-1 border-l-2 border-current/30 pl-3 whitespace-pre-line [overflow-wrap:anywhere]">
              {detail}
            </blockquote>
          )}
        </div>
        <button
          type="button"
          onClick={() => closeBanner(session.id, id)}
          className="-m-1 shrink-0 rounded p-1 hover:bg-black/5"
          aria-label={t('banners.close')}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
