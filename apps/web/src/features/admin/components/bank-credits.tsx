import { formatDate, formatDateTime, formatEuro } from '@token/domain/format';
import { bankCreditNoteText } from '@token/domain/payments';
import { Search, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UploadProgressBar } from '../../../components/upload-progress.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { isUploadCancelled, useUpload } from '../../../lib/upload.ts';
import { type BankCreditFilter, bankCreditFilters } from '../api/admin-keys.ts';
import { type StatementImport, useBankCreditActions } from '../api/bank-credit-actions.ts';
import { type BankCreditView, bankCreditsPerPage, useBankCredits } from '../api/get-bank-credits.ts';
import { getOrders, type OperatorOrderRow } from '../api/get-orders.ts';
import { LoadFailed } from './admin-gate.tsx';
import { Badge } from './badge.tsx';
import { creditTone, paymentStateTone, useAdminLabels } from './labels.ts';
import { ListPager } from './list-shell.tsx';
import { OperatorDialog, operatorReasonSchema } from './operator-dialog.tsx';
import { orderPath } from './order-list.tsx';

/** The statement files the API takes: camt.053 / camt.054 XML, at most 10 MB. */
const maxStatementBytes = 10 * 1024 * 1024;

/** Uploads a camt.053 / camt.054 statement with a progress bar; shows the counts the server answers. */
export function StatementUpload() {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const { upload } = useBankCreditActions();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const { progress, percent, run, cancel } = useUpload();
  const [result, setResult] = useState<StatementImport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (chosen: File) => {
    setResult(null);
    setFailure(null);
    // the API judges the bytes again; this spares the operator an upload that would be refused
    if (!/\.xml$/i.test(chosen.name)) {
      setFailure(errorMessageOf(new ApiError({ status: 422, code: 'bank_statement_invalid' }), locale));
      return;
    }
    if (chosen.size > maxStatementBytes) {
      setFailure(errorMessageOf(new ApiError({ status: 413, code: 'bank_statement_too_large' }), locale));
      return;
    }
    setFile(chosen);
    try {
      const counts = await run(chosen, (opts) => upload.mutateAsync({ file: chosen, ...opts }));
      setResult(counts);
      notify('success', t('payments.uploaded', { name: chosen.name }));
    } catch (err) {
      if (!isUploadCancelled(err)) setFailure(errorMessageOf(err, locale));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-brand-900">
        {t('payments.uploadTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('payments.uploadText')}</p>
      <div className="mt-4 flex min-h-10 items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".xml,application/xml,text/xml"
          className="peer sr-only"
          disabled={progress !== null}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) void send(chosen);
          }}
        />
        {progress && file ? (
          <UploadProgressBar fileName={file.name} progress={progress} percent={percent} onCancel={cancel} />
        ) : (
          <label
            htmlFor={inputId}
            className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-brand-900 hover:bg-slate-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500"
          >
            <Upload className="size-4" aria-hidden="true" />
            {t('payments.chooseFile')}
          </label>
        )}
      </div>
      {failure && (
        <p
          role="alert"
          className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          {failure}
        </p>
      )}
      {result && (
        <div
          role="status"
          aria-labelledby={`${inputId}-result`}
          className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          <p id={`${inputId}-result`} className="font-medium">
            {t('payments.result', { name: file?.name ?? '' })}
          </p>
          <dl className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-4">
            {(['credits', 'matched', 'open', 'duplicates'] as const).map((k) => (
              <div key={k}>
                <dt className="text-xs">{t(`payments.counts.${k}`)}</dt>
                <dd className="font-semibold">{result[k]}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </section>
  );
}

/** Searches orders by number or reference and lets the operator choose one. */
function OrderPicker({
  chosen,
  onChoose,
}: {
  chosen: OperatorOrderRow | null;
  onChoose: (o: OperatorOrderRow | null) => void;
}) {
  const { t, paymentState } = useAdminLabels();
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<OperatorOrderRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const listId = useId();
  const find = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!search.trim()) return;
    setBusy(true);
    setFailure(null);
    try {
      setFound((await getOrders({ search: search.trim(), page: 1 })).items);
    } catch (err) {
      setFailure(errorMessageOf(err, locale));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <Input
            label={t('payments.orderSearch')}
            hint={t('payments.orderSearchHint')}
            type="search"
            value={search}
            maxLength={200}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void find();
              }
            }}
          />
        </div>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => void find()}
          aria-label={t('payments.findOrders')}
        >
          <Search className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-800">
          {failure}
        </p>
      )}
      {found && found.length === 0 && <p className="text-sm text-slate-600">{t('payments.noOrdersFound')}</p>}
      {found && found.length > 0 && (
        <fieldset aria-describedby={listId}>
          <legend id={listId} className="text-sm font-medium text-slate-700">
            {t('payments.chooseOrder')}
          </legend>
          <ul className="mt-2 max-h-56 space-y-1 overflow-y-auto">
            {found.map((o) => (
              <li key={o.tokenValue}>
                <label className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                  <input
                    type="radio"
                    name="order"
                    value={o.tokenValue}
                    checked={chosen?.tokenValue === o.tokenValue}
                    onChange={() => onChoose(o)}
                    className="mt-1"
                  />
                  <span className="min-w-0">
                    <span className="font-medium">{o.number ?? o.tokenValue}</span> ·{' '}
                    {formatEuro(o.total, { locale, fraction: 'always' })} ·{' '}
                    <Badge tone={paymentStateTone(o.paymentState)}>{paymentState(o.paymentState)}</Badge>
                    <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
                      {o.customer.name} ·{' '}
                      {o.payments
                        .map((p) => p.paymentReference)
                        .filter(Boolean)
                        .join(', ')}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}

type OpenDialog = { kind: 'assign' | 'return'; credit: BankCreditView };

function CreditFacts({ credit }: { credit: BankCreditView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  return (
    <>
      <span className="block [overflow-wrap:anywhere]">
        {credit.debtorName ?? t('values.notGiven')}
        {credit.debtorIban && <span className="text-slate-600"> · {credit.debtorIban}</span>}
      </span>
      <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
        {credit.structuredReference ?? credit.remittanceText ?? t('payments.noReference')}
      </span>
      <span className="block text-xs text-slate-600">
        {credit.bookingDate
          ? formatDate(credit.bookingDate, { locale })
          : formatDateTime(credit.receivedAt, { locale })}
        {credit.note && ` · ${bankCreditNoteText(credit.note, locale)}`}
      </span>
    </>
  );
}

function CreditActions({ credit, onOpen }: { credit: BankCreditView; onOpen: (d: OpenDialog) => void }) {
  const { t } = useAdminLabels();
  const open = credit.status !== 'matched' && credit.status !== 'returned';
  if (!open) {
    return credit.matchedOrder ? (
      <Link
        to={orderPath(credit.matchedOrder.tokenValue)}
        className="text-sm font-medium text-brand-700 underline"
      >
        {t('payments.toOrder', { number: credit.matchedOrder.number ?? credit.matchedOrder.tokenValue })}
      </Link>
    ) : null;
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="primary"
        onClick={() => onOpen({ kind: 'assign', credit })}
        aria-label={t('payments.assignLabel', { id: credit.id })}
      >
        {t('payments.assign')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => onOpen({ kind: 'return', credit })}
        aria-label={t('payments.returnLabel', { id: credit.id })}
      >
        {t('payments.return')}
      </Button>
    </div>
  );
}

/**
 * The reconciliation list: the bank's credits (open by default: unmatched, partial, excess,
 * duplicate), each assigned to an order or returned with a reason; the statement upload above.
 */
export function BankCredits({
  status,
  page,
  onChange,
}: {
  status: BankCreditFilter;
  page: number;
  onChange: (status: BankCreditFilter, page: number) => void;
}) {
  const { t, creditStatus } = useAdminLabels();
  const locale = useLocale();
  const credits = useBankCredits(status, page);
  const { assign, giveBack } = useBankCreditActions();
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const [order, setOrder] = useState<OperatorOrderRow | null>(null);
  const countId = useId();
  const close = () => {
    setOpen(null);
    setOrder(null);
  };
  const euro = (cents: number) => formatEuro(cents, { locale, fraction: 'always' });

  const confirm = async (reason: string) => {
    if (!open) return;
    if (open.kind === 'assign') {
      if (!order) return;
      await assign.mutateAsync({ id: open.credit.id, orderTokenValue: order.tokenValue, reason });
      notify(
        'success',
        t('payments.assigned', {
          amount: euro(open.credit.amountCents),
          number: order.number ?? order.tokenValue,
        }),
      );
    } else {
      await giveBack.mutateAsync({ id: open.credit.id, reason });
      notify('success', t('payments.returned', { amount: euro(open.credit.amountCents) }));
    }
    close();
  };

  return (
    <div className="space-y-4">
      <StatementUpload />
      <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2">
        <Select
          label={t('payments.status')}
          value={status}
          options={bankCreditFilters.map((s) => ({ value: s, label: t(`payments.filters.${s}`) }))}
          onChange={(e) => onChange(e.target.value as BankCreditFilter, 1)}
        />
      </div>
      <section
        aria-labelledby={countId}
        aria-busy={credits.isFetching}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 id={countId} className="mb-3 text-sm font-medium text-slate-700">
          {credits.data ? t('payments.count', { count: credits.data.totalItems }) : t('payments.title')}
        </h2>
        {credits.isPending ? (
          <div className="space-y-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : credits.isError ? (
          <LoadFailed error={credits.error} retry={() => credits.refetch()} />
        ) : credits.data.items.length === 0 ? (
          <p className="py-6 text-center text-slate-600">{t('payments.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {credits.data.items.map((c) => (
              <li key={c.id} className="flex flex-col gap-3 py-3 text-sm sm:flex-row sm:items-start">
                <div className="flex shrink-0 items-center gap-2 sm:w-44 sm:flex-col sm:items-start">
                  <span className="font-semibold text-brand-900">{euro(c.amountCents)}</span>
                  <Badge tone={creditTone(c.status)}>{creditStatus(c.status)}</Badge>
                </div>
                <div className="min-w-0 flex-1">
                  <CreditFacts credit={c} />
                </div>
                <CreditActions credit={c} onOpen={setOpen} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {credits.data && (
        <ListPager
          page={page}
          totalItems={credits.data.totalItems}
          perPage={bankCreditsPerPage}
          onPage={(p) => onChange(status, p)}
        />
      )}
      <OperatorDialog
        schema={operatorReasonSchema}
        open={open !== null}
        title={open?.kind === 'return' ? t('payments.returnTitle') : t('payments.assignTitle')}
        text={
          open
            ? t(open.kind === 'return' ? 'payments.returnText' : 'payments.assignText', {
                amount: euro(open.credit.amountCents),
                name: open.credit.debtorName ?? t('values.notGiven'),
              })
            : ''
        }
        submitLabel={open?.kind === 'return' ? t('payments.returnSubmit') : t('payments.assignSubmit')}
        destructive={open?.kind === 'return'}
        canSubmit={open?.kind !== 'assign' || order !== null}
        onConfirm={({ reason }) => confirm(reason)}
        onClose={close}
      >
        {open?.kind === 'assign' && <OrderPicker chosen={order} onChoose={setOrder} />}
      </OperatorDialog>
    </div>
  );
}
