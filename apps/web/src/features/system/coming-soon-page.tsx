import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';

/** Stands in for /login and /sign-up until the accounts issue brings them. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = pathname.startsWith('/login') ? t('comingSoon.loginTitle') : t('comingSoon.signUpTitle');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
      <DocumentTitle title={title} />
      <KeyRound className="mx-auto size-12 text-brand-400" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-semibold text-brand-900">{title}</h1>
      <p className="mt-3 text-slate-700">{t('comingSoon.text')}</p>
      <Link to="/" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
