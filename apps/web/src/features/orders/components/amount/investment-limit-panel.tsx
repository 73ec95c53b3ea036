import { formatEuro } from '@token/domain/format';
import {
  freeAssetsThresholdCents,
  isCorporation,
  limitByIncomeCapCents,
  limitWithFreeAssetsCents,
  limitWithoutStatementCents,
  type Subscriber,
} from '@token/domain/orders';
import { useId } from 'react';
import { Checkbox } from '../../../../components/ui/checkbox.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { useLocale, useTranslation } from '../../../../lib/i18n.ts';
import type { AmountForm } from './use-amount-form.ts';

/**
 * WpPG § 6: the investor's limit and the rule that gives it, and, when a larger amount needs them,
 * the declarations of free assets and monthly income. Professionals and corporations have no limit.
 */
export function InvestmentLimitPanel({
  subscriber,
  limit,
}: {
  subscriber: Subscriber;
  limit: AmountForm['limit'];
}) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const titleId = useId();
  const euro = (cents: number) => formatEuro(cents, { locale });

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-brand-900">
        {t('limit.title')}
      </h2>
      {!limit.isLimited ? (
        <p className="mt-2 text-sm text-slate-700">
          {subscriber.isProfessional
            ? t('limit.professional')
            : isCorporation(subscriber)
              ? t('limit.corporation')
              : null}
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-900" data-testid="investment-limit">
            {t('limit.yours', { amount: euro(limit.cents ?? 0) })}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {t(`limit.reason.${limit.reason}`, {
              base: euro(limitWithoutStatementCents),
              assets: euro(limitWithFreeAssetsCents),
              cap: euro(limitByIncomeCapCents),
            })}
          </p>
          {limit.showDeclarations && (
            <fieldset className="mt-4 space-y-4 rounded-lg bg-slate-50 p-4">
              <legend className="sr-only">{t('limit.declarationsLegend')}</legend>
              <p className="text-sm text-slate-800">
                {t('limit.declarationsIntro', { base: euro(limitWithoutStatementCents) })}
              </p>
              <Checkbox
                label={t('limit.freeAssets', {
                  threshold: euro(freeAssetsThresholdCents),
                  assets: euro(limitWithFreeAssetsCents),
                })}
                checked={limit.freeAssets}
                onChange={(e) => limit.setFreeAssets(e.target.checked)}
              />
              <Input
                label={t('limit.income')}
                hint={t('limit.incomeHint', { cap: euro(limitByIncomeCapCents) })}
                inputMode="decimal"
                className="max-w-xs"
                value={limit.incomeText}
                onChange={(e) => limit.setIncomeText(e.target.value)}
                end={<span className="pr-3 text-sm text-slate-600">€</span>}
              />
            </fieldset>
          )}
        </>
      )}
    </section>
  );
}
