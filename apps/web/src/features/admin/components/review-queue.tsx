import {
  type CustomerListScope,
  type CustomerStatus,
  customerListScopes,
  customerStatuses,
  type QueueReason,
  queueReasons,
  type ReviewQueueItem,
} from '@token/domain/compliance';
import { formatDateTime } from '@token/domain/format';
import { Search, UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import type { CustomerListFilter } from '../api/admin-keys.ts';
import { customersPerPage, useCustomers } from '../api/get-customers.ts';
import { Badge } from './badge.tsx';
import { kycTone, statusTone, useAdminLabels } from './labels.ts';
import { ListCard, ListShell } from './list-shell.tsx';

const customerPath = (uuid: string) => `/admin/customers/${uuid}`;

function Filters({
  filter,
  onChange,
}: {
  filter: CustomerListFilter;
  onChange: (next: CustomerListFilter) => void;
}) {
  const { t, status, reason } = useAdminLabels();
  const [search, setSearch] = useState(filter.search ?? '');
  useEffect(() => setSearch(filter.search ?? ''), [filter.search]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...filter, search: search.trim() || undefined, page: 1 });
  };
  const isFiltered = Boolean(filter.status || filter.reason || filter.search) || filter.scope !== 'queue';
  return (
    <form
      onSubmit={submit}
      aria-label={t('queue.filters')}
      className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <Select
        label={t('queue.scope')}
        value={filter.scope}
        options={customerListScopes.map((s) => ({ value: s, label: t(`queue.scopes.${s}`) }))}
        onChange={(e) => onChange({ ...filter, scope: e.target.value as CustomerListScope, page: 1 })}
      />
      <Select
        label={t('queue.status')}
        value={filter.status ?? ''}
        placeholder={t('queue.anyStatus')}
        options={customerStatuses.map((s) => ({ value: s, label: status(s) }))}
        onChange={(e) =>
          onChange({
            ...filter,
            status: (e.target.value || undefined) as CustomerStatus | undefined,
            page: 1,
          })
        }
      />
      <Select
        label={t('queue.reason')}
        value={filter.reason ?? ''}
        placeholder={t('queue.anyReason')}
        options={queueReasons.map((r) => ({ value: r, label: reason(r) }))}
        onChange={(e) =>
          onChange({ ...filter, reason: (e.target.value || undefined) as QueueReason | undefined, page: 1 })
        }
      />
      <Input
        label={t('queue.search')}
        type="search"
        value={search}
        maxLength={100}
        placeholder={t('queue.searchPlaceholder')}
        onChange={(e) => setSearch(e.target.value)}
        end={
          <button
            type="submit"
            className="flex h-full w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-brand-900"
            aria-label={t('queue.apply')}
          >
            <Search className="size-4" aria-hidden="true" />
          </button>
        }
      />
      {isFiltered && (
        <div className="sm:col-span-2 lg:col-span-4">
          <Button variant="ghost" size="sm" onClick={() => onChange({ scope: 'queue', page: 1 })}>
            {t('queue.reset')}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * A badge that may wrap: a long one ("Antrag professioneller Kunde", "Bestätigt mit geänderten
 * Daten") in one line is wider than a phone's card (320 px, WCAG 1.4.10).
 */
const wrappingBadge = 'max-w-full *:whitespace-normal';

function Reasons({ reasons }: { reasons: readonly string[] }) {
  const { reason } = useAdminLabels();
  return (
    <ul className="flex flex-wrap gap-1">
      {reasons.map((r) => (
        <li key={r} className={wrappingBadge}>
          <Badge tone="info">{reason(r)}</Badge>
        </li>
      ))}
    </ul>
  );
}

function CustomerName({ item }: { item: ReviewQueueItem }) {
  return (
    <>
      <span className="block font-medium text-brand-900 [overflow-wrap:anywhere]">{item.fullName}</span>
      {item.companyName && (
        <span className="block text-sm text-slate-700 [overflow-wrap:anywhere]">{item.companyName}</span>
      )}
      <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{item.email}</span>
    </>
  );
}

/**
 * Desktop: one row per customer. Should the table be wider than its panel (a narrow window, a large
 * text size), it scrolls inside its own region, which the keyboard can reach and scroll; the page
 * itself never scrolls sideways (WCAG 1.4.10).
 */
function QueueTable({ items }: { items: ReviewQueueItem[] }) {
  const { t, status, kyc, registrar } = useAdminLabels();
  const locale = useLocale();
  return (
    // a named section is a region; Tab reaches it to scroll it with the arrow keys
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be keyboard-reachable (WCAG 2.1.1)
    <section aria-label={t('queue.title')} tabIndex={0} className="hidden overflow-x-auto md:block">
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('queue.columns.customer')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('queue.columns.status')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('queue.columns.identification')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('queue.columns.wallet')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('queue.columns.reasons')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('queue.columns.waitingSince')}
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">{t('queue.open')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.uuid} className="border-b border-slate-100 align-top last:border-0">
              <td className="py-3 pr-4">
                <CustomerName item={item} />
              </td>
              <td className="py-3 pr-4">
                <Badge tone={statusTone(item.status)}>{status(item.status)}</Badge>
              </td>
              <td className="py-3 pr-4">
                <Badge tone={kycTone(item.kycState)}>{kyc(item.kycState)}</Badge>
              </td>
              {/* the registrar's status belongs to the wallet: under the compliance status it read as a
                second, contradicting status ("Noch nicht geprüft" over "Freigegeben", issue 15) */}
              <td className="space-y-1 py-3 pr-4">
                <span className="block">{item.hasWallet ? t('queue.walletYes') : t('queue.walletNo')}</span>
                <span className="block text-xs text-slate-600" data-testid="registrar-status">
                  {registrar(item.cryptoRegistrarStatus)}
                </span>
              </td>
              <td className="py-3 pr-4">
                <Reasons reasons={item.reasons} />
              </td>
              <td className="py-3 pr-4 whitespace-nowrap">
                {item.waitingSince ? formatDateTime(item.waitingSince, { locale }) : '–'}
              </td>
              <td className="py-3 text-right">
                <Link
                  to={customerPath(item.uuid)}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                  aria-label={t('queue.openLabel', { name: item.fullName })}
                >
                  {t('queue.open')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Phones: one card per customer, the whole card opens the customer's page. */
function QueueCards({ items }: { items: ReviewQueueItem[] }) {
  const { t, status, kyc } = useAdminLabels();
  const locale = useLocale();
  return (
    // one column that may be narrower than a card's widest content (the cards wrap it), not wider
    <ul className="grid grid-cols-1 gap-3 md:hidden">
      {items.map((item) => (
        <li key={item.uuid}>
          <ListCard
            to={customerPath(item.uuid)}
            label={t('queue.openLabel', { name: item.fullName })}
            icon={UserRound}
          >
            <CustomerName item={item} />
            <div className="mt-2 flex flex-wrap gap-1">
              <span className={wrappingBadge}>
                <Badge tone={statusTone(item.status)}>{status(item.status)}</Badge>
              </span>
              <span className={wrappingBadge}>
                <Badge tone={kycTone(item.kycState)}>{kyc(item.kycState)}</Badge>
              </span>
            </div>
            <div className="mt-2">
              <Reasons reasons={item.reasons} />
            </div>
            {item.waitingSince && (
              <p className="mt-2 text-xs text-slate-600">
                {t('queue.columns.waitingSince')}: {formatDateTime(item.waitingSince, { locale })}
              </p>
            )}
          </ListCard>
        </li>
      ))}
    </ul>
  );
}

/**
 * The review list: filters (queue or all customers, status, reason, search), a table on wide
 * screens and cards on phones, paging. The filter lives with the caller (the page keeps it in its
 * address, so a reload or a shared link shows the same list).
 */
export function ReviewQueue({
  filter,
  onChange,
}: {
  filter: CustomerListFilter;
  onChange: (next: CustomerListFilter) => void;
}) {
  const { t } = useAdminLabels();
  const customers = useCustomers(filter);
  const isFiltered = Boolean(filter.status || filter.reason || filter.search);
  return (
    <ListShell
      filters={<Filters filter={filter} onChange={onChange} />}
      list={customers}
      title={t('queue.title')}
      count={(count) => t('queue.count', { count })}
      empty={isFiltered || filter.scope === 'all' ? t('queue.emptyFiltered') : t('queue.empty')}
      page={filter.page}
      perPage={customersPerPage}
      onPage={(page) => onChange({ ...filter, page })}
    >
      {(items) => (
        <>
          <QueueTable items={items} />
          <QueueCards items={items} />
        </>
      )}
    </ListShell>
  );
}
