import { formatEuro, formatNumber } from '@token/domain/format';
import { type OrderItemView, type OrderView, vatLabel } from '@token/domain/orders';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { useBillingAddress } from '../api/billing-address.ts';
import { kindContext } from './order-kind.ts';

/**
 * The confirmation step's summary of the order: what, how many, the price, the total, the method
 * and the billing address. A collectible reads "Artikel", "Edition(en)", "Preis" and shows the VAT
 * its price contains as spec 3/9 name it ("19% Mwst." / "19% VAT", issue 18); a bond's rows stay.
 */
export function OrderSummary({ order, item }: { order: OrderView; item: OrderItemView }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const address = useBillingAddress();
  const method = order.payments[0]?.methodCode;
  const a = address.data;
  const collectible = order.kind === 'collectible';
  const context = kindContext(order.kind);
  const total = formatEuro(order.total, { locale, fraction: 'always' });
  const rate = item.taxCategory?.rateBasisPoints ?? 0;
  const rows: [string, string][] = [
    [collectible ? t('summary.item') : t('summary.security'), item.productName],
    [t('summary.quantity', context), formatNumber(item.quantity, { locale })],
    [t('summary.unitPrice', context), formatEuro(item.unitPrice, { locale })],
    ...(!collectible && order.taxTotal > 0
      ? ([[t('summary.tax'), formatEuro(order.taxTotal, { locale })]] as [string, string][])
      : []),
    [t('summary.total', context), total],
    ...(collectible && order.taxTotal > 0
      ? ([
          [
            vatLabel(rate, locale),
            t('summary.vatIncluded', { amount: formatEuro(order.taxTotal, { locale, fraction: 'always' }) }),
          ],
        ] as [string, string][])
      : []),
    [
      t('summary.paymentMethod'),
      method ? t(`summary.methods.${method === 'offline' ? 'offline' : 'card'}`) : '–',
    ],
  ];
  if (a) {
    rows.push([
      t('summary.billingAddress'),
      [`${a.firstName} ${a.lastName}`, a.company, a.street, `${a.postcode} ${a.city}`, a.countryCode]
        .filter(Boolean)
        .join(', '),
    ]);
  }
  return (
    <section
      aria-labelledby="summary-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="summary-title" className="text-lg font-semibold text-brand-900">
        {t('summary.title')}
      </h2>
      <dl className="mt-3 divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 py-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
            <dt className="min-w-0 text-sm break-words text-slate-600">{label}</dt>
            <dd className="min-w-0 font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
