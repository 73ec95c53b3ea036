import { formatDateTime, formatEuro } from '@token/domain/format';
import { finalStatementKeys, orderListStatusLabels, riskStatementKeys } from '@token/domain/orders';
import { FileText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { downloadInvoicePdf } from '../api/download-invoice-pdf.ts';
import type { OperatorOrderFile } from '../api/get-order-file.ts';
import type { OrderAction } from '../api/order-actions.ts';
import { Badge } from './badge.tsx';
import { Facts, Section } from './file-section.tsx';
import { creditTone, paymentStateTone, useAdminLabels } from './labels.ts';

/** Which operator actions the order's states allow (the API decides again). */
export function allowedActions(
  order: Pick<OperatorOrderFile, 'checkoutState' | 'paymentState'>,
): Record<OrderAction, boolean> {
  const placed = order.checkoutState === 'completed';
  return {
    cancel: placed && order.paymentState === 'awaiting_payment',
    mark_paid: placed && order.paymentState === 'awaiting_payment',
    refund: placed && (order.paymentState === 'paid' || order.paymentState === 'authorized'),
  };
}

/** Downloads an invoice's PDF, fetched with the operator's bearer token. */
function InvoiceLink({ invoice }: { invoice: { id: number; number: string } }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      await downloadInvoicePdf(invoice);
    } catch (err) {
      notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" disabled={busy} onClick={open}>
      <FileText className="size-4" aria-hidden="true" />
      {t('orderFile.invoicePdf', { number: invoice.number })}
    </Button>
  );
}

/**
 * The operator's order file: actions, investor, items and amounts, statements and § 6
 * declarations in words, payments with reference, invoices with PDF, assigned bank credits,
 * the order's audit log.
 */
export function OrderFileView({
  file,
  onAction,
}: {
  file: OperatorOrderFile;
  onAction: (action: OrderAction) => void;
}) {
  const { t, paymentState, creditStatus, action, yesNo } = useAdminLabels();
  const locale = useLocale();
  const euro = (cents: number) => formatEuro(cents, { locale, fraction: 'always' });
  const allowed = allowedActions(file);
  const statementKeys = ['notUsOrCanadaTaxpayer', ...riskStatementKeys, ...finalStatementKeys] as const;
  const { statements } = file;
  return (
    <div className="grid gap-6">
      <Section title={t('orderFile.actions')} id="order-actions">
        {/* Only what the order's states allow: a greyed button would not say why. */}
        {allowed.cancel || allowed.mark_paid || allowed.refund ? (
          <div className="flex flex-wrap gap-2">
            {allowed.mark_paid && (
              <Button variant="primary" onClick={() => onAction('mark_paid')}>
                {t('orderActions.mark_paid.label')}
              </Button>
            )}
            {allowed.refund && (
              <Button variant="outline" onClick={() => onAction('refund')}>
                {t('orderActions.refund.label')}
              </Button>
            )}
            {allowed.cancel && (
              <Button variant="danger" onClick={() => onAction('cancel')}>
                {t('orderActions.cancel.label')}
              </Button>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t('orderFile.noActions')}</p>
        )}
      </Section>

      <Section title={t('orderFile.order')} id="order-summary">
        <Facts
          items={[
            [t('orderFile.number'), file.number],
            [t('orderFile.status'), orderListStatusLabels[file.listStatus][locale]],
            [
              t('orderFile.paymentState'),
              <Badge key="ps" tone={paymentStateTone(file.paymentState)}>
                {paymentState(file.paymentState)}
              </Badge>,
            ],
            [
              t('orderFile.placedAt'),
              file.checkoutCompletedAt && formatDateTime(file.checkoutCompletedAt, { locale }),
            ],
            [t('orderFile.paymentDueAt'), file.paymentDueAt && formatDateTime(file.paymentDueAt, { locale })],
            [t('orderFile.language'), t(`orderFile.languages.${file.localeCode}`)],
            [
              t('orderFile.legalDocsConfirmAt'),
              file.legalDocsConfirmAt && formatDateTime(file.legalDocsConfirmAt, { locale }),
            ],
            [t('orderFile.notes'), file.notes],
          ]}
        />
      </Section>

      <Section title={t('orderFile.investor')} id="order-investor">
        <Facts
          items={[
            [
              t('orderFile.name'),
              <Link
                key="n"
                to={`/admin/customers/${file.customer.uuid}`}
                className="font-medium text-brand-700 underline"
              >
                {file.customer.fullName}
              </Link>,
            ],
            [t('orderFile.email'), file.customer.email],
            [
              t('orderFile.accountType'),
              t(`accountTypes.${file.customer.accountType}`, { defaultValue: file.customer.accountType }),
            ],
          ]}
        />
      </Section>

      <Section title={t('orderFile.items')} id="order-items">
        <ul className="divide-y divide-slate-100">
          {file.items.map((item) => (
            <li key={item.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium">{item.productName}</span> · {item.variantName}
                <span className="block text-xs text-slate-600">
                  {t('orderFile.quantityAt', { quantity: item.quantity, price: euro(item.unitPrice) })}
                </span>
              </span>
              <span className="font-medium whitespace-nowrap">{euro(item.total)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-slate-200 pt-3 text-sm">
          <dt>{t('orderFile.itemsTotal')}</dt>
          <dd className="text-right">{euro(file.itemsTotal)}</dd>
          {file.discountTotal !== 0 && (
            <>
              <dt>{t('orderFile.discount', { code: file.discountCode ?? '' })}</dt>
              <dd className="text-right">−{euro(Math.abs(file.discountTotal))}</dd>
            </>
          )}
          <dt>{t('orderFile.taxTotal')}</dt>
          <dd className="text-right">{euro(file.taxTotal)}</dd>
          <dt className="font-semibold">{t('orderFile.total')}</dt>
          <dd className="text-right font-semibold">{euro(file.total)}</dd>
        </dl>
      </Section>

      <Section title={t('orderFile.statements')} id="order-statements">
        {statements ? (
          <ul className="space-y-1 text-sm">
            {statementKeys.map((key) => (
              <li key={key}>
                {t(`statements.${key}`)}: <span className="font-medium">{yesNo(statements[key])}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('orderFile.noStatements')}</p>
        )}
        <h3 className="mt-4 mb-2 text-sm font-semibold text-brand-900">{t('orderFile.declarations')}</h3>
        {file.declarations ? (
          <ul className="space-y-1 text-sm">
            <li>
              {t('statements.freeAssetsAtLeast100k')}:{' '}
              <span className="font-medium">{yesNo(file.declarations.freeAssetsAtLeast100k)}</span>
            </li>
            <li>
              {t('statements.averageMonthlyNetIncome')}:{' '}
              <span className="font-medium">
                {file.declarations.averageMonthlyNetIncomeCents === null
                  ? t('values.notGiven')
                  : euro(file.declarations.averageMonthlyNetIncomeCents)}
              </span>
            </li>
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('values.notGiven')}</p>
        )}
      </Section>

      <Section title={t('orderFile.payments')} id="order-payments">
        {file.payments.length === 0 ? (
          <p className="text-sm text-slate-600">{t('orderFile.noPayments')}</p>
        ) : (
          <ul className="space-y-3">
            {file.payments.map((p) => (
              <li key={p.id} className="rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">
                    {t(`paymentMethods.${p.methodCode ?? 'none'}`, { defaultValue: p.methodCode ?? '' })}
                  </span>
                  <Badge tone={paymentStateTone(p.state)}>{paymentState(p.state)}</Badge>
                  <span className="ml-auto font-medium">{euro(p.amount)}</span>
                </div>
                <Facts
                  items={[
                    [t('orderFile.reference'), p.paymentReference],
                    ...(p.cardSessionId
                      ? [[t('orderFile.cardSession'), p.cardSessionId] as [string, ReactNode]]
                      : []),
                    ...(p.cardPaymentIntentId
                      ? [[t('orderFile.cardIntent'), p.cardPaymentIntentId] as [string, ReactNode]]
                      : []),
                    ...(p.refundedAmount > 0
                      ? [[t('orderFile.refundedAmount'), euro(p.refundedAmount)] as [string, ReactNode]]
                      : []),
                    [t('orderFile.updatedAt'), formatDateTime(p.updatedAt, { locale })],
                  ]}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('orderFile.invoices')} id="order-invoices">
        {file.invoices.length === 0 ? (
          <p className="text-sm text-slate-600">{t('orderFile.noInvoices')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {file.invoices.map((invoice) => (
              <li key={invoice.id}>
                <InvoiceLink invoice={invoice} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('orderFile.bankCredits')} id="order-credits">
        {file.bankCredits.length === 0 ? (
          <p className="text-sm text-slate-600">{t('orderFile.noBankCredits')}</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {file.bankCredits.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{euro(c.amountCents)}</span>
                <Badge tone={creditTone(c.status)}>{creditStatus(c.status)}</Badge>
                <span className="text-slate-700 [overflow-wrap:anywhere]">
                  {[
                    c.debtorName,
                    c.bookingDate && formatDateTime(c.bookingDate, { locale }),
                    c.structuredReference ?? c.remittanceText,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('orderFile.auditLog')} id="order-audit">
        {file.auditLog.length === 0 ? (
          <p className="text-sm text-slate-600">{t('audit.empty')}</p>
        ) : (
          <ol className="ml-1">
            {file.auditLog.map((entry) => (
              <li
                key={`${entry.at}-${entry.action}-${entry.reason ?? ''}`}
                className="relative border-l-2 border-slate-200 pb-5 pl-4 last:pb-0"
              >
                <span
                  className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-brand-500"
                  aria-hidden="true"
                />
                <p className="text-sm font-semibold text-brand-900">{action(entry.action)}</p>
                <p className="text-xs text-slate-600">
                  <time dateTime={entry.at}>{formatDateTime(entry.at, { locale })}</time> ·{' '}
                  {t('audit.by', { name: entry.operator ?? t('audit.platform') })}
                </p>
                {entry.reason && (
                  <p className="mt-1 text-sm text-slate-800 [overflow-wrap:anywhere]">
                    {t('audit.reason', { reason: entry.reason })}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}
