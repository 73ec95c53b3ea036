import { formatEuro } from '@token/domain/format';
import {
  type CompleteCollectibleOrderInput,
  completeCollectibleOrderInputSchema,
  digitalContentConsentTexts,
  type OrderItemView,
  type OrderView,
} from '@token/domain/orders';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { formResolver } from '../../../lib/validation.ts';
import { useCompleteOrder } from '../api/complete-order.ts';
import { goOnAfterPlacing } from './after-placing.ts';
import { CheckoutHeading } from './checkout-heading.tsx';
import { OrderSummary } from './order-summary.tsx';

const consentFields = ['immediateDelivery', 'withdrawalLossAcknowledged'] as const;

/**
 * The confirmation step of a collectible (issue 18): the summary with the VAT the price contains,
 * and instead of a bond's documents and statements the consumer's express consent to the supply of
 * the digital content before the withdrawal period ends and the acknowledgement that the right of
 * withdrawal is thereby lost (§ 356 Abs. 5 BGB). The wording is the domain's, the same the API
 * stores with the order and prints on the invoice; both boxes must be ticked to buy.
 */
export function CollectibleConfirmation({ order, item }: { order: OrderView; item: OrderItemView }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const navigate = useNavigate();
  const complete = useCompleteOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CompleteCollectibleOrderInput>({
    resolver: formResolver(completeCollectibleOrderInputSchema, locale),
    mode: 'onChange',
    defaultValues: {
      notes: null,
      digitalContentConsent: { immediateDelivery: false, withdrawalLossAcknowledged: false },
    },
  });
  const { register, handleSubmit, watch, setError, formState } = form;
  const consentGiven = completeCollectibleOrderInputSchema.safeParse(watch()).success;
  const texts = digitalContentConsentTexts[locale];

  const onSubmit = handleSubmit(async (input) => {
    if (complete.isPending) return;
    setFailure(null);
    try {
      const placed = await complete.mutateAsync({ tokenValue: order.tokenValue, ...input });
      await goOnAfterPlacing(placed, navigate, locale);
    } catch (err) {
      let onField = false;
      if (err instanceof ApiError) {
        for (const v of err.violations) {
          const field = consentFields.find((f) => v.propertyPath === `digitalContentConsent.${f}`);
          if (field) {
            setError(`digitalContentConsent.${field}`, { type: v.code, message: v.message });
            onField = true;
          }
        }
      }
      if (!onField) setFailure(errorMessageOf(err, locale));
    }
  });

  const e = formState.errors.digitalContentConsent;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <CheckoutHeading page="confirmation" kind="collectible">
        {t('confirmation.intro', { context: 'collectible' })}
      </CheckoutHeading>
      <OrderSummary order={order} item={item} />
      <section
        aria-labelledby="consent-title"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="consent-title" className="text-lg font-semibold text-brand-900">
          {t('consent.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('consent.intro')}</p>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">{t('consent.legend')}</legend>
          <Checkbox
            label={texts.immediateDelivery}
            required
            error={e?.immediateDelivery?.message}
            {...register('digitalContentConsent.immediateDelivery')}
          />
          <Checkbox
            label={texts.withdrawalLossAcknowledged}
            required
            error={e?.withdrawalLossAcknowledged?.message}
            {...register('digitalContentConsent.withdrawalLossAcknowledged')}
          />
        </fieldset>
      </section>
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={() => void navigate('/order-process/payment-methods')}>
          {t('process.back')}
        </Button>
        <Button
          type="submit"
          size="lg"
          disabled={!consentGiven}
          // while the order is placed: pressed once, and the focus stays on it (issue 22)
          aria-disabled={complete.isPending || undefined}
        >
          {t('confirmation.complete', {
            amount: formatEuro(order.total, { locale, fraction: 'always' }),
            context: 'collectible',
          })}
        </Button>
      </div>
    </form>
  );
}
