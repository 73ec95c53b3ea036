import type { OrderView } from '@token/domain/orders';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePaymentConfiguration } from '../api/get-payment-configuration.ts';
import { BankTransferDetails } from './bank-transfer-details.tsx';

/** The bank transfer's data of an order awaiting an offline payment (thank-you and details pages). */
export function OfflinePaymentPanel({ order }: { order: OrderView }) {
  const { t } = useTranslation('orders');
  const payment = order.payments[0] ?? null;
  const configuration = usePaymentConfiguration(order.tokenValue, payment?.id ?? null);
  if (!payment) return null;
  if (configuration.isPending) {
    return (
      <div aria-busy="true" className="rounded-xl border border-slate-200 bg-white p-6">
        <Skeleton className="h-6 w-1/3" />
        <div className="mt-4 space-y-3">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      </div>
    );
  }
  if (configuration.data?.gateway !== 'offline') {
    return configuration.isError ? <p className="text-sm text-slate-700">{t('bank.unavailable')}</p> : null;
  }
  return <BankTransferDetails configuration={configuration.data} />;
}
