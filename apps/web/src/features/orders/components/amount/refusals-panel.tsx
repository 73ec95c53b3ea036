import { errorMessage } from '@token/domain/errors';
import { formatEuro } from '@token/domain/format';
import { useLocale, useTranslation } from '../../../../lib/i18n.ts';
import type { AmountForm } from './use-amount-form.ts';

/**
 * Why the investor cannot continue: the buying rules (spec 5) first, then every refusal of the
 * domain's `evaluateSubscription`, in the error catalogue's words; nothing when there is none.
 */
export function RefusalsPanel({ form }: { form: AmountForm }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const { buyBlocked, refusals } = form;
  if (buyBlocked === null && refusals.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <ul className="space-y-1" data-testid="refusals">
        {buyBlocked === 'professional_only' || refusals.includes('professional_only') ? (
          <li>{errorMessage('professional_only', locale)}</li>
        ) : buyBlocked !== null ? (
          <li>{errorMessage('buy_not_allowed', locale)}</li>
        ) : null}
        {refusals
          .filter((r) => r !== 'professional_only')
          .map((r) => (
            <li key={r}>
              {errorMessage(r, locale)}
              {r === 'investment_limit_exceeded' &&
                ` ${t('limit.exceeded', {
                  total: formatEuro(form.holding.existingTotalCents + form.amountCents, { locale }),
                  limit: formatEuro(form.limit.cents ?? 0, { locale }),
                })}`}
            </li>
          ))}
      </ul>
    </div>
  );
}
