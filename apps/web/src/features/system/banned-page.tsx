import { Mail, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useChannel } from '../../lib/channel.ts';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * spec 2/6: where a banned customer is sent (crypto registrar status `rejected`, or blocked by the
 * platform): the account is blocked; the contact option is the contact page and the channel's
 * contact address. Never gated, so the customer can always read it and ask.
 */
export function BannedPage() {
  const { t } = useTranslation();
  const channel = useChannel();
  const email = channel.data?.contactEmail;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
      <DocumentTitle title={t('banned.title')} />
      <ShieldAlert className="mx-auto size-12 text-red-700" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-semibold text-brand-900">{t('banned.title')}</h1>
      <p className="mt-3 text-slate-700">{t('banned.text')}</p>
      <p className="mt-3 text-slate-700">{t('banned.nothingLost')}</p>
      <div className="mt-8 flex flex-col items-center gap-4">
        <Link to="/contact" className={buttonClasses({ size: 'lg' })}>
          {t('banned.contact')}
        </Link>
        <div className="flex min-h-6 items-center gap-2 text-sm text-slate-700">
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          {email ? (
            <>
              {t('banned.orWrite')}{' '}
              <a
                href={`mailto:${email}`}
                className="break-all font-medium text-brand-700 underline underline-offset-2"
              >
                {email}
              </a>
            </>
          ) : (
            <Skeleton className="h-4 w-56" />
          )}
        </div>
      </div>
    </div>
  );
}
