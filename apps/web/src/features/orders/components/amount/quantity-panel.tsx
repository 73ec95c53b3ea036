import { formatEuro, formatNumber } from '@token/domain/format';
import type { OrderItemView, OrderKind, Subscriber } from '@token/domain/orders';
import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { useLocale, useTranslation } from '../../../../lib/i18n.ts';
import { kindContext } from '../order-kind.ts';
import type { AmountForm } from './use-amount-form.ts';

/**
 * The -/+ buttons are never `disabled`: a disabled button drops the keyboard focus to the page
 * (issue 22). At a bound they say so with `aria-disabled`; while a change is saved a press does
 * nothing, without flipping the state a screen reader would announce on every press.
 */
const stepperClass =
  'h-10.5 w-11 shrink-0 px-0 aria-disabled:cursor-not-allowed aria-disabled:border-slate-200 aria-disabled:text-slate-500 aria-disabled:hover:bg-white';

/**
 * The bond and the quantity: price per token, the -/+ buttons in the bond's steps around the typed
 * quantity, the amount of what is typed, and the offer's bounds (minimum, maximum, stock, held).
 */
export function QuantityPanel({
  item,
  subscriber,
  form,
  kind = 'security',
}: {
  item: OrderItemView;
  subscriber: Subscriber;
  form: AmountForm;
  /** A collectible reads "editions" and "price" (issue 18). */
  kind?: OrderKind;
}) {
  const context = kindContext(kind);
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const ids = { quantity: useId(), summary: useId() };
  const { offer, holding, step, quantity: q } = form;
  const stepText = formatNumber(step, { locale });

  return (
    <section
      aria-labelledby={ids.summary}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={ids.summary} className="text-lg font-semibold text-brand-900">
        {item.productName}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t('token.pricePerToken', { price: formatEuro(item.unitPrice, { locale }), ...context })}
        {step > 1 && ` · ${t('token.step', { step: stepText, ...context })}`}
      </p>

      <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex min-w-0 items-end gap-2">
          <Button
            variant="outline"
            className={stepperClass}
            aria-label={t('token.less', { step: stepText, ...context })}
            aria-controls={ids.quantity}
            aria-disabled={!q.canDecrease && !q.isChanging}
            onClick={() => q.canDecrease && q.decrease()}
          >
            <Minus className="size-4" aria-hidden="true" />
          </Button>
          <Input
            id={ids.quantity}
            label={t('token.quantity', context)}
            inputMode="numeric"
            className="min-w-0 flex-1 sm:w-40 sm:flex-none"
            value={q.typed}
            error={q.error ?? undefined}
            onChange={(e) => q.setTyped(e.target.value)}
            onBlur={q.commitTyped}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                q.commitTyped();
              }
            }}
            // read-only, not disabled, while the change is saved: a disabled field loses the focus
            readOnly={q.isChanging}
          />
          <Button
            variant="outline"
            className={stepperClass}
            aria-label={t('token.more', { step: stepText, ...context })}
            aria-controls={ids.quantity}
            aria-disabled={!q.canIncrease && !q.isChanging}
            onClick={() => q.canIncrease && q.increase()}
          >
            <Plus className="size-4" aria-hidden="true" />
          </Button>
        </div>
        <div className="sm:ml-auto sm:text-right">
          <p className="text-sm text-slate-600">{t('token.amount', context)}</p>
          <p className="text-2xl font-semibold text-slate-900" data-testid="order-amount" aria-live="polite">
            {q.typedAmountCents === null
              ? '–'
              : formatEuro(q.typedAmountCents, { locale, fraction: 'always' })}
          </p>
        </div>
      </div>

      <ul className="mt-5 space-y-1 text-sm text-slate-700">
        {offer.minimumSubscriptionCents !== null && (
          <li>{t('token.minimum', { amount: formatEuro(offer.minimumSubscriptionCents, { locale }) })}</li>
        )}
        {!subscriber.isProfessional && offer.maximumOrderCentsNonProfessional !== null && (
          <li>
            {t('token.maximum', { amount: formatEuro(offer.maximumOrderCentsNonProfessional, { locale }) })}
          </li>
        )}
        {offer.availableQuantity !== null && (
          <li>
            {t('token.available', {
              count: offer.availableQuantity,
              formatted: formatNumber(offer.availableQuantity, { locale }),
              ...context,
            })}
          </li>
        )}
        {holding.existingTotalCents > 0 && (
          <li>
            {t('token.existing', { amount: formatEuro(holding.existingTotalCents, { locale }), ...context })}
          </li>
        )}
      </ul>
      {q.lowRemainingTokens && (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="low-remaining">
          {t('token.lowRemaining', context)}
        </p>
      )}
    </section>
  );
}
