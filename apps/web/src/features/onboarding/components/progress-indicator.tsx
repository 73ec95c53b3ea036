import { isOnboardingStepSettled } from '@token/domain/onboarding';
import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { OnboardingStep, OnboardingStepView } from '../onboarding-status.ts';

/**
 * The self-disclosure's progress (process SELF_DISCLOSURE): the steps as the server lists them in
 * `customer.onboarding.steps`, in its order; the list is fixed for the account type, so the count
 * never changes, and a step the answers made unnecessary shows as not needed (decision 015). An
 * ordered list, the step on screen marked `aria-current="step"`; steps done (and the one due) link
 * there, so they can be corrected. On phones it is a row of segments under "Step 3 of 8 · PEP";
 * from `lg` on a numbered list beside the page.
 */
export function ProgressIndicator({
  steps,
  viewing,
}: {
  steps: readonly OnboardingStepView[];
  /** The step whose page is open; the server's current step when the page is none of them. */
  viewing: OnboardingStep | null;
}) {
  const { t } = useTranslation('onboarding');
  const viewedIndex = steps.findIndex((s) => s.step === viewing);
  const shownIndex =
    viewedIndex >= 0
      ? viewedIndex
      : Math.max(
          0,
          steps.findIndex((s) => s.state === 'current'),
        );
  const shown = steps[shownIndex];
  const doneCount = steps.filter((s) => isOnboardingStepSettled(s.state)).length;

  return (
    <nav aria-label={t('progress.label')} className="lg:sticky lg:top-24">
      {/* phones and tablets: one line of text, the list below as segments (its names for screen readers) */}
      <p className="flex items-baseline justify-between gap-3 text-sm lg:hidden" aria-hidden="true">
        <span className="font-medium text-brand-900">{shown ? t(`steps.${shown.step}`) : ''}</span>
        <span className="shrink-0 text-slate-600">
          {t('progress.stepOf', { current: shownIndex + 1, total: steps.length })}
        </span>
      </p>
      <ol className="mt-2 flex gap-1 lg:mt-0 lg:flex-col lg:gap-0">
        {steps.map((s, i) => {
          const isViewed = i === shownIndex;
          const label = t(`steps.${s.step}`);
          const stateText = t(`progress.state.${s.state}`);
          const marker = (
            <>
              {/* the segment (phones) */}
              <span
                aria-hidden="true"
                className={`block h-1.5 w-full rounded-full lg:hidden ${
                  s.state === 'done'
                    ? 'bg-accent-600'
                    : s.state === 'skipped'
                      ? 'bg-accent-100'
                      : isViewed
                        ? 'bg-brand-700'
                        : 'bg-slate-200'
                }`}
              />
              {/* the numbered bubble (desktop) */}
              <span
                aria-hidden="true"
                className={`hidden size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold lg:flex ${
                  s.state === 'done'
                    ? 'border-accent-600 bg-accent-600 text-white'
                    : s.state === 'skipped'
                      ? 'border-dashed border-slate-300 bg-white text-slate-400'
                      : isViewed
                        ? 'border-brand-800 bg-brand-800 text-white'
                        : 'border-slate-300 bg-white text-slate-600'
                }`}
              >
                {s.state === 'done' ? (
                  <Check className="size-4" />
                ) : s.state === 'skipped' ? (
                  <Minus className="size-4" />
                ) : (
                  i + 1
                )}
              </span>
              <span
                className={`sr-only lg:not-sr-only lg:text-sm ${
                  isViewed
                    ? 'lg:font-semibold lg:text-brand-900'
                    : s.state === 'skipped'
                      ? 'lg:text-slate-500'
                      : 'lg:text-slate-700'
                }`}
              >
                {label}
                {s.state === 'skipped' ? (
                  <span className="lg:block lg:text-xs">
                    <span className="sr-only"> (</span>
                    {stateText}
                    <span className="sr-only">)</span>
                  </span>
                ) : (
                  <span className="sr-only"> ({stateText})</span>
                )}
              </span>
            </>
          );
          const itemClass = 'flex h-6 w-full items-center gap-3 rounded-md lg:h-auto lg:px-2 lg:py-2';
          return (
            <li
              key={s.step}
              className="flex-1 lg:flex-none"
              aria-current={isViewed ? 'step' : undefined}
              data-state={s.state}
            >
              {(s.state === 'done' || s.state === 'current') && !isViewed ? (
                <Link to={s.route} className={`${itemClass} hover:lg:bg-brand-50`}>
                  {marker}
                </Link>
              ) : (
                <span className={itemClass}>{marker}</span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="sr-only">{t('progress.summary', { done: doneCount, total: steps.length })}</p>
    </nav>
  );
}
