import { formatDate } from '@token/domain/format';
import { formatMoney } from '@token/domain/money';
import type { ReferralPartnerAdminView } from '@token/domain/referrals';
import { Download, UserRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { AdminGate, LoadFailed } from '../components/admin-gate.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { Badge } from '../components/badge.tsx';
import { useAdminLabels } from '../components/labels.ts';
import { ListShell } from '../components/list-shell.tsx';
import {
  downloadStatementPdf,
  partnersPerPage,
  useCreateReferralStatement,
  useMarkReferralStatementPaid,
  useReferralCommissions,
  useReferralPartners,
  useReferralStatements,
} from './referrals-api.ts';
import { TermsDialog } from './terms-dialog.tsx';

function useMoney() {
  const locale = useLocale();
  return (cents: number) => formatMoney(cents, { locale, currency: 'EUR' });
}

function Terms({ p }: { p: ReferralPartnerAdminView }) {
  const { t } = useAdminLabels();
  const money = useMoney();
  if (!p.referralPartner) return <span className="text-slate-500">{t('referrals.noTerms')}</span>;
  return (
    <span className="flex flex-col">
      <span>{t('referrals.perCustomer', { amount: money(p.referralCommissionPerRegisteredCustomer) })}</span>
      <span>{t('referrals.perOrder', { amount: money(p.referralCommissionPerPaidOrder) })}</span>
    </span>
  );
}

function Search({ initial, onSearch }: { initial: string; onSearch: (search: string) => void }) {
  const { t } = useAdminLabels();
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t('referrals.search')}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end"
    >
      <Input
        className="flex-1"
        label={t('referrals.search')}
        value={value}
        maxLength={100}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" variant="outline" className="sm:mb-6">
        {t('referrals.searchSubmit')}
      </Button>
    </form>
  );
}

/** The selected partner: commissions, statements with PDFs, and "create statement". */
function PartnerDetails({ partner }: { partner: ReferralPartnerAdminView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const money = useMoney();
  const confirm = useConfirm();
  const commissions = useReferralCommissions(partner.uuid);
  const statements = useReferralStatements(partner.uuid);
  const create = useCreateReferralStatement();
  const markPaid = useMarkReferralStatementPaid();
  const onPaid = async (id: number, total: number) => {
    const ok = await confirm({
      title: t('referrals.markPaid'),
      message: t('referrals.confirmPaid', { id, amount: money(total) }),
      confirmLabel: t('referrals.markPaid'),
    });
    if (!ok) return;
    markPaid.mutate(
      { uuid: partner.uuid, id },
      {
        onSuccess: () => notify('success', t('referrals.paidDone', { id })),
        onError: (err) => notify('error', errorMessageOf(err, locale), errorDetailOf(err)),
      },
    );
  };
  const onCreate = async () => {
    const ok = await confirm({
      title: t('referrals.createStatement'),
      message: t('referrals.confirmStatement', { amount: money(partner.accrued) }),
      confirmLabel: t('referrals.createStatement'),
    });
    if (!ok) return;
    create.mutate(partner.uuid, {
      onSuccess: (s) =>
        notify('success', t('referrals.statementCreated', { id: s.id, amount: money(s.total) })),
      onError: (err) => notify('error', errorMessageOf(err, locale), errorDetailOf(err)),
    });
  };
  const onPdf = (id: number) =>
    downloadStatementPdf(partner.uuid, id, `${t('referrals.statementsTitle')}-${id}.pdf`).catch((err) =>
      notify('error', errorMessageOf(err, locale), errorDetailOf(err)),
    );
  return (
    <section
      aria-labelledby="partner-details-title"
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="partner-details"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="partner-details-title" className="text-lg font-semibold text-brand-900">
          {t('referrals.commissionsTitle', { name: partner.fullName })}
        </h2>
        <Button onClick={onCreate} disabled={partner.accrued === 0 || create.isPending}>
          {t('referrals.createStatement')}
        </Button>
      </div>
      {commissions.isError ? (
        <LoadFailed error={commissions.error} retry={() => void commissions.refetch()} />
      ) : !commissions.data ? (
        <Skeleton className="h-24 w-full" />
      ) : commissions.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('referrals.noCommissions')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                {(['date', 'kind', 'customer', 'amount', 'status'] as const).map((c) => (
                  <th
                    key={c}
                    scope="col"
                    className={`py-2 pr-4 font-medium ${c === 'amount' ? 'text-right' : ''}`}
                  >
                    {t(`referrals.lineColumns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {commissions.data.map((c) => (
                <tr
                  key={c.id}
                  className="border-b border-slate-100 last:border-0"
                  data-testid="commission-row"
                >
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDate(c.bookedOn, { locale })}</td>
                  <td className="py-2 pr-4">
                    {t(`referrals.kinds.${c.kind}`)}
                    {c.orderNumber && (
                      <span className="block font-mono text-xs text-slate-500">{c.orderNumber}</span>
                    )}
                  </td>
                  <td className="py-2 pr-4 font-mono text-xs">
                    {t('referrals.customerLabel', { id: c.referredCustomer })}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{money(c.amount)}</td>
                  <td className="py-2">
                    <Badge tone={c.status === 'accrued' ? 'warn' : c.status === 'paid' ? 'good' : 'neutral'}>
                      {t(`referrals.statuses.${c.status}`)}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div>
        <h3 className="mb-2 font-medium text-brand-900">{t('referrals.statementsTitle')}</h3>
        {statements.data && statements.data.length === 0 && (
          <p className="text-sm text-slate-600">{t('referrals.noStatements')}</p>
        )}
        <ul className="divide-y divide-slate-100">
          {(statements.data ?? []).map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-3 py-2"
              data-testid="statement-row"
            >
              <span className="text-sm text-slate-800">
                {t('referrals.statementLine', {
                  id: s.id,
                  from: formatDate(s.periodFrom, { locale }),
                  to: formatDate(s.periodTo, { locale }),
                  count: s.lines,
                  amount: money(s.total),
                })}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                {s.payoutStatus === 'paid' ? (
                  <Badge tone="good">{t('referrals.statementPaid')}</Badge>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void onPaid(s.id, s.total)}
                    disabled={markPaid.isPending}
                    data-testid="statement-mark-paid"
                  >
                    {t('referrals.markPaid')}
                  </Button>
                )}
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void onPdf(s.id)}
                  aria-label={t('referrals.pdfLabel', { id: s.id })}
                >
                  <Download className="size-4" aria-hidden="true" />
                  {t('referrals.pdf')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ReferralsPage() {
  const { t } = useAdminLabels();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const selected = params.get('partner');
  const partners = useReferralPartners(search, page);
  const [editing, setEditing] = useState<ReferralPartnerAdminView | null>(null);
  const update = (next: { search?: string; page?: number; partner?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.search !== undefined) {
      if (next.search) p.set('search', next.search);
      else p.delete('search');
      p.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) p.set('page', String(next.page));
      else p.delete('page');
    }
    if (next.partner !== undefined) {
      if (next.partner) p.set('partner', next.partner);
      else p.delete('partner');
    }
    setParams(p);
  };
  const chosen = partners.data?.items.find((p) => p.uuid === selected) ?? null;
  const actions = (p: ReferralPartnerAdminView) => (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => setEditing(p)}
        aria-label={t('referrals.editTermsLabel', { name: p.fullName })}
      >
        {t('referrals.editTerms')}
      </Button>
      <Button
        variant={p.uuid === selected ? 'primary' : 'outline'}
        size="sm"
        onClick={() => update({ partner: p.uuid === selected ? null : p.uuid })}
        aria-label={t('referrals.detailsLabel', { name: p.fullName })}
        aria-pressed={p.uuid === selected}
      >
        {t('referrals.details')}
      </Button>
    </div>
  );
  return (
    <AdminShell title={t('referrals.title')} intro={t('referrals.intro')}>
      <div className="space-y-4">
        <ListShell
          filters={<Search key={search} initial={search} onSearch={(s) => update({ search: s })} />}
          list={partners}
          title={t('referrals.title')}
          count={(count) => t('referrals.count', { count })}
          empty={t('referrals.empty')}
          page={page}
          perPage={partnersPerPage}
          onPage={(next) => update({ page: next })}
        >
          {(items) => (
            <>
              <table className="hidden w-full border-collapse text-left text-sm md:table">
                <thead>
                  <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                    {(['partner', 'terms', 'counts', 'sums'] as const).map((c) => (
                      <th key={c} scope="col" className="py-2 pr-4 font-medium">
                        {t(`referrals.columns.${c}`)}
                      </th>
                    ))}
                    <th scope="col" className="py-2">
                      <span className="sr-only">{t('referrals.details')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((p) => (
                    <tr
                      key={p.uuid}
                      className="border-b border-slate-100 align-top last:border-0"
                      data-testid="partner-row"
                    >
                      <td className="py-3 pr-4">
                        <p className="font-medium text-brand-900">{p.fullName}</p>
                        <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{p.email}</p>
                        <p className="font-mono text-xs text-slate-500">{p.referralCode}</p>
                      </td>
                      <td className="py-3 pr-4">
                        <Terms p={p} />
                      </td>
                      <td className="py-3 pr-4 tabular-nums">
                        {p.counts.registered} / {p.counts.approved} / {p.counts.investors}
                      </td>
                      <td className="py-3 pr-4 tabular-nums">
                        {money(p.accrued)} / {money(p.paid)}
                      </td>
                      <td className="py-3">{actions(p)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <ul className="grid gap-3 md:hidden">
                {items.map((p) => (
                  <li key={p.uuid} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                    <div className="flex items-start gap-3">
                      <UserRound className="mt-0.5 size-5 shrink-0 text-brand-500" aria-hidden="true" />
                      <div className="min-w-0 flex-1 space-y-1 text-sm">
                        <p className="font-medium text-brand-900">{p.fullName}</p>
                        <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{p.email}</p>
                        <Terms p={p} />
                        <p className="text-slate-700">
                          {t('referrals.columns.counts')}: {p.counts.registered} / {p.counts.approved} /{' '}
                          {p.counts.investors}
                        </p>
                        <p className="text-slate-700">
                          {t('referrals.columns.sums')}: {money(p.accrued)} / {money(p.paid)}
                        </p>
                        <div className="pt-2">{actions(p)}</div>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </ListShell>
        {chosen && <PartnerDetails partner={chosen} />}
      </div>
      {editing && <TermsDialog partner={editing} onClose={() => setEditing(null)} />}
    </AdminShell>
  );
}

/** /admin/referrals: referral partners, their terms, commissions and commission statements. */
export function AdminReferralsPage() {
  return (
    <AdminGate>
      <ReferralsPage />
    </AdminGate>
  );
}
