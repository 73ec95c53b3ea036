import { formatDate } from '@token/domain/format';
import { shortenAddress, type WalletView } from '@token/domain/wallets';
import { Check, Copy, Eye, EyeOff, Wallet } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useWallets } from '../../lib/wallets.ts';

/** The registrar statuses the custody partner reports (spec 4), each with its text and colour. */
const statusTone: Record<string, string> = {
  approval_required: 'bg-brand-50 text-brand-800',
  approval_requested: 'bg-brand-50 text-brand-800',
  approved: 'bg-emerald-50 text-emerald-800',
  follow_up: 'bg-amber-50 text-amber-900',
  rejected: 'bg-red-50 text-red-800',
};
const knownStatuses = new Set(Object.keys(statusTone));

/** Copies the address; says so beside the button for a moment (and to screen readers). */
function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('onboarding');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2500);
    } catch {
      notify('error', t('custodyAccount.copyFailed'));
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={onCopy}>
        {copied ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        {copied ? t('custodyAccount.copied') : t('custodyAccount.copy')}
      </Button>
      <span className="sr-only" aria-live="polite">
        {copied ? t('custodyAccount.copiedLong') : ''}
      </span>
    </>
  );
}

function WalletCard({ wallet, registrarStatus }: { wallet: WalletView; registrarStatus: string | null }) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const [full, setFull] = useState(false);
  const fullId = useId();
  const status =
    registrarStatus && knownStatuses.has(registrarStatus) ? registrarStatus : 'approval_required';
  return (
    <section
      aria-labelledby={`${fullId}-title`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Wallet className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2
            id={`${fullId}-title`}
            className="text-lg font-semibold text-brand-900 [overflow-wrap:anywhere]"
          >
            {wallet.name}
          </h2>
          <p className="text-sm text-slate-600">
            {t('custodyAccount.openedOn', { date: formatDate(wallet.createdAt, { locale }) })}
            {wallet.defaultWallet && ` · ${t('custodyAccount.default')}`}
          </p>
        </div>
      </div>
      <dl className="mt-5 space-y-4">
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('custodyAccount.address')}</dt>
          <dd className="mt-1">
            <code
              className="font-mono text-base text-brand-900"
              title={wallet.address}
              data-testid="wallet-address-short"
            >
              {shortenAddress(wallet.address)}
            </code>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={full}
                aria-controls={fullId}
                onClick={() => setFull((f) => !f)}
              >
                {full ? (
                  <EyeOff className="size-4" aria-hidden="true" />
                ) : (
                  <Eye className="size-4" aria-hidden="true" />
                )}
                {full ? t('custodyAccount.hideFull') : t('custodyAccount.showFull')}
              </Button>
              <CopyButton text={wallet.address} />
            </div>
            {full && (
              <p
                id={fullId}
                className="mt-2 rounded-md bg-slate-50 p-3 font-mono text-sm break-all text-slate-900"
                data-testid="wallet-address-full"
              >
                {wallet.address}
              </p>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('custodyAccount.registrar')}</dt>
          <dd className="mt-1 space-y-1">
            <span
              className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium ${statusTone[status]}`}
              data-testid="registrar-status"
            >
              {t(`custodyAccount.status.${status}`)}
            </span>
            <p className="text-sm text-slate-700">{t(`registrar.${status}`)}</p>
            {(status === 'follow_up' || status === 'rejected') && (
              <Link to="/contact" className="text-sm font-medium text-brand-700 underline underline-offset-2">
                {t('kyc.contact')}
              </Link>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * /account/custody: the customer's custodial wallet at the crypto custodian: its address shortened
 * to the first 5 and last 4 characters (spec 9) with "show full" and a copy button, and the
 * registrar status the custody partner reported (spec 4). Without a wallet, the way to open one.
 */
export function CustodyAccountPage() {
  const { t } = useTranslation('onboarding');
  const record = useCustomerRecord();
  const wallets = useWallets();

  let content: React.ReactNode;
  if (wallets.isError) {
    content = (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900" role="alert">
        <p>{t('form.loadFailed')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void wallets.refetch()}>
          {t('form.retry')}
        </Button>
      </div>
    );
  } else if (!wallets.data || !record.data) {
    content = (
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-6" aria-hidden="true">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-6 w-32" />
      </div>
    );
  } else if (wallets.data.length === 0) {
    content = (
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-brand-900">{t('custodyAccount.noneTitle')}</h2>
        <p className="mt-1 text-sm text-slate-700">{t('custodyAccount.noneText')}</p>
        <Link to="/self-disclosure/custody" className={buttonClasses({ className: 'mt-4' })}>
          {t('custody.open')}
        </Link>
      </section>
    );
  } else {
    const sorted = [...wallets.data].sort((a, b) => Number(b.defaultWallet) - Number(a.defaultWallet));
    content = (
      <div className="space-y-6">
        {sorted.map((w) => (
          <WalletCard key={w.id} wallet={w} registrarStatus={record.data.cryptoRegistrarStatus} />
        ))}
      </div>
    );
  }
  return (
    <AccountPageShell
      title={t('custodyAccount.title')}
      intro={t('custodyAccount.intro')}
      backLabel={t('account:account.back')}
    >
      {content}
    </AccountPageShell>
  );
}
