import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** A Base32 secret in groups of four (`JZXW 4ZLT …`), easier to type into an authenticator app. */
export function groupSecret(secret: string): string {
  return (
    secret
      .replace(/\s+/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/** Copies text; false when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The manual key of the two-factor set-up, grouped, with a copy button. */
export function SecretKey({ secret }: { secret: string }) {
  const { t } = useTranslation('account');
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <code
        data-testid="two-factor-secret"
        data-secret={secret}
        className="block rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-base tracking-wider text-slate-900 [overflow-wrap:anywhere]"
      >
        {groupSecret(secret)}
      </code>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-center"
        onClick={async () => setCopied(await copyText(secret))}
      >
        {copied ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        {copied ? t('twoFactor.copied') : t('twoFactor.copyKey')}
      </Button>
    </div>
  );
}
