import { notMintedLegend } from '@token/domain/register';
import { Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { useTokenAssets } from '../../lib/token-assets.ts';
import { custodyWalletOf, useWallets } from '../../lib/wallets.ts';
import { AllocationChart } from './components/allocation-chart.tsx';
import { CopyAddress } from './components/copy-address.tsx';
import { PositionCard } from './components/position-card.tsx';

/** The custodial wallet the registrar books to, its address shortened with a copy button (spec 9). */
function WalletPanel() {
  const { t } = useTranslation('register');
  const wallets = useWallets();
  const wallet = wallets.data ? custodyWalletOf(wallets.data) : null;
  let content: ReactNode;
  if (wallets.isError) content = <LoadFailed error={wallets.error} onRetry={() => void wallets.refetch()} />;
  else if (!wallets.data) content = <Skeleton className="h-9 w-56" />;
  else if (!wallet)
    content = (
      <p className="text-sm text-slate-700">
        {t('wallet.none')}{' '}
        <Link to="/account/custody" className="font-medium text-brand-700 underline underline-offset-2">
          {t('wallet.open')}
        </Link>
      </p>
    );
  else content = <CopyAddress address={wallet.address} />;
  return (
    <section
      aria-labelledby="depot-wallet-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:p-6"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Wallet className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="depot-wallet-title" className="text-sm font-medium text-slate-600">
          {t('wallet.title')}
        </h2>
        <div className="mt-1">{content}</div>
      </div>
    </section>
  );
}

function DepotSkeleton() {
  return (
    <div className="space-y-4" aria-hidden="true" data-testid="depot-loading">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
          <Skeleton className="h-6 w-64 max-w-full" />
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {[0, 1, 2, 3, 4, 5, 6].map((j) => (
              <Skeleton key={j} className="h-10" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * /account/wallet, "my digital depot" (spec 2, issue 16): the custodial wallet's address, the
 * allocation by bond, and per bond the minted and not-yet-minted tokens (starred, with the legend),
 * the bond's facts, its register entries and a transfer button. Empty: a way to the bonds.
 */
export function DepotPage() {
  const { t } = useTranslation('register');
  const locale = useLocale();
  const assets = useTokenAssets();

  let content: ReactNode;
  if (assets.isError) {
    content = <LoadFailed error={assets.error} onRetry={() => void assets.refetch()} boxed />;
  } else if (!assets.data) {
    content = <DepotSkeleton />;
  } else if (assets.data.length === 0) {
    content = (
      <section
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        data-testid="depot-empty"
      >
        <h2 className="text-lg font-semibold text-brand-900">{t('depot.emptyTitle')}</h2>
        <p className="mt-1 text-slate-700">{t('depot.emptyText')}</p>
        <Link to="/#latest" className={buttonClasses({ className: 'mt-4' })}>
          {t('depot.emptyLink')}
        </Link>
      </section>
    );
  } else {
    const list = assets.data;
    const hasNotMinted = list.some((a) => a.notMinted > 0);
    content = (
      <div className="space-y-6">
        <AllocationChart assets={list} />
        <section aria-labelledby="depot-positions-title" className="space-y-4">
          <h2 id="depot-positions-title" className="text-lg font-semibold text-brand-900">
            {t('depot.positions')}
          </h2>
          {list.map((a) => (
            <PositionCard key={a.product.code} asset={a} entriesOpen={list.length <= 2} />
          ))}
          {hasNotMinted && (
            <p className="text-sm text-slate-700" data-testid="not-minted-legend">
              {notMintedLegend[locale]}
            </p>
          )}
        </section>
      </div>
    );
  }

  return (
    <AccountPageShell title={t('depot.title')} intro={t('depot.intro')} backLabel={t('common.back')}>
      <div className="space-y-6">
        <WalletPanel />
        {content}
      </div>
    </AccountPageShell>
  );
}
