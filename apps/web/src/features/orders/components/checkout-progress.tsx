import { Check } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { type CheckoutPage, checkoutSteps } from './checkout-steps.ts';

/**
 * The order process's progress: an ordered list of the presented steps, the open one marked
 * `aria-current="step"` and named with the open page's part ("Identification · Billing address"),
 * the steps before it checked. Segments with "Step 1 of 4" on phones, numbered bubbles from `sm` on.
 */
export function CheckoutProgress({
  page,
  context = {},
}: {
  page: CheckoutPage;
  /** A collectible's texts (issue 18: a purchase, not a subscription). */
  context?: { context?: 'collectible' };
}) {
  const { t } = useTranslation('orders');
  const at = checkoutSteps.indexOf(page.step);
  const part = t(`process.parts.${page.part}`, context);
  return (
    <nav aria-label={t('process.progress', context)}>
      <p className="flex flex-wrap justify-between gap-x-3 text-sm sm:hidden" aria-hidden="true">
        <span className="font-medium text-brand-900">
          {t(`process.steps.${page.step}`)} · {part}
        </span>
        <span className="text-slate-600">
          {t('process.stepOf', { current: at + 1, total: checkoutSteps.length })}
        </span>
      </p>
      <ol className="mt-2 flex gap-1 sm:mt-0 sm:gap-4">
        {checkoutSteps.map((step, i) => {
          const state = i < at ? 'done' : i === at ? 'current' : 'todo';
          return (
            <li
              key={step}
              className="flex flex-1 items-center gap-2"
              aria-current={state === 'current' ? 'step' : undefined}
              data-state={state}
            >
              <span
                aria-hidden="true"
                className={`block h-1.5 w-full rounded-full sm:hidden ${
                  state === 'done' ? 'bg-accent-600' : state === 'current' ? 'bg-brand-700' : 'bg-slate-200'
                }`}
              />
              <span
                aria-hidden="true"
                className={`hidden size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold sm:flex ${
                  state === 'done'
                    ? 'border-accent-600 bg-accent-600 text-white'
                    : state === 'current'
                      ? 'border-brand-800 bg-brand-800 text-white'
                      : 'border-slate-300 bg-white text-slate-600'
                }`}
              >
                {state === 'done' ? <Check className="size-4" /> : i + 1}
              </span>
              <span
                className={`sr-only sm:not-sr-only sm:text-sm ${
                  state === 'current' ? 'sm:font-semibold sm:text-brand-900' : 'sm:text-slate-700'
                }`}
              >
                {t(`process.steps.${step}`)}
                {state === 'current' && (
                  <span className="sm:block sm:text-xs sm:font-normal sm:text-slate-600">
                    <span className="sr-only"> · </span>
                    {part}
                  </span>
                )}
                <span className="sr-only"> ({t(`process.state.${state}`)})</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
