import { Check, Copy } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';

/** The QR code of `text` as an SVG data URL (no canvas needed), or null while it is drawn. */
function useQrSvg(text: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => live && setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setUrl(null),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

/** The personal referral link in full, a copy button ("Kopiert" announced) and its QR code. */
export function ReferralLink({ link }: { link: string }) {
  const { t } = useTranslation('account');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const qr = useQrSvg(link);
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2500);
    } catch {
      notify('error', t('referrals.copyFailed'));
    }
  };
  return (
    <section
      aria-labelledby="referral-link-title"
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:p-6"
    >
      <div className="min-w-0 flex-1">
        <h2 id="referral-link-title" className="text-lg font-semibold text-brand-900">
          {t('referrals.linkTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('referrals.linkText')}</p>
        <code
          className="mt-3 block rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm text-brand-900 [overflow-wrap:anywhere]"
          data-testid="referral-link"
        >
          {link}
        </code>
        <div className="mt-3 flex items-center gap-3">
          <Button variant="outline" size="sm" onClick={onCopy}>
            {copied ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            {copied ? t('referrals.copied') : t('referrals.copy')}
          </Button>
          <span className="sr-only" aria-live="polite">
            {copied ? t('referrals.copied') : ''}
          </span>
        </div>
      </div>
      <div className="flex shrink-0 justify-center">
        {qr ? (
          <img src={qr} alt={t('referrals.qrAlt')} className="size-36 rounded-lg border border-slate-200" />
        ) : (
          <div className="size-36 rounded-lg bg-slate-100" aria-hidden="true" />
        )}
      </div>
    </section>
  );
}
