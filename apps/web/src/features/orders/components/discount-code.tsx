import { errorMessage } from '@token/domain/errors';
import { formatEuro } from '@token/domain/format';
import { discountAcceptedMessage, type OrderView } from '@token/domain/orders';
import { useEffect, useId, useRef, useState } from 'react';
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
  const fieldId = useId();
  const section = useRef<HTMLElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  // issue 22: after an answer the focus goes back to the field, or to what replaced it
  const [focusTarget, setFocusTarget] = useState<'field' | 'remove' | null>(null);
  const applied = order.discountCode;
  // the controls stay focusable while busy (read-only, aria-disabled): a disabled one drops the focus
  const busy = Boolean(disabled) || apply.isPending;

  useEffect(() => {
    // once the order's new state is shown: the remove button while a code is applied, else the field
    if (!focusTarget || (focusTarget === 'remove') !== Boolean(applied)) return;
    setFocusTarget(null);
    // only when the focus is still here (or was lost), not when the investor has moved on meanwhile
    const active = document.activeElement;
    if (active && active !== document.body && !section.current?.contains(active)) return;
    (applied ? removeButton.current : field.current)?.focus();
  }, [focusTarget, applied]);

  const submit = (couponCode: string | null) => {
    if (busy) return;
    setMessage(null);
    apply.mutate(
      { tokenValue: order.tokenValue, couponCode },
      {
        onSuccess: () => {
          setCode('');
          setMessage(couponCode === null ? null : { ok: true, text: discountAcceptedMessage[locale] });
          setFocusTarget(couponCode === null ? 'field' : 'remove');
        },
        onError: (err) => {
          setMessage({
            ok: false,
            text:
              err instanceof ApiError && err.code === 'discount_code_invalid'
                ? errorMessage('discount_code_invalid', locale)
                : errorMessageOf(err, locale),
          });
          setFocusTarget(couponCode === null ? 'remove' : 'field');
        },
      },
    );
  };

  const error = message && !message.ok ? message.text : null;
  return (
    <section
      ref={section}
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-brand-900">
        {t('discount.title')}
      </h2>
      {applied ? (
        <div key="applied" className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 text-sm text-slate-800" data-testid="discount-applied">
            {t('discount.applied', { code: applied })}
          </p>
          <Button
            ref={removeButton}
            variant="outline"
            size="sm"
            aria-disabled={busy || undefined}
            onClick={() => submit(null)}
          >
            {t('discount.remove')}
          </Button>
        </div>
      ) : (
        <form
          key="form"
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const trimmed = code.trim();
            if (trimmed !== '') submit(trimmed);
          }}
        >
          <Input
            ref={field}
            id={fieldId}
            label={t('discount.code')}
            className="min-w-0 sm:w-64"
            autoComplete="off"
            autoCapitalize="characters"
            value={code}
            maxLength={64}
            // the field says why the code was refused: aria-invalid and aria-describedby (convention 9)
            error={error ?? undefined}
            onChange={(e) => setCode(e.target.value)}
            readOnly={busy}
          />
          <Button
            type="submit"
            variant="outline"
            // the field's label is above the input: the button lines up with the input, not the label
            className="sm:mt-6 sm:min-h-10.5"
            disabled={code.trim() === ''}
            aria-disabled={busy || undefined}
          >
            {t('discount.apply')}
          </Button>
        </form>
      )}
      {/* live regions present from the start (and keyed, so no other element takes their place when
          the form and the applied code swap), so that what appears in them is announced */}
      <div key="alert" role="alert" className={applied ? undefined : 'sr-only'}>
        {error &&
          (applied ? (
            <p className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900">{error}</p>
          ) : (
            t('discount.refused', { message: error })
          ))}
      </div>
      <div key="status" role="status">
        {message?.ok && (
          <p className="mt-3 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">{message.text}</p>
        )}
      </div>
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
