import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n.ts';
import { usePageHead } from '../ssr/page-head.ts';
import { buttonClasses } from './ui/button.tsx';
import { DocumentTitle } from './ui/document-title.tsx';

/** spec 2: page-not-found with a link home; also shown by pages whose record does not exist. */
export function NotFound() {
  const { t } = useTranslation();
  // the server render answers this page with status 404 (decision 021)
  const head = usePageHead();
  if (head) head.status = 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
      <DocumentTitle title={t('notFound.title')} />
      <Compass className="mx-auto size-12 text-brand-400" aria-hidden="true" />
      <p className="mt-4 text-sm font-semibold tracking-widest text-accent-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-semibold text-brand-900">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-700">{t('notFound.text')}</p>
      <Link to="/" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
