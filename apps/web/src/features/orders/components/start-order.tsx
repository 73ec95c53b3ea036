import { shopChannelCode } from '@token/domain/channel';
import { errorMessage } from '@token/domain/errors';
import { evaluateSubscription } from '@token/domain/orders';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { appRedirectState } from '../../../lib/navigation.ts';
import { useCustomerRecord } from '../../../lib/session.tsx';
import { useCreateOrder } from '../api/create-order.ts';
import { currentOrderToken, setCurrentOrderToken } from '../api/current-order.ts';
import { deleteOrder } from '../api/delete-order.ts';
import { useProduct } from '../api/get-product.ts';
import { StepSkeleton } from './no-order.tsx';
import { offerOf, quantityStepOf, subscriberOf } from './offer.ts';
import { isCollectible } from './order-kind.ts';

/**
 * spec 4 order flow: an existing order in preparation is deleted and a new one created. Started by a
 * bid (spec 2), the order holds one edition and the process continues at the addresses step.
 */
export function StartOrder({ productCode, fromBid = false }: { productCode: string; fromBid?: boolean }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const navigate = useNavigate();
  const product = useProduct(productCode);
  const record = useCustomerRecord();
  const create = useCreateOrder();
  const started = useRef(false);
  const p = product.data;
  const c = record.data;
  // issue 18: a collectible is bought, not subscribed
  const context = p && isCollectible(p) ? { context: 'collectible' as const } : {};

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
      const quantity = fromBid ? 1 : Math.max(first.minQuantity, quantityStepOf(p));
      create.mutate(
        { locale, variantCode: variant.code, quantity },
        {
          onSuccess: (order) => {
            setCurrentOrderToken(order.tokenValue);
            const next = fromBid ? '/order-process/addresses' : '/order-process/token';
            void navigate(next, { replace: true, state: appRedirectState });
          },
        },
      );
    })();
  }, [p, c, locale, navigate, create, fromBid]);

  if (product.isError || create.isError || (p && (!p.defaultVariant || !p.allowToBuy))) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
        <p className="font-medium">{t('token.startFailed', context)}</p>
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
          {t('token.backToProduct', context)}
        </Link>
      </div>
    );
  }
  return (
    <div>
      <p className="sr-only" role="status">
        {t('token.starting', context)}
      </p>
      <StepSkeleton />
    </div>
  );
}
