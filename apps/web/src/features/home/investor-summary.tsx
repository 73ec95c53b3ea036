import { formatEuro, formatNumber } from '@token/domain/format';
import type { TokenAssetView } from '@token/domain/register';
import { ArrowRight, Coins } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useChannel } from '../../lib/channel.ts';
import { ErrorText } from '../../lib/error-text.tsx';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.tsx';
import { useTokenAssets } from '../../lib/token-assets.ts';
import { LastPayouts } from './last-payouts.tsx';

/** The depot in three figures: minted tokens, their nominal value, and the bonds held or paid for. */
export function walletTotals(assets: readonly TokenAssetView[]) {
  return {
    minted: assets.reduce((sum, a) => sum + a.minted, 0),
    nominalCents: assets.reduce((sum, a) => sum + a.mintedNominalCents, 0),
    bonds: assets.length,
  };
}

function Figure({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-brand-900 tabular-nums" data-testid={testId}>
        {value ?? <Skeleton className="h-8 w-24" />}
      </dd>
    </div>
  );
}

function WalletSummary() {
  const { t } = useTranslation(['home', 'common']);
  const locale = useLocale();
  const assets = useTokenAssets();
  const totals = assets.data ? walletTotals(assets.data) : null;
  return (
    <section
      aria-labelledby="home-wallet-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2"
    >
      <h2 id="home-wallet-title" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <Coins className="size-5 text-brand-700" aria-hidden="true" />
        {t('home.wallet.title')}
      </h2>
      {assets.isError ? (
        <p className="mt-3 text-sm text-red-800" role="alert">
          <ErrorText error={assets.error} />
        </p>
      ) : (
        <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Figure
            label={t('home.wallet.minted')}
            value={totals && formatNumber(totals.minted, { locale })}
            testId="home-wallet-minted"
          />
          <Figure
            label={t('home.wallet.nominal')}
            value={totals && formatEuro(totals.nominalCents, { locale })}
            testId="home-wallet-nominal"
          />
          <Figure
            label={t('home.wallet.bonds')}
            value={totals && formatNumber(totals.bonds, { locale })}
            testId="home-wallet-bonds"
          />
        </dl>
      )}
      <Link
        to="/account/wallet"
        className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-5' })}
      >
        {t('home.wallet.open')}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </section>
  );
}

/**
 * spec 1 investor home (investment reading): the wallet summary and the last payouts, for a
 * logged-in investor of a channel whose home is the investor's (`homeRequiresLogin`).
 */
export function InvestorSummary() {
  const { isLoggedIn } = useSession();
  const channel = useChannel();
  if (!isLoggedIn || channel.data?.homeRequiresLogin !== true) return null;
  return (
    <div
      className="mx-auto grid max-w-6xl gap-5 px-4 pt-10 sm:px-6 lg:grid-cols-3"
      data-testid="investor-summary"
    >
      <WalletSummary />
      <LastPayouts />
    </div>
  );
}
