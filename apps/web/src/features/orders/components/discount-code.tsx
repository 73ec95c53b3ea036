import { errorMessage } from '@token/domain/errors';
import { formatEuro } from '@token/domain/format';
import { discountAcceptedMessage, type OrderView } from '@token/domain/orders';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { useApplyDiscountCode } from '../api/apply-discount-code.ts';

/**
 * spec 5 discount code on the token step: the code is applied with PATCH orders/{token}/coupon and the
 * order's discounted total shown; a valid code answers 'Success. The discount will be calculated to the
 * sum total.', an unknown one 'This discount code is not valid.' (catalogue `discount_code_invalid`).
 */
export function DiscountCode({ order, disabled }: { order: OrderView; disabled?: boolean }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const apply = useApplyDiscountCode();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const titleId = useId();
  const applied = order.discountCode;

  const submit = (couponCode: string | null) => {
    setMessage(null);
    apply.mutate(
      { tokenValue: order.tokenValue, couponCode },
      {
        onSuccess: () => {
          setCode('');
          setMessage(couponCode === null ? null : { ok: true, text: discountAcceptedMessage[locale] });
        },
        onError: (err) =>
          setMessage({
            ok: false,
            text:
              err instanceof ApiError && err.code === 'discount_code_invalid'
                ? errorMessage('discount_code_invalid', locale)
                : errorMessageOf(err, locale),
          }),
      },
    );
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-brand-900">
        {t('discount.title')}
      </h2>
      {applied ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-800" data-testid="discount-applied">
            {t('discount.applied', { code: applied })}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={disabled || apply.isPending}
            onClick={() => submit(null)}
          >
            {t('discount.remove')}
          </Button>
        </div>
      ) : (
        <form
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const trimmed = code.trim();
            if (trimmed !== '') submit(trimmed);
          }}
        >
          <Input
            label={t('discount.code')}
            className="sm:w-64"
            autoComplete="off"
            autoCapitalize="characters"
            value={code}
            maxLength={64}
            onChange={(e) => setCode(e.target.value)}
            disabled={disabled || apply.isPending}
          />
          <Button
            type="submit"
            variant="outline"
            disabled={disabled || apply.isPending || code.trim() === ''}
          >
            {t('discount.apply')}
          </Button>
        </form>
      )}
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`mt-3 rounded-md p-3 text-sm ${message.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'}`}
        >
          {message.text}
        </p>
      )}
      {order.discountTotal > 0 && (
        <dl className="mt-4 divide-y divide-slate-100 text-sm">
          <div className="flex justify-between gap-4 py-1.5">
            <dt className="text-slate-600">{t('discount.itemsTotal')}</dt>
            <dd className="text-slate-900">{formatEuro(order.itemsTotal, { locale, fraction: 'always' })}</dd>
          </div>
          <div className="flex justify-between gap-4 py-1.5">
            <dt className="text-slate-600">{t('discount.discount')}</dt>
            <dd className="text-slate-900">
              −{formatEuro(order.discountTotal, { locale, fraction: 'always' })}
            </dd>
          </div>
          <div className="flex justify-between gap-4 py-1.5 font-semibold">
            <dt className="text-slate-900">{t('discount.total')}</dt>
            <dd className="text-slate-900" data-testid="discounted-total">
              {formatEuro(order.total, { locale, fraction: 'always' })}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
