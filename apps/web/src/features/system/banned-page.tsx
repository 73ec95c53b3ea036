import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';

/** spec 2/6: where a customer whose crypto registrar status is rejected is sent. */
export function BannedPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
      <DocumentTitle title={t('banned.title')} />
      <ShieldAlert className="mx-auto size-12 text-red-700" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-semibold text-brand-900">{t('banned.title')}</h1>
      <p className="mt-3 text-slate-700">{t('banned.text')}</p>
      <Link to="/contact" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        {t('banned.contact')}
      </Link>
    </div>
  );
}
