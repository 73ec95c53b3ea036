import type { CustomerResource } from '@token/domain/accounts';
import type { ProductView } from '@token/domain/catalog-views';
import type { OrderItemView, OrderListRowView, OrderView } from '@token/domain/orders';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useCurrentOrderToken } from './api/current-order.ts';
import { useOrder } from './api/get-order.ts';
import { useOrders } from './api/get-orders.ts';
import { useProduct } from './api/get-product.ts';
import { InvestmentLimitPanel } from './components/amount/investment-limit-panel.tsx';
import { QuantityPanel } from './components/amount/quantity-panel.tsx';
import { RefusalsPanel } from './components/amount/refusals-panel.tsx';
import { buyBlockerOf, useAmountForm } from './components/amount/use-amount-form.ts';
import { CheckoutHeading } from './components/checkout-heading.tsx';
import { DiscountCode } from './components/discount-code.tsx';
import { isClosed, NoOrder, StepSkeleton } from './components/no-order.tsx';
import { subscriberOf } from './components/offer.ts';
import { kindContext } from './components/order-kind.ts';
import { StartOrder } from './components/start-order.tsx';

/**
 * spec 2 /order-process/token. Opened by a buy-now button as `?product=CODE`, it first creates the
 * order (`POST orders`, `POST orders/{token}/items`); then the investor chooses the amount. Opened by
 * the (mock) bid popup as `?product=CODE&start=bid`, it orders one edition and goes on to the
 * addresses step (spec 2).
 */
export function TokenStepPage() {
  const [params] = useSearchParams();
  const productCode = params.get('product');
  if (!productCode) return <TokenStep />;
  return <StartOrder productCode={productCode} fromBid={params.get('start') === 'bid'} />;
}

/** The order in preparation, its bond, the investor and their other orders; the form once all are read. */
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
    <AmountStep
      key={order.data.tokenValue}
      order={order.data}
      item={item}
      product={product.data}
      record={record.data}
      otherOrders={orders.data?.items ?? []}
    />
  );
}

function AmountStep({
  order,
  item,
  product,
  record,
  otherOrders,
}: {
  order: OrderView;
  item: OrderItemView;
  product: ProductView;
  record: CustomerResource;
  otherOrders: readonly OrderListRowView[];
}) {
  const { t } = useTranslation('orders');
  const subscriber = subscriberOf(record);
  const form = useAmountForm({
    order,
    item,
    product,
    subscriber,
    otherOrders,
    buyBlocked: buyBlockerOf(product, record),
  });

  // issue 18: a collectible is bought (its texts; no WpPG § 6 limit to show)
  const context = kindContext(order.kind);
  return (
    <div className="space-y-6">
      <CheckoutHeading page="token" kind={order.kind}>
        {t('token.intro', { name: item.productName, ...context })}
      </CheckoutHeading>
      <QuantityPanel item={item} subscriber={subscriber} form={form} kind={order.kind} />
      <DiscountCode order={order} disabled={form.quantity.isChanging} />
      {order.kind === 'security' && <InvestmentLimitPanel subscriber={subscriber} limit={form.limit} />}
      <RefusalsPanel form={form} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to="/" className={buttonClasses({ variant: 'ghost' })}>
          {t('process.cancel', context)}
        </Link>
        <Button size="lg" disabled={!form.canContinue} onClick={form.onContinue}>
          {t('process.next')}
        </Button>
      </div>
    </div>
  );
}
