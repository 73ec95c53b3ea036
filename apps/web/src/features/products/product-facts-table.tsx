import type { AttributeView, ProductView } from '@token/domain/catalog-views';
import { formatDate, formatEuro, formatNumber, formatPercent } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import { type TFunction, useLocale, useTranslation } from '../../lib/i18n.ts';

// Shown elsewhere on the page (the more-information button), not as a row.
const hiddenAttributes = new Set(['url_more_information']);

function formatAttribute(a: AttributeView, locale: Locale, t: TFunction): string {
  switch (a.type) {
    case 'percent':
      return formatPercent(a.stringValue, { locale });
    case 'money': {
      const cents = Number(a.stringValue);
      return Number.isSafeInteger(cents) ? formatEuro(cents, { locale }) : a.stringValue;
    }
    case 'date':
      return formatDate(a.stringValue, { locale });
    case 'integer': {
      const n = Number(a.stringValue);
      if (!Number.isFinite(n)) return a.stringValue;
      return a.code === 'term_months'
        ? t('product.months', { count: n, formatted: formatNumber(n, { locale }) })
        : formatNumber(n, { locale });
    }
    default:
      return a.stringValue;
  }
}

/** Key facts of a bond: its attributes (coupon, term, maturity, ISIN...) and investor restrictions. */
export function ProductFactsTable({ product }: { product: ProductView }) {
  const { t } = useTranslation(['products', 'common']);
  const locale = useLocale();
  const rows: { label: string; value: string; code: string }[] = product.attributes
    .filter((a) => !hiddenAttributes.has(a.code))
    .map((a) => ({ code: a.code, label: a.name, value: formatAttribute(a, locale, t) }));
  const r = product.investorRestrictions;
  if (r.professionalOnly)
    rows.push({
      code: 'professional_only',
      label: t('product.restrictions.professionalOnly'),
      value: t('common.yes'),
    });
  if (r.investorLimit !== null) {
    rows.push({
      code: 'investor_limit',
      label: t('product.restrictions.investorLimit'),
      value: formatNumber(r.investorLimit, { locale }),
    });
  }
  if (r.minimumSubscription !== null) {
    rows.push({
      code: 'minimum_subscription',
      label: t('product.restrictions.minimumSubscription'),
      value: formatEuro(r.minimumSubscription, { locale }),
    });
  }
  if (r.maximumOrderNonProfessional !== null) {
    rows.push({
      code: 'maximum_order',
      label: t('product.restrictions.maximumOrderNonProfessional'),
      value: formatEuro(r.maximumOrderNonProfessional, { locale }),
    });
  }
  if (product.blockchainName && !product.attributes.some((a) => a.code === 'blockchain')) {
    rows.push({ code: 'blockchain_name', label: t('product.blockchain'), value: product.blockchainName });
  }
  if (rows.length === 0) return null;
  return (
    <dl className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
      {rows.map((row) => (
        <div key={row.code} className="grid grid-cols-2 gap-4 px-4 py-3 text-sm" data-attribute={row.code}>
          <dt className="text-slate-600">{row.label}</dt>
          <dd className="text-right font-medium break-words text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
