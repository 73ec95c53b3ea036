import { isOnboardingStepSettled } from '@token/domain/onboarding';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCustomerRecord } from '../../../lib/session.tsx';
import { onboardingOfRecord, stepOfPath } from '../onboarding-status.ts';
import { ProgressIndicator } from './progress-indicator.tsx';

function ProgressSkeleton() {
  return (
    <div aria-hidden="true">
      <Skeleton className="h-5 w-full lg:hidden" />
      <div className="mt-2 flex gap-1 lg:hidden">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-1.5 flex-1" />
        ))}
      </div>
      <div className="hidden space-y-3 lg:block">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-7 w-full" />
        ))}
      </div>
    </div>
  );
}

/**
 * The SELF_DISCLOSURE process (spec 2): the progress indicator from `customer.onboarding.steps`
 * and the open step's page. Leaving the process asks 'All prepared information will be lost' (the
 * app's navigation guard knows the process routes); moving on after a save does not.
 */
export function SelfDisclosureLayout() {
  const { t } = useTranslation('onboarding');
  const { pathname } = useLocation();
  const record = useCustomerRecord();
  const status = onboardingOfRecord(record.data);
  const step = stepOfPath(pathname);
  const title = step ? t(`steps.${step}`) : t('shell.title');

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <DocumentTitle title={step ? `${title} · ${t('shell.title')}` : title} />
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside className="min-h-10 lg:min-h-0">
          {status ? (
            <ProgressIndicator steps={status.steps} viewing={step} />
          ) : record.isPending ? (
            <ProgressSkeleton />
          ) : null}
        </aside>
        <div className="mt-6 min-w-0 lg:mt-0">
          <p className="text-sm font-medium text-accent-700">{t('shell.title')}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">{title}</h1>
          <div className="mt-6">
            <Outlet />
          </div>
        </div>
      </div>
    </div>
  );
}

/** /self-disclosure itself: the step that is due (the entry gate sends there); home when none is. */
export function SelfDisclosureIndex() {
  const status = onboardingOfRecord(useCustomerRecord().data);
  const due =
    status?.steps.find((s) => s.state === 'current') ??
    status?.steps.find((s) => !isOnboardingStepSettled(s.state));
  return <Navigate replace to={due?.route ?? status?.nextRoute ?? '/'} />;
}
