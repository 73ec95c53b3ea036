import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useChannel } from '../../../lib/channel.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { copyText } from './secret-key.tsx';

/** The text of the recovery-code file (and of the clipboard copy). */
export function recoveryCodesText(opts: { codes: string[]; heading: string; note: string }): string {
  return [opts.heading, '', ...opts.codes, '', opts.note, ''].join('\n');
}

/** Offers text as a file download without a server round trip. */
function downloadText(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // give the browser a moment to start the download before the URL goes
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The ten recovery codes, shown once after two-factor was turned on: copy, download as .txt. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const { t } = useTranslation('account');
  const channel = useChannel();
  const [copied, setCopied] = useState(false);
  const site = channel.data?.name ?? 'Tokenwerk';
  const text = recoveryCodesText({
    codes,
    heading: t('twoFactor.fileHeading', { site, email }),
    note: t('twoFactor.fileNote'),
  });
  return (
    <div>
      <ol
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-base text-slate-900 min-[380px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={async () => setCopied(await copyText(text))}>
          {copied ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
        </Button>
        <Button
          variant="outline"
          onClick={() => downloadText(`${site.toLowerCase()}-recovery-codes.txt`, text)}
        >
          <Download className="size-4" aria-hidden="true" />
          {t('twoFactor.downloadCodes')}
        </Button>
      </div>
    </div>
  );
}
