import { formatDate, formatEuro } from '@token/domain/format';
import type { PaymentConfigurationView } from '@token/domain/orders';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { GiroCode } from './giro-code.tsx';

type OfflineConfiguration = Extract<PaymentConfigurationView, { gateway: 'offline' }>;

/** IBANs in groups of four, as printed on statements and read aloud. */
function groupIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="min-w-0 text-sm break-words text-slate-600">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * What an investor paying by bank transfer needs: the issuer's account, the amount, the structured
 * reference to quote, the due date, and the same as a GiroCode that banking apps scan.
 */
export function BankTransferDetails({ configuration }: { configuration: OfflineConfiguration }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const c = configuration;
  return (
    <section
      aria-labelledby="bank-transfer-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="bank-transfer-title" className="text-lg font-semibold text-brand-900">
        {t('bank.title')}
      </h2>
      <div className="mt-4 flex flex-col gap-6 md:flex-row md:items-start">
        <dl className="min-w-0 flex-1 divide-y divide-slate-100">
          {c.bankAccount && (
            <>
              <Row label={t('bank.holder')} value={c.bankAccount.holder} />
              <Row label={t('bank.iban')} value={groupIban(c.bankAccount.iban)} testId="bank-iban" />
              <Row label={t('bank.bic')} value={c.bankAccount.bic} />
              <Row label={t('bank.bankName')} value={c.bankAccount.bankName} />
            </>
          )}
          <Row
            label={t('bank.amount')}
            value={formatEuro(c.amount, { locale, fraction: 'always' })}
            testId="bank-amount"
          />
          <Row label={t('bank.reference')} value={c.paymentReference} testId="bank-reference" />
          {c.dueAt && <Row label={t('bank.dueAt')} value={formatDate(c.dueAt, { locale })} />}
        </dl>
        {c.epcQrPayload && (
          <figure className="flex shrink-0 flex-col items-center gap-2 md:w-48">
            <GiroCode payload={c.epcQrPayload} label={t('bank.qrLabel')} />
            <figcaption className="text-center text-xs text-slate-600">{t('bank.qrHint')}</figcaption>
          </figure>
        )}
      </div>
      {!c.bankAccount && <p className="mt-3 text-sm text-slate-700">{t('bank.noAccount')}</p>}
      <p className="mt-4 text-sm text-slate-700">{t('bank.referenceHint')}</p>
    </section>
  );
}
