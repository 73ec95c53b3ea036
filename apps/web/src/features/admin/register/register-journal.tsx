import { formatDateTime, formatNumber, shortenAddress } from '@token/domain/format';
import { type RegisterEntryAdminView, reversalInputSchema } from '@token/domain/register';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { entriesPerPage, useRegisterEntries } from '../api/get-register-entries.ts';
import { useReverseRegisterEntry } from '../api/reverse-register-entry.ts';
import { Badge } from '../components/badge.tsx';
import { useAdminLabels } from '../components/labels.ts';
import { ListShell } from '../components/list-shell.tsx';
import { OperatorDialog } from '../components/operator-dialog.tsx';
import { useDialogFocus } from './dialog-focus.ts';
import { canOfferReversal, entryKindTone } from './register-labels.ts';

function useEntryWords() {
  const { t } = useAdminLabels();
  return {
    kind: (kind: string) => t(`journal.kinds.${kind}`, { defaultValue: kind }),
    party: (party: RegisterEntryAdminView['from']) => party?.name ?? t('journal.nobody'),
    cause: (entry: RegisterEntryAdminView) => {
      const c = entry.cause;
      switch (c.type) {
        case 'order':
          return t('journal.causes.order', { id: entry.orderNumber ?? c.orderId });
        case 'transfer_request':
          return t('journal.causes.transfer_request', { id: c.transferId });
        case 'redemption':
          return t('journal.causes.redemption', { id: c.reference });
        case 'correction':
          return t('journal.causes.correction', { reverses: c.reverses, reason: c.reason });
      }
    },
  };
}

function TransactionHash({ hash }: { hash: string | null }) {
  const { t } = useAdminLabels();
  if (!hash) return <span>–</span>;
  return (
    <code className="font-mono text-xs" title={hash}>
      <span aria-hidden="true">{shortenAddress(hash)}</span>
      <span className="sr-only">{t('journal.transactionLabel', { hash })}</span>
    </code>
  );
}

function Status({ entry }: { entry: RegisterEntryAdminView }) {
  const { t } = useAdminLabels();
  return entry.status === 'reversed' ? (
    <Badge tone="bad">{t('journal.reversedBy', { sequence: entry.reversedBy ?? '?' })}</Badge>
  ) : (
    <Badge tone="good">{t('journal.confirmed')}</Badge>
  );
}

type Opener = (entry: RegisterEntryAdminView, event: React.MouseEvent<HTMLElement>) => void;

function ReverseButton({ entry, onReverse }: { entry: RegisterEntryAdminView; onReverse: Opener }) {
  const { t } = useAdminLabels();
  if (!canOfferReversal(entry)) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('journal.reverseLabel', { sequence: entry.sequence })}
      onClick={(event) => onReverse(entry, event)}
    >
      {t('journal.reverse')}
    </Button>
  );
}

function EntryTable({ items, onReverse }: { items: RegisterEntryAdminView[]; onReverse: Opener }) {
  const { t } = useAdminLabels();
  const words = useEntryWords();
  const locale = useLocale();
  const columns = [
    'sequence',
    'kind',
    'parties',
    'amount',
    'cause',
    'transaction',
    'recordedAt',
    'status',
  ] as const;
  return (
    <table className="hidden w-full border-collapse text-left text-sm lg:table">
      <thead>
        <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
          {columns.map((c) => (
            <th key={c} scope="col" className={`py-2 pr-3 font-medium ${c === 'amount' ? 'text-right' : ''}`}>
              {t(`journal.columns.${c}`)}
            </th>
          ))}
          <th scope="col" className="py-2">
            <span className="sr-only">{t('journal.reverse')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((e) => (
          <tr key={e.sequence} className="border-b border-slate-100 align-top last:border-0">
            <td className="py-3 pr-3 font-medium text-brand-900 tabular-nums">{e.sequence}</td>
            <td className="py-3 pr-3">
              <Badge tone={entryKindTone(e.kind)}>{words.kind(e.kind)}</Badge>
            </td>
            <td className="py-3 pr-3 [overflow-wrap:anywhere]">
              {words.party(e.from)} → {words.party(e.to)}
            </td>
            <td className="py-3 pr-3 text-right font-medium tabular-nums">
              {formatNumber(e.amount, { locale })}
            </td>
            <td className="max-w-56 py-3 pr-3 [overflow-wrap:anywhere]">{words.cause(e)}</td>
            <td className="py-3 pr-3">
              <TransactionHash hash={e.transactionHash} />
            </td>
            <td className="py-3 pr-3 whitespace-nowrap">{formatDateTime(e.recordedAt, { locale })}</td>
            <td className="py-3 pr-3">
              <Status entry={e} />
            </td>
            <td className="py-3 text-right">
              <ReverseButton entry={e} onReverse={onReverse} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EntryCards({ items, onReverse }: { items: RegisterEntryAdminView[]; onReverse: Opener }) {
  const { t } = useAdminLabels();
  const words = useEntryWords();
  const locale = useLocale();
  return (
    <ul className="grid gap-3 lg:hidden">
      {items.map((e) => (
        <li key={e.sequence} className="rounded-lg border border-slate-200 p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <ScrollText className="size-4 text-brand-500" aria-hidden="true" />
            <span className="font-medium text-brand-900">
              {t('journal.columns.sequence')} {e.sequence}
            </span>
            <Badge tone={entryKindTone(e.kind)}>{words.kind(e.kind)}</Badge>
            <Status entry={e} />
          </div>
          <p className="mt-2 [overflow-wrap:anywhere]">
            {words.party(e.from)} → {words.party(e.to)}
          </p>
          <p className="mt-1 font-medium tabular-nums">
            {formatNumber(e.amount, { locale })} {t('journal.columns.amount')}
          </p>
          <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">{words.cause(e)}</p>
          <p className="mt-1 text-xs text-slate-600">
            {formatDateTime(e.recordedAt, { locale })} · <TransactionHash hash={e.transactionHash} />
          </p>
          <div className="mt-2">
            <ReverseButton entry={e} onReverse={onReverse} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The bond's journal, newest first and paged, with a reversal per entry: a dialog asks the reason
 * (the API's own schema, 10..2000 characters) and shows a refusal in the catalogue's words.
 */
export function RegisterJournal({
  code,
  page,
  poll,
  onPage,
}: {
  code: string;
  page: number;
  poll: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useAdminLabels();
  const words = useEntryWords();
  const locale = useLocale();
  const entries = useRegisterEntries(code, page, poll);
  const reverse = useReverseRegisterEntry();
  const [open, setOpen] = useState<RegisterEntryAdminView | null>(null);
  const focus = useDialogFocus<HTMLDivElement>();
  return (
    <div ref={focus.fallback} tabIndex={-1} className="outline-none">
      <ListShell
        filters={null}
        list={entries}
        title={t('journal.title')}
        count={(count) => t('journal.count', { count })}
        empty={t('journal.empty')}
        page={page}
        perPage={entriesPerPage}
        onPage={onPage}
      >
        {(items) => {
          const onReverse: Opener = (entry, event) => {
            focus.remember(event);
            setOpen(entry);
          };
          return (
            <>
              <EntryTable items={items} onReverse={onReverse} />
              <EntryCards items={items} onReverse={onReverse} />
            </>
          );
        }}
      </ListShell>
      <OperatorDialog
        schema={reversalInputSchema}
        open={open !== null}
        formKey={open ? String(open.sequence) : undefined}
        title={t('journal.reversal.title')}
        text={
          open
            ? t('journal.reversal.text', {
                sequence: open.sequence,
                kind: words.kind(open.kind),
                amount: formatNumber(open.amount, { locale }),
              })
            : ''
        }
        reasonMaxLength={2000}
        reasonHint={t('journal.reversal.hint')}
        submitLabel={t('journal.reversal.submit')}
        destructive
        returnFocus={focus.returnFocus}
        onConfirm={async ({ reason }) => {
          if (!open) return;
          const reversal = await reverse.mutateAsync({ code, sequence: open.sequence, input: { reason } });
          notify(
            'success',
            t('journal.reversal.done', { sequence: open.sequence, reversal: reversal.sequence }),
          );
          setOpen(null);
        }}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}
