import { Link, useRouteError } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';
import { useErrorMessage } from '../lib/error-text.tsx';
import { useLocale, useTranslation } from '../lib/i18n.ts';

/** Shown when a page module fails to load or a page throws: a message and a way home. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  // always the catalogue's "unexpected": what a page threw is no message for its reader
  const message = useErrorMessage(null, useLocale());
  console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold text-brand-900">{t('pageError.title')}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <div className="mt-8 flex justify-center gap-3">
        <button
          type="button"
          className={buttonClasses({ variant: 'outline' })}
          onClick={() => window.location.reload()}
        >
          {t('pageError.reload')}
        </button>
        <Link to="/" className={buttonClasses()}>
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}
