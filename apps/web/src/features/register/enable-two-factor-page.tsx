import { safeRedirectPath } from '@token/domain/navigation';
import { ShieldCheck } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useCustomerRecord } from '../../lib/session.tsx';

/**
 * /enable-twofactor (spec 2): why a transfer needs two-factor (a fresh code authorises each
 * transfer), and the way into the set-up, which brings the investor back to `returnTo` (the
 * transfer). Someone who has it already goes straight back.
 */
export function EnableTwoFactorPage() {
  const { t } = useTranslation('register');
  const [params] = useSearchParams();
  const raw = params.get('returnTo');
  const returnTo = raw ? safeRedirectPath(raw) : null;
  const record = useCustomerRecord();
  if (record.data?.twoFactorEnabled) return <Navigate replace to={returnTo ?? '/account/wallet'} />;
  const setUp = `/account/two-factor${returnTo ? `?${new URLSearchParams({ returnTo }).toString()}` : ''}`;
  return (
    <AccountPageShell
      title={t('enableTwoFactor.title')}
      backLabel={t('transfer.back')}
      backTo="/account/wallet"
    >
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <p className="flex items-start gap-3 text-slate-800">
          <ShieldCheck className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
          <span>{t('enableTwoFactor.why')}</span>
        </p>
        <p className="mt-3 text-slate-700">{t('enableTwoFactor.how')}</p>
        <Link to={setUp} className={buttonClasses({ size: 'lg', className: 'mt-5 w-full sm:w-auto' })}>
          {t('enableTwoFactor.start')}
        </Link>
      </section>
    </AccountPageShell>
  );
}
