import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCustomerRecord } from '../../../lib/session.tsx';
import { onboardingOfRecord, stepOfPath } from '../onboarding-status.ts';

/** A white panel of a self-disclosure page, optionally titled. */
export function Panel({
  title,
  description,
  children,
  className = '',
}: {
  title?: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      {title && <h2 className="text-lg font-semibold text-brand-900">{title}</h2>}
      {description && <div className="mt-1 text-sm text-slate-700">{description}</div>}
      <div className={title || description ? 'mt-4' : ''}>{children}</div>
    </section>
  );
}

/** The step before the open one in the server's order (skipped ones passed over), for the back link; null on the first. */
function usePreviousRoute(): string | null {
  const { pathname } = useLocation();
  const status = onboardingOfRecord(useCustomerRecord().data);
  const step = stepOfPath(pathname);
  if (!status || !step) return null;
  const i = status.steps.findIndex((s) => s.step === step);
  const before = status.steps.slice(0, Math.max(0, i)).filter((s) => s.state !== 'skipped');
  return before.at(-1)?.route ?? null;
}

/**
 * The foot of a step: back to the previous step and the primary action ("Save and continue").
 * `submit` makes the primary a submit button of the surrounding form; else `onContinue` runs.
 */
export function StepActions({
  busy,
  label,
  onContinue,
  disabled,
}: {
  busy: boolean;
  label?: string;
  onContinue?: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('onboarding');
  const previous = usePreviousRoute();
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
      {previous ? (
        <Link to={previous} className={buttonClasses({ variant: 'ghost', className: 'self-start' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('form.back')}
        </Link>
      ) : (
        <span />
      )}
      <Button
        type={onContinue ? 'button' : 'submit'}
        size="lg"
        className="w-full sm:w-auto"
        disabled={busy || disabled}
        aria-busy={busy || undefined}
        onClick={onContinue}
      >
        {busy ? t('form.saving') : (label ?? t('form.saveAndContinue'))}
      </Button>
    </div>
  );
}

/** Placeholders in the shape of a form's panels while its data loads (no layout shift). */
export function FormSkeleton({ panels = [6, 4] }: { panels?: number[] }) {
  return (
    <div className="space-y-6" aria-hidden="true" data-testid="form-skeleton">
      {panels.map((fields, p) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <div key={p} className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
          <Skeleton className="h-5 w-40" />
          <div className="mt-5 grid gap-5 sm:grid-cols-2">
            {Array.from({ length: fields }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
              <div key={i} className="space-y-2">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-10.5 w-full" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** Fetches again the queries of a page that failed. */
export function retryFailed(queries: readonly { isError: boolean; refetch: () => Promise<unknown> }[]): void {
  for (const q of queries) if (q.isError) void q.refetch();
}

/** A page whose data could not be loaded: the reason was shown in the notification bar; try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900" role="alert">
      <p>{t('form.loadFailed')}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        {t('form.retry')}
      </Button>
    </div>
  );
}
