import { shortenAddress } from '@token/domain/wallets';
import { Wallet } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '../../components/ui/button.tsx';
import { notifyFailure } from '../../lib/error-text.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useStoreEthAddress } from './api/store-eth-address.ts';
import { accountsOf, ethereumProvider, walletErrorText } from './ethereum-provider.ts';

/** Where to find a wallet extension (a neutral overview, not one vendor). */
export const walletsOverviewUrl = 'https://ethereum.org/en/wallets/find-wallet/';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * spec 1: the wallet-extension connect button in the header (logged in). With an EIP-1193
 * extension (`window.ethereum`): the connected address shortened to 5+4 characters, or "connect"
 * (eth_requestAccounts); the address is stored with PUT customers {ethAddress}. Without one: an
 * install prompt that explains what to do.
 */
export function WalletConnectButton({ stacked }: { stacked?: boolean }) {
  const { t } = useTranslation();
  const record = useCustomerRecord();
  const store = useStoreEthAddress();
  const [provider] = useState(ethereumProvider);
  const [account, setAccount] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [showInstall, setShowInstall] = useState(false);
  const installId = useId();
  const saved = record.data?.ethAddress ?? null;

  // each connected address is stored once; a refused one is not sent again and again
  const attempted = useRef<string | null>(null);
  const { mutateAsync } = store;

  // what the extension already allows this site, without asking; and any later switch of account
  useEffect(() => {
    if (!provider) return;
    let live = true;
    provider
      .request({ method: 'eth_accounts' })
      .then((accounts) => {
        if (live) setAccount(accountsOf(accounts)[0] ?? null);
      })
      .catch(() => {});
    const onChange = (accounts: unknown) => setAccount(accountsOf(accounts)[0] ?? null);
    provider.on?.('accountsChanged', onChange);
    return () => {
      live = false;
      provider.removeListener?.('accountsChanged', onChange);
    };
  }, [provider]);

  // a connected account the customer record does not hold yet (connected now, or switched in the
  // extension) is stored
  const loaded = record.data !== undefined;
  useEffect(() => {
    if (!account || !loaded || same(account, saved) || same(account, attempted.current)) return;
    attempted.current = account;
    mutateAsync(account).catch((err: unknown) => notifyFailure(err));
  }, [account, saved, loaded, mutateAsync]);

  const onConnect = async () => {
    if (!provider) return;
    setConnecting(true);
    try {
      const first = accountsOf(await provider.request({ method: 'eth_requestAccounts' }))[0] ?? null;
      setAccount(first);
    } catch (err) {
      notify('error', walletErrorText(err, t('wallet.unexpected')));
    } finally {
      setConnecting(false);
    }
  };

  const size = stacked ? 'md' : 'sm';
  if (!provider) {
    return (
      <div className={stacked ? '' : 'relative'}>
        <button
          type="button"
          className={buttonClasses({
            variant: stacked ? 'outline' : 'ghost',
            size,
            className: stacked ? 'w-full' : '',
          })}
          aria-expanded={showInstall}
          aria-controls={installId}
          onClick={() => setShowInstall((s) => !s)}
        >
          <Wallet className="size-4" aria-hidden="true" />
          {t('wallet.install')}
        </button>
        {showInstall && (
          <div
            id={installId}
            className={`z-40 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-lg ${
              stacked ? 'mt-2' : 'absolute right-0 mt-2 w-72'
            }`}
          >
            <p>{t('wallet.installText')}</p>
            <a
              href={walletsOverviewUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-block font-medium text-brand-700 underline underline-offset-2"
            >
              {t('wallet.installLink')}
              <span className="sr-only"> ({t('common.newWindow')})</span>
            </a>
          </div>
        )}
      </div>
    );
  }
  if (account) {
    return (
      <span
        className={buttonClasses({ variant: 'outline', size, className: 'cursor-default font-mono' })}
        title={account}
        data-testid="wallet-connected"
      >
        <Wallet className="size-4" aria-hidden="true" />
        <span className="sr-only">{t('wallet.connected')}: </span>
        {shortenAddress(account)}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={buttonClasses({ variant: 'outline', size })}
      onClick={onConnect}
      disabled={connecting}
      aria-busy={connecting || undefined}
    >
      <Wallet className="size-4" aria-hidden="true" />
      {connecting ? t('wallet.connecting') : t('wallet.connect')}
    </button>
  );
}
