import { shortenAddress } from '@token/domain/format';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';

/**
 * A wallet address shortened to its first 5 and last 4 characters (spec 9), the whole one in its
 * title, with a button copying the whole one; "Kopiert" shows beside it and is announced.
 */
export function CopyAddress({ address }: { address: string }) {
  const { t } = useTranslation('register');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2500);
    } catch {
      notify('error', t('wallet.copyFailed'));
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <code className="font-mono text-base text-brand-900" title={address} data-testid="depot-address">
        {shortenAddress(address)}
      </code>
      <Button variant="outline" size="sm" onClick={onCopy} aria-label={t('wallet.copyLabel')}>
        {copied ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        {copied ? t('wallet.copied') : t('wallet.copy')}
      </Button>
      <span className="sr-only" aria-live="polite" data-testid="copy-announcement">
        {copied ? t('wallet.copied') : ''}
      </span>
    </div>
  );
}
