import type { ProductView } from '@token/domain/catalog-views';
import { formatDateTime, formatEuro } from '@token/domain/format';
import {
  type OrderItemView,
  type OrderStatements,
  type OrderView,
  orderStatementsSchema,
} from '@token/domain/orders';
import { FileText, Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { LegalDocumentTitle } from '../../components/legal-document-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { formResolver } from '../../lib/validation.ts';
import { useCompleteOrder } from './api/complete-order.ts';
import { useCurrentOrderToken } from './api/current-order.ts';
import { useOrder } from './api/get-order.ts';
import { useProduct } from './api/get-product.ts';
import { useConfirmLegalDocuments, useSendLegalDocuments } from './api/legal-documents.ts';
import { goOnAfterPlacing } from './components/after-placing.ts';
import { CheckoutHeading } from './components/checkout-heading.tsx';
import { CollectibleConfirmation } from './components/collectible-confirmation.tsx';
import { forgetDeclarations, readDeclarations } from './components/declarations-store.ts';
import { isClosed, NoOrder, StepSkeleton } from './components/no-order.tsx';
import { OrderSummary as Summary } from './components/order-summary.tsx';

const statementFields = [
  'notUsOrCanadaTaxpayer',
  'totalLossRisk',
  'illiquidityRisk',
  'informationTruthful',
  'actingOnOwnAccount',
  'documentsReceived',
] as const satisfies readonly (keyof OrderStatements)[];

/** spec 2 /order-process/confirmation: summary, legal documents, statements, then the order is placed. */
export function ConfirmationStepPage() {
  const token = useCurrentOrderToken();
  const order = useOrder(token);
  const item = order.data?.items[0];
  const product = useProduct(item?.productCode ?? null);
  if (!token || order.isError || isClosed(order.data) || (order.data && !item)) return <NoOrder />;
  if (!order.data || !item || !product.data) return <StepSkeleton />;
  // issue 18: a collectible is bought with the consumer's consent, not subscribed with statements
  if (order.data.kind === 'collectible') return <CollectibleConfirmation order={order.data} item={item} />;
  return <Confirmation order={order.data} item={item} product={product.data} />;
}

function LegalDocuments({ order, product }: { order: OrderView; product: ProductView }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const confirmDocs = useConfirmLegalDocuments();
  const sendDocs = useSendLegalDocuments();
  const confirmed = order.legalDocsConfirmAt !== null;
  return (
    <section
      aria-labelledby="documents-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="documents-title" className="text-lg font-semibold text-brand-900">
        {t('documents.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('documents.intro')}</p>
      {product.legalDocuments.length > 0 && (
        <ul className="mt-3 space-y-2">
          {product.legalDocuments.map((d) => (
            <li key={d.id}>
              <a
                href={d.path}
                target="_blank"
                rel="noopener noreferrer"
                className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm hover:border-brand-300 hover:bg-brand-50"
              >
                <FileText className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span className="min-w-0 flex-1 font-medium break-words text-slate-900">
                  <LegalDocumentTitle document={d} />
                </span>
                <span className="sr-only">({t('documents.newWindow')})</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        {/* issue 22: never disabled, so the focus stays on the box once ticked (a disabled control
            drops it to the page); ticked it stays ticked, as the confirmation cannot be taken back */}
        <Checkbox
          label={t('documents.confirm')}
          checked={confirmed || confirmDocs.isPending}
          aria-disabled={confirmed || undefined}
          onClick={(e) => {
            if (confirmed || confirmDocs.isPending) e.preventDefault();
          }}
          onChange={(e) => {
            if (e.target.checked && !confirmed && !confirmDocs.isPending)
              confirmDocs.mutate(order.tokenValue);
          }}
          hint={
            confirmed && order.legalDocsConfirmAt
              ? t('documents.confirmedAt', { at: formatDateTime(order.legalDocsConfirmAt, { locale }) })
              : undefined
          }
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          // aria-disabled, not disabled, while sending: the focus stays on the button (issue 22)
          aria-disabled={sendDocs.isPending || undefined}
          onClick={() => {
            if (sendDocs.isPending) return;
            sendDocs.mutate(order.tokenValue, { onSuccess: () => notify('success', t('documents.sent')) });
          }}
        >
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          {t('documents.send')}
        </Button>
        {order.legalDocsSentAt && (
          <span className="text-sm text-slate-600">
            {t('documents.sentAt', { at: formatDateTime(order.legalDocsSentAt, { locale }) })}
          </span>
        )}
      </div>
    </section>
  );
}

function Confirmation({
  order,
  item,
  product,
}: {
  order: OrderView;
  item: OrderItemView;
  product: ProductView;
}) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const navigate = useNavigate();
  const complete = useCompleteOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<OrderStatements>({
    resolver: formResolver(orderStatementsSchema, locale),
    mode: 'onChange',
    defaultValues: Object.fromEntries(statementFields.map((f) => [f, false])) as OrderStatements,
  });
  const { register, handleSubmit, watch, setError, formState } = form;
  const values = watch();
  // spec 5: the US/CA statement, one of two risk statements, two of the final statements
  const statementsGiven = orderStatementsSchema.safeParse(values).success;
  const documentsConfirmed = order.legalDocsConfirmAt !== null;
  const canComplete = statementsGiven && documentsConfirmed;

  const onSubmit = handleSubmit(async (statements) => {
    if (complete.isPending) return;
    setFailure(null);
    try {
      const placed = await complete.mutateAsync({
        tokenValue: order.tokenValue,
        statements,
        declarations: readDeclarations(order.tokenValue),
        notes: null,
      });
      forgetDeclarations(order.tokenValue);
      await goOnAfterPlacing(placed, navigate, locale);
    } catch (err) {
      let onField = false;
      if (err instanceof ApiError) {
        for (const v of err.violations) {
          const field = statementFields.find((f) => v.propertyPath.replace(/^statements\./, '') === f);
          if (field) {
            setError(field, { type: v.code, message: v.message });
            onField = true;
          }
        }
      }
      if (!onField) setFailure(errorMessageOf(err, locale));
    }
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <CheckoutHeading page="confirmation">{t('confirmation.intro')}</CheckoutHeading>
      <Summary order={order} item={item} />
      <LegalDocuments order={order} product={product} />
      <section
        aria-labelledby="statements-title"
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="statements-title" className="text-lg font-semibold text-brand-900">
          {t('statements.title')}
        </h2>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">{t('statements.taxLegend')}</legend>
          <Checkbox
            label={t('statements.notUsOrCanadaTaxpayer')}
            required
            error={e.notUsOrCanadaTaxpayer?.message}
            {...register('notUsOrCanadaTaxpayer')}
          />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">{t('statements.riskLegend')}</legend>
          <Checkbox
            label={t('statements.totalLossRisk')}
            error={e.totalLossRisk?.message}
            {...register('totalLossRisk')}
          />
          <Checkbox label={t('statements.illiquidityRisk')} {...register('illiquidityRisk')} />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">{t('statements.finalLegend')}</legend>
          <Checkbox
            label={t('statements.informationTruthful')}
            error={e.informationTruthful?.message}
            {...register('informationTruthful')}
          />
          <Checkbox label={t('statements.actingOnOwnAccount')} {...register('actingOnOwnAccount')} />
          <Checkbox label={t('statements.documentsReceived')} {...register('documentsReceived')} />
        </fieldset>
      </section>
      {!documentsConfirmed && (
        <p className="text-sm text-slate-700" id="complete-hint">
          {t('confirmation.documentsFirst')}
        </p>
      )}
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={() => void navigate('/order-process/payment-methods')}>
          {t('process.back')}
        </Button>
        <Button
          type="submit"
          size="lg"
          disabled={!canComplete}
          // while the order is placed: pressed once, and the focus stays on it (issue 22)
          aria-disabled={complete.isPending || undefined}
          aria-describedby={documentsConfirmed ? undefined : 'complete-hint'}
        >
          {t('confirmation.complete', { amount: formatEuro(order.total, { locale, fraction: 'always' }) })}
        </Button>
      </div>
    </form>
  );
}
