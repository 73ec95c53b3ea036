import type { ProductView } from '@token/domain/catalog-views';
import { formatEuro, formatNumber } from '@token/domain/format';
import {
  checkBid,
  countdown,
  currentMockBidMilli,
  milliToCents,
  milliToUnits,
  mockAuctionEnd,
  mockBidding,
} from '@token/domain/marketplace';
import { Dialog } from 'radix-ui';
import { type FormEvent, type RefObject, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { priceOf } from '../../components/product-card/product-facts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useDialogFocus } from '../../lib/dialog-focus.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { bidOrderPath } from '../../lib/marketplace-paths.ts';

/**
 * Ticks once a second while shown: the auction's remaining time. The mock auction ends with each
 * Berlin day, so at midnight the next one begins (the count never stands still at zero).
 */
function Countdown() {
  const { t } = useTranslation('marketplace');
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const { hours, minutes, seconds } = countdown(mockAuctionEnd(now), now);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    <p className="text-sm text-slate-700">
      {t('bid.endsIn')}{' '}
      <time
        dateTime={`PT${hours}H${minutes}M${seconds}S`}
        className="font-mono font-semibold text-slate-900 tabular-nums"
        data-testid="bid-countdown"
      >
        {two(hours)}:{two(minutes)}:{two(seconds)}
      </time>
    </p>
  );
}

/**
 * spec 1/2/9: the mock bid popup of a collectible: the current bid, a bid input, the fixed balance
 * (47 ETH), fee (0.2 ETH) and total with its euro value at 2,720 EUR per ETH, and the auction's
 * countdown ticking every second. Bidding is not a backend feature: submitting starts an order of
 * one edition at the listed price and continues at /order-process/addresses, as the spec says, and
 * the popup tells the visitor so.
 */
export default function BidDialog({
  product,
  opener,
  onClose,
}: {
  product: ProductView;
  /** The button that opened it: focus goes back there when the popup closes. */
  opener: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketplace');
  const locale = useLocale();
  const navigate = useNavigate();
  // its button, even when a pointer press left the focus on the page (Safari does not focus buttons)
  const focus = useDialogFocus(() => opener.current);
  const [input, setInput] = useState('');
  const [checked, setChecked] = useState(false);
  const inputId = useId();
  const price = priceOf(product) ?? 0;
  const currentMilli = currentMockBidMilli(price);
  const check = checkBid(input, currentMilli);
  const eth = (milli: number) =>
    `${formatNumber(milliToUnits(milli), { locale, maximumFractionDigits: 3 })} ${mockBidding.currency}`;
  const euro = (milli: number) => formatEuro(milliToCents(milli), { locale });
  const error =
    checked && !check.ok ? t(`bid.errors.${check.reason}`, { minimum: eth(check.minimumMilli) }) : undefined;

  // The order process creates the order of one edition and continues at its addresses step.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!check.ok) return;
    onClose();
    void navigate(bidOrderPath(product.code));
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-brand-900">
            {t('bid.title', { name: product.name })}
          </Dialog.Title>
          <Dialog.Description className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t('bid.mockNotice', { price: formatEuro(price, { locale }) })}
          </Dialog.Description>
          <div className="mt-4 flex items-center justify-between gap-3">
            <div>
              <p className="text-xs text-slate-600">{t('bid.current')}</p>
              <p className="text-lg font-semibold text-slate-900" data-testid="bid-current">
                {eth(currentMilli)}
              </p>
            </div>
            <Countdown />
          </div>
          <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
            <Input
              id={inputId}
              label={t('bid.yourBid', { currency: mockBidding.currency })}
              hint={t('bid.minimum', { minimum: eth(currentMilli + mockBidding.stepMilli) })}
              inputMode="decimal"
              autoComplete="off"
              value={input}
              error={error}
              onChange={(e) => setInput(e.target.value)}
              data-testid="bid-input"
            />
            <dl className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">{t('bid.balance')}</dt>
                <dd className="font-medium text-slate-900" data-testid="bid-balance">
                  {eth(mockBidding.balanceMilli)}
                </dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">{t('bid.fee')}</dt>
                <dd className="font-medium text-slate-900" data-testid="bid-fee">
                  {eth(mockBidding.feeMilli)}
                </dd>
              </div>
              <div className="flex justify-between border-t border-slate-200 pt-1">
                <dt className="font-semibold text-slate-900">{t('bid.total')}</dt>
                <dd className="text-right font-semibold text-slate-900" data-testid="bid-total">
                  {check.ok ? (
                    <>
                      {eth(check.totalMilli)}
                      <span className="block text-xs font-normal text-slate-600">
                        {t('bid.inEuro', { amount: euro(check.totalMilli) })}
                      </span>
                    </>
                  ) : (
                    '–'
                  )}
                </dd>
              </div>
            </dl>
            <p className="text-xs text-slate-600">
              {t('bid.rate', { rate: formatEuro(mockBidding.eurPerUnit * 100, { locale }) })}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">{t('bid.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" data-testid="bid-submit">
                {t('bid.submit')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
