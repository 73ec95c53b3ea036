import { buyBlockers } from '@token/domain/buying';
import type { ProductView } from '@token/domain/catalog-views';
import { shopChannelCode } from '@token/domain/channel';
import { errorMessage } from '@token/domain/errors';
import { formatEuro, formatNumber } from '@token/domain/format';
import {
  evaluateSubscription,
  freeAssetsThresholdCents,
  investmentLimitOf,
  isCorporation,
  isSubjectToInvestmentLimit,
  limitByIncomeCapCents,
  limitWithFreeAssetsCents,
  limitWithoutStatementCents,
  type OrderView,
  type Section6Declarations,
  type Subscriber,
} from '@token/domain/orders';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorMessageOf } from '../../lib/errors.ts';
import { useLocale } from '../../lib/i18n.ts';
import { appRedirectState } from '../../lib/navigation.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useChangeItemQuantity } from './api/change-item-quantity.ts';
import { useCreateOrder } from './api/create-order.ts';
import { currentOrderToken, setCurrentOrderToken, useCurrentOrderToken } from './api/current-order.ts';
import { deleteOrder } from './api/delete-order.ts';
import { useOrder } from './api/get-order.ts';
import { useOrders } from './api/get-orders.ts';
import { useProduct } from './api/get-product.ts';
import { readDeclarations, writeDeclarations } from './components/declarations-store.ts';
import { DiscountCode } from './components/discount-code.tsx';
import { isClosed, NoOrder, StepSkeleton } from './components/no-order.tsx';
import { holdingOf, offerOf, quantityStepOf, subscriberOf } from './components/offer.ts';

/**
 * spec 2 /order-process/token. Opened by a buy-now button as `?product=CODE`, it first creates the
 * order (`POST orders`, `POST orders/{token}/items`); then the investor chooses the amount.
 */
export function TokenStepPage() {
  const [params] = useSearchParams();
  const productCode = params.get('product');
  return productCode ? <StartOrder productCode={productCode} /> : <TokenStep />;
}

/** spec 4 order flow: an existing order in preparation is deleted and a new one created. */
function StartOrder({ productCode }: { productCode: string }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const navigate = useNavigate();
  const product = useProduct(productCode);
  const record = useCustomerRecord();
  const create = useCreateOrder();
  const started = useRef(false);
  const p = product.data;
  const c = record.data;

  useEffect(() => {
    if (!p || !c || started.current) return;
    const variant = p.defaultVariant;
    if (!variant || !p.allowToBuy) return;
    started.current = true;
    const subscriber = subscriberOf(c);
    const unitPrice =
      (variant.channelPricings[shopChannelCode] ?? Object.values(variant.channelPricings)[0])?.price ?? 0;
    const offer = offerOf(p, unitPrice);
    const first = evaluateSubscription({
      subscriber,
      offer,
      holding: { existingTotalCents: 0, isExistingInvestor: false, distinctInvestors: 0 },
      quantity: quantityStepOf(p),
      declarations: null,
    });
    void (async () => {
      const previous = currentOrderToken();
      if (previous) {
        setCurrentOrderToken(null);
        // the old cart only holds nothing; if it cannot be deleted now the server lets it expire
        await deleteOrder(previous).catch(() => undefined);
      }
      create.mutate(
        { locale, variantCode: variant.code, quantity: Math.max(first.minQuantity, quantityStepOf(p)) },
        {
          onSuccess: (order) => {
            setCurrentOrderToken(order.tokenValue);
            void navigate('/order-process/token', { replace: true, state: appRedirectState });
          },
        },
      );
    })();
  }, [p, c, locale, navigate, create]);

  if (product.isError || create.isError || (p && (!p.defaultVariant || !p.allowToBuy))) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
        <p className="font-medium">{t('token.startFailed')}</p>
        <p className="mt-1 text-sm">
          {create.isError
            ? errorMessageOf(create.error, locale)
            : product.isError
              ? errorMessageOf(product.error, locale)
              : errorMessage('buy_not_allowed', locale)}
        </p>
        <Link
          to={`/products/${encodeURIComponent(productCode)}`}
          className={buttonClasses({ variant: 'outline', className: 'mt-3' })}
        >
          {t('token.backToProduct')}
        </Link>
      </div>
    );
  }
  return (
    <div>
      <p className="sr-only" role="status">
        {t('token.starting')}
      </p>
      <StepSkeleton />
    </div>
  );
}

function TokenStep() {
  const token = useCurrentOrderToken();
  const order = useOrder(token);
  const item = order.data?.items[0];
  const product = useProduct(item?.productCode ?? null);
  const record = useCustomerRecord();
  const orders = useOrders(1);

  if (!token || order.isError || isClosed(order.data) || (order.data && !item)) return <NoOrder />;
  if (!order.data || !item || !product.data || !record.data || orders.isPending) return <StepSkeleton />;
  return (
    <AmountForm
      key={order.data.tokenValue}
      order={order.data}
      product={product.data}
      subscriber={subscriberOf(record.data)}
      otherOrders={orders.data?.items ?? []}
      buyBlocked={
        buyBlockers(
          { ...product.data, professionalOnly: product.data.investorRestrictions.professionalOnly },
          {
            hasWallet: record.data.defaultWallet !== null,
            kycPassed: record.data.kycPassed,
            status: record.data.status,
            cryptoRegistrarStatus: record.data.cryptoRegistrarStatus,
            isProfessional: subscriberOf(record.data).isProfessional,
          },
        ).filter((b) => b !== 'sold_out')[0] ?? null
      }
    />
  );
}

/** A quantity as typed ("2500", "2.500", "2 500"); null when it is not a whole number of at least 1. */
function typedQuantity(value: string): number | null {
  const n = Number(value.replace(/[\s.]/g, ''));
  return value.trim() !== '' && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** Parses whole euros as typed ("2500", "2.500", "2 500"); null when empty or not a number. */
function euroInputToCents(value: string): number | null {
  const cleaned = value.replace(/[\s.']/g, '').replace(',', '.');
  if (cleaned === '') return null;
  const n = Number(cleaned);
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

function AmountForm({
  order,
  product,
  subscriber,
  otherOrders,
  buyBlocked,
}: {
  order: OrderView;
  product: ProductView;
  subscriber: Subscriber;
  otherOrders: Parameters<typeof holdingOf>[0];
  buyBlocked: string | null;
}) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const navigate = useNavigate();
  const item = order.items[0]!;
  const change = useChangeItemQuantity();
  const [draft, setDraft] = useState(item.quantity);
  const [typed, setTyped] = useState(String(item.quantity));
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const initial = readDeclarations(order.tokenValue);
  const [freeAssets, setFreeAssets] = useState(initial.freeAssetsAtLeast100k);
  const [incomeText, setIncomeText] = useState(
    initial.averageMonthlyNetIncomeCents === null ? '' : String(initial.averageMonthlyNetIncomeCents / 100),
  );
  const ids = { quantity: useId(), summary: useId(), limit: useId() };

  const step = quantityStepOf(product);
  const offer = offerOf(product, item.unitPrice);
  const holding = holdingOf(otherOrders, order, item.productCode);
  const declarations: Section6Declarations = {
    freeAssetsAtLeast100k: freeAssets,
    averageMonthlyNetIncomeCents: euroInputToCents(incomeText),
  };
  const judge = (quantity: number, d: Section6Declarations | null) =>
    evaluateSubscription({ subscriber, offer, holding, quantity, declarations: d });
  // what any declaration could allow (bounds the +/- buttons) and what the given ones allow
  const potential = judge(draft, null);
  const actual = judge(draft, declarations);
  const limited = isSubjectToInvestmentLimit(subscriber);
  const limitOf = investmentLimitOf(subscriber, declarations);
  const limit = limitOf?.cents ?? null;
  const amount = draft * item.unitPrice;
  // the figure beside the field is for what is typed, none while that is no quantity (issue 15: after
  // "1,500" it kept showing the previous valid amount)
  const typedNow = typedQuantity(typed);
  const typedAmount = typedNow === null ? null : typedNow * item.unitPrice;
  const showDeclarations =
    limited && (potential.needsDeclaration || declarations.freeAssetsAtLeast100k || incomeText.trim() !== '');
  // which § 6 rule gives the limit: none declared, the free assets, or the income
  const limitReason = limitOf?.rule ?? 'base';

  const commit = (next: number) => {
    if (next === item.quantity && next === draft) return;
    const previous = item.quantity;
    setDraft(next);
    setTyped(String(next));
    setQuantityError(null);
    change.mutate(
      { tokenValue: order.tokenValue, orderItemId: item.id, quantity: next },
      {
        onSuccess: (updated) => {
          const q = updated.items[0]?.quantity ?? next;
          setDraft(q);
          setTyped(String(q));
        },
        // spec 4: a failed quantity change reverts to the previous quantity
        onError: (err) => {
          setDraft(previous);
          setTyped(String(previous));
          setQuantityError(errorMessageOf(err, locale));
        },
      },
    );
  };

  const commitTyped = () => {
    const n = typedQuantity(typed);
    if (n === null) {
      setTyped(String(draft));
      setQuantityError(errorMessage('quantity_invalid', locale));
      return;
    }
    if (n !== draft) commit(n);
  };

  const canContinue =
    buyBlocked === null && actual.refusals.length === 0 && !change.isPending && Number(typed) === draft;

  const onContinue = () => {
    writeDeclarations(order.tokenValue, declarations);
    void navigate('/order-process/addresses');
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">
          {t('token.title')}
        </h1>
        <p className="mt-1 text-slate-700">{t('token.intro', { name: item.productName })}</p>
      </div>

      <section
        aria-labelledby={ids.summary}
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id={ids.summary} className="text-lg font-semibold text-brand-900">
          {item.productName}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {t('token.pricePerToken', { price: formatEuro(item.unitPrice, { locale }) })}
          {step > 1 && ` · ${t('token.step', { step: formatNumber(step, { locale }) })}`}
        </p>

        <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-end">
          <div className="flex items-end gap-2">
            <Button
              variant="outline"
              className="h-10.5 w-11 shrink-0 px-0"
              aria-label={t('token.less', { step: formatNumber(step, { locale }) })}
              aria-controls={ids.quantity}
              disabled={change.isPending || draft - step < potential.minQuantity}
              onClick={() => commit(draft - step)}
            >
              <Minus className="size-4" aria-hidden="true" />
            </Button>
            <Input
              id={ids.quantity}
              label={t('token.quantity')}
              inputMode="numeric"
              className="w-40"
              value={typed}
              error={quantityError ?? undefined}
              onChange={(e) => setTyped(e.target.value)}
              onBlur={commitTyped}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  commitTyped();
                }
              }}
              disabled={change.isPending}
            />
            <Button
              variant="outline"
              className="h-10.5 w-11 shrink-0 px-0"
              aria-label={t('token.more', { step: formatNumber(step, { locale }) })}
              aria-controls={ids.quantity}
              disabled={change.isPending || draft + step > potential.maxQuantity}
              onClick={() => commit(draft + step)}
            >
              <Plus className="size-4" aria-hidden="true" />
            </Button>
          </div>
          <div className="sm:ml-auto sm:text-right">
            <p className="text-sm text-slate-600">{t('token.amount')}</p>
            <p
              className="text-2xl font-semibold text-slate-900"
              data-testid="order-amount"
              aria-live="polite"
            >
              {typedAmount === null ? '–' : formatEuro(typedAmount, { locale, fraction: 'always' })}
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
              })}
            </li>
          )}
          {holding.existingTotalCents > 0 && (
            <li>{t('token.existing', { amount: formatEuro(holding.existingTotalCents, { locale }) })}</li>
          )}
        </ul>
        {actual.lowRemainingTokens && (
          <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="low-remaining">
            {t('token.lowRemaining')}
          </p>
        )}
      </section>

      <DiscountCode order={order} disabled={change.isPending} />

      <section
        aria-labelledby={ids.limit}
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id={ids.limit} className="text-lg font-semibold text-brand-900">
          {t('limit.title')}
        </h2>
        {!limited ? (
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
              {t('limit.yours', { amount: formatEuro(limit ?? 0, { locale }) })}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              {t(`limit.reason.${limitReason}`, {
                base: formatEuro(limitWithoutStatementCents, { locale }),
                assets: formatEuro(limitWithFreeAssetsCents, { locale }),
                cap: formatEuro(limitByIncomeCapCents, { locale }),
              })}
            </p>
            {showDeclarations && (
              <fieldset className="mt-4 space-y-4 rounded-lg bg-slate-50 p-4">
                <legend className="sr-only">{t('limit.declarationsLegend')}</legend>
                <p className="text-sm text-slate-800">
                  {t('limit.declarationsIntro', {
                    base: formatEuro(limitWithoutStatementCents, { locale }),
                  })}
                </p>
                <Checkbox
                  label={t('limit.freeAssets', {
                    threshold: formatEuro(freeAssetsThresholdCents, { locale }),
                    assets: formatEuro(limitWithFreeAssetsCents, { locale }),
                  })}
                  checked={freeAssets}
                  onChange={(e) => setFreeAssets(e.target.checked)}
                />
                <Input
                  label={t('limit.income')}
                  hint={t('limit.incomeHint', { cap: formatEuro(limitByIncomeCapCents, { locale }) })}
                  inputMode="decimal"
                  className="max-w-xs"
                  value={incomeText}
                  onChange={(e) => setIncomeText(e.target.value)}
                  end={<span className="pr-3 text-sm text-slate-600">€</span>}
                />
              </fieldset>
            )}
          </>
        )}
      </section>

      {(buyBlocked !== null || actual.refusals.length > 0) && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <ul className="space-y-1" data-testid="refusals">
            {buyBlocked === 'professional_only' || actual.refusals.includes('professional_only') ? (
              <li>{errorMessage('professional_only', locale)}</li>
            ) : buyBlocked !== null ? (
              <li>{errorMessage('buy_not_allowed', locale)}</li>
            ) : null}
            {actual.refusals
              .filter((r) => r !== 'professional_only')
              .map((r) => (
                <li key={r}>
                  {errorMessage(r, locale)}
                  {r === 'investment_limit_exceeded' &&
                    ` ${t('limit.exceeded', {
                      total: formatEuro(holding.existingTotalCents + amount, { locale }),
                      limit: formatEuro(limit ?? 0, { locale }),
                    })}`}
                </li>
              ))}
          </ul>
        </div>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to="/" className={buttonClasses({ variant: 'ghost' })}>
          {t('process.cancel')}
        </Link>
        <Button size="lg" disabled={!canContinue} onClick={onContinue}>
          {t('process.next')}
        </Button>
      </div>
    </div>
  );
}
