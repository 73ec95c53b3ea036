import { formatEuro } from '@token/domain/format';
import type { OrderPaymentView, OrderView } from '@token/domain/orders';
import { canMethodTakeOrder } from '@token/domain/payments';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { RadioGroup } from '../../components/ui/radio-group.tsx';
import { errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { useCurrentOrderToken } from './api/current-order.ts';
import { useOrder } from './api/get-order.ts';
import { usePaymentConfigurations } from './api/get-payment-configurations.ts';
import { useSelectPaymentMethod } from './api/select-payment-method.ts';
import { CheckoutHeading } from './components/checkout-heading.tsx';
import { isClosed, NoOrder, StepSkeleton } from './components/no-order.tsx';
import { kindContext } from './components/order-kind.ts';

/** spec 2 /order-process/payment-methods: bank transfer or card, as the bond's configurations allow. */
export function PaymentStepPage() {
  const token = useCurrentOrderToken();
  const order = useOrder(token);
  const payment = order.data?.payments[0];
  if (!token || order.isError || isClosed(order.data) || (order.data && !payment)) return <NoOrder />;
  if (!order.data || !payment) return <StepSkeleton />;
  return <PaymentForm order={order.data} payment={payment} />;
}

function PaymentForm({ order, payment }: { order: OrderView; payment: OrderPaymentView }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const navigate = useNavigate();
  const productCode = order.items[0]?.productCode ?? null;
  const configurations = usePaymentConfigurations(productCode);
  const select = useSelectPaymentMethod();
  // a method with a maximum below this order's total cannot take it
  const usable = (configurations.data ?? []).filter((c) =>
    canMethodTakeOrder({ enabled: c.enabled, maximumAmountCents: c.maximumAmount }, order.total),
  );
  const { register, watch, handleSubmit } = useForm<{ paymentMethod: string }>({
    defaultValues: { paymentMethod: payment.methodCode ?? '' },
  });
  const chosen = watch('paymentMethod');
  const value = usable.some((c) => c.paymentMethod.code === chosen) ? chosen : null;

  const onSubmit = handleSubmit(() => {
    if (!value) return;
    select.mutate(
      { tokenValue: order.tokenValue, paymentId: payment.id, methodCode: value },
      { onSuccess: () => void navigate('/order-process/confirmation') },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <CheckoutHeading page="payment-methods">
        {t('payment.intro', { amount: formatEuro(order.total, { locale, fraction: 'always' }) })}
      </CheckoutHeading>
      {configurations.isPending ? (
        <StepSkeleton />
      ) : usable.length === 0 ? (
        <p role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">
          {t('payment.none', kindContext(order.kind))}
        </p>
      ) : (
        <RadioGroup
          label={t('payment.method')}
          required
          options={usable.map((c) => ({
            value: c.paymentMethod.code,
            label: c.paymentMethod.name,
            description: t(c.paymentMethod.code === 'offline' ? 'payment.offlineText' : 'payment.cardText'),
          }))}
          {...register('paymentMethod')}
        />
      )}
      {select.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          {errorMessageOf(select.error, locale)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={() => void navigate('/order-process/addresses')}>
          {t('process.back')}
        </Button>
        <Button type="submit" size="lg" disabled={!value || select.isPending}>
          {t('process.next')}
        </Button>
      </div>
    </form>
  );
}
