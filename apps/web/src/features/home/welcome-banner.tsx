import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { HtmlContent, splitLeadingHeading } from '../../components/ui/html-content.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useCmsBlock } from '../../lib/cms-block.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.tsx';

/** spec 1: the welcome banner (CMS block home-welcome); sign-up only when logged out, and the offerings. */
export function WelcomeBanner() {
  const { t } = useTranslation(['home', 'common']);
  const { isLoggedIn } = useSession();
  const block = useCmsBlock('home-welcome');
  const { heading, rest } = block.data
    ? splitLeadingHeading(block.data.content)
    : { heading: null, rest: '' };
  return (
    <section className="relative overflow-hidden bg-brand-900 text-white" aria-labelledby="welcome-title">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-accent-500/20 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-accent-100">
            <ShieldCheck className="size-4" aria-hidden="true" />
            {t('home.badge')}
          </p>
          <h1
            id="welcome-title"
            className="mt-5 text-3xl leading-tight font-semibold tracking-tight sm:text-5xl"
          >
            {heading ?? block.data?.name ?? t('home.welcomeTitle')}
          </h1>
          {/* Room for the welcome text as seeded (seven lines on a phone, five from sm up) while it
              loads and after, so the buttons and all below stay put when it arrives. */}
          <div className="mt-5 min-h-[11.5rem] max-w-2xl text-base text-brand-100 sm:min-h-[9.25rem] sm:text-lg">
            {block.isPending ? (
              <div className="space-y-3 pt-1" aria-hidden="true">
                <Skeleton className="h-4 w-full bg-white/20" />
                <Skeleton className="h-4 w-11/12 bg-white/20" />
                <Skeleton className="h-4 w-full bg-white/20" />
                <Skeleton className="h-4 w-4/5 bg-white/20" />
              </div>
            ) : block.data ? (
              <HtmlContent html={rest} className="on-dark" />
            ) : (
              <p>{t('home.welcomeText')}</p>
            )}
          </div>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {!isLoggedIn && (
              <Link
                to="/sign-up"
                className={buttonClasses({ variant: 'secondary', size: 'lg' })}
                data-testid="welcome-sign-up"
              >
                {t('home.signUp')}
              </Link>
            )}
            <Link to="/browse" className={buttonClasses({ variant: 'onDark', size: 'lg' })}>
              {t('home.browse')}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
