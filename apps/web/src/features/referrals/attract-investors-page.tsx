import { formatDate } from '@token/domain/format';
import { formatMoney } from '@token/domain/money';
import type { CustomerReferralsView, ReferralCommissionLine } from '@token/domain/referrals';
import type { ReactNode } from 'react';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { useCustomerReferrals } from './api/get-customer-referrals.ts';
import { ReferralLink } from './referral-link.tsx';

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-brand-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

const statusTone: Record<ReferralCommissionLine['status'], string> = {
  accrued: 'bg-amber-50 text-amber-800 ring-amber-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  reversed: 'bg-slate-100 text-slate-700 ring-slate-200',
};

function Lines({ lines }: { lines: ReferralCommissionLine[] }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  return (
    <section
      aria-labelledby="referral-lines-title"
      className="rounded-xl border border-slate-200 bg-white px-5 shadow-sm sm:px-6"
    >
      <h2 id="referral-lines-title" className="pt-5 text-lg font-semibold text-brand-900">
        {t('referrals.linesTitle')}
      </h2>
      <ul className="divide-y divide-slate-100">
        {lines.map((l) => (
          <li key={l.id} className="flex items-center justify-between gap-3 py-3" data-testid="referral-line">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{t(`referrals.kinds.${l.kind}`)}</p>
              <p className="text-sm text-slate-600">{formatDate(l.bookedOn, { locale })}</p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span className="font-medium text-slate-900 tabular-nums">
                {formatMoney(l.amount, { locale, currency: 'EUR' })}
              </span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${statusTone[l.status]}`}>
                {t(`referrals.statuses.${l.status}`)}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Terms({ view }: { view: CustomerReferralsView }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, { locale, currency: 'EUR' });
  return (
    <section className="rounded-xl border border-brand-100 bg-brand-50/60 p-5 text-slate-800 sm:p-6">
      <h2 className="text-lg font-semibold text-brand-900">{t('referrals.howTitle')}</h2>
      <p className="mt-1">{t('referrals.howText')}</p>
      {view.referralPartner ? (
        <ul className="mt-3 list-disc space-y-1 pl-5" data-testid="referral-terms">
          {view.referralCommissionPerRegisteredCustomer > 0 && (
            <li>
              {t('referrals.perCustomer', { amount: money(view.referralCommissionPerRegisteredCustomer) })}
            </li>
          )}
          {view.referralCommissionPerPaidOrder > 0 && (
            <li>{t('referrals.perOrder', { amount: money(view.referralCommissionPerPaidOrder) })}</li>
          )}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-700" data-testid="referral-terms">
          {t('referrals.noTerms')}
        </p>
      )}
      <p className="mt-3 text-sm text-slate-600">{t('referrals.taxNote')}</p>
    </section>
  );
}

/**
 * /account/attract-investors (spec 2, referral): the personal referral link with copy button and QR
 * code, how the one-off commissions work and the partner's terms, how many registered, were approved
 * and invested through the link (counts only), commissions earned and paid, and the commission lines.
 */
export function AttractInvestorsPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const referrals = useCustomerReferrals();
  const money = (cents: number) => formatMoney(cents, { locale, currency: 'EUR' });

  let content: ReactNode;
  if (referrals.isError) {
    content = (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900" role="alert">
        <p>{errorMessageOf(referrals.error, locale)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void referrals.refetch()}>
          {t('referrals.retry')}
        </Button>
      </div>
    );
  } else if (!referrals.data) {
    content = (
      <div className="space-y-3" aria-hidden="true">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else {
    const v = referrals.data;
    content = (
      <div className="space-y-6">
        {v.referralLink ? (
          <ReferralLink link={v.referralLink} />
        ) : (
          <p className="rounded-xl border border-slate-200 bg-white p-5 text-slate-700">
            {t('referrals.noCode')}
          </p>
        )}
        <Terms view={v} />
        <section aria-labelledby="referral-figures-title">
          <h2 id="referral-figures-title" className="mb-3 text-lg font-semibold text-brand-900">
            {t('referrals.figuresTitle')}
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label={t('referrals.registered')} value={v.counts.registered} testId="count-registered" />
            <Figure label={t('referrals.approved')} value={v.counts.approved} testId="count-approved" />
            <Figure label={t('referrals.investors')} value={v.counts.investors} testId="count-investors" />
            <Figure label={t('referrals.accrued')} value={money(v.accrued)} testId="sum-accrued" />
            <Figure label={t('referrals.paid')} value={money(v.paid)} testId="sum-paid" />
          </dl>
        </section>
        {v.lines.length > 0 ? (
          <Lines lines={v.lines} />
        ) : (
          <section
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            data-testid="referrals-empty"
          >
            <h2 className="text-lg font-semibold text-brand-900">
              {v.counts.registered === 0 ? t('referrals.emptyTitle') : t('referrals.noCommissionsTitle')}
            </h2>
            <p className="mt-1 text-slate-700">
              {v.counts.registered === 0 ? t('referrals.emptyText') : t('referrals.noCommissionsText')}
            </p>
          </section>
        )}
      </div>
    );
  }

  return (
    <AccountPageShell title={t('referrals.title')} intro={t('referrals.intro')} backLabel={t('account.back')}>
      {content}
    </AccountPageShell>
  );
}
