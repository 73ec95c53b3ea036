import { ArrowLeft, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOperator } from '../api/get-operator.ts';
import { AdminNav } from './admin-nav.tsx';

/** The frame of an admin page: the area's name, who is signed in, the page title, the content. */
export function AdminShell({
  title,
  back,
  intro,
  children,
}: {
  title: string;
  /** Shows a link back to a list: the review list (`true`) or the given section. */
  back?: boolean | { to: string; label: string };
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const operator = useOperator(true);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <DocumentTitle title={`${title} · ${t('title')}`} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <p className="inline-flex items-center gap-1.5 font-medium text-accent-700">
          <ShieldCheck className="size-4" aria-hidden="true" />
          {t('shell.area')} · {t('title')}
        </p>
        {operator.data && (
          <p className="min-w-0 [overflow-wrap:anywhere]">
            {t('shell.signedInAs', { name: operator.data.fullName })}
          </p>
        )}
      </div>
      <AdminNav />
      {back && (
        <Link
          to={back === true ? '/admin' : back.to}
          className="mt-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-900"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back === true ? t('shell.toQueue') : back.label}
        </Link>
      )}
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl [overflow-wrap:anywhere]">
        {title}
      </h1>
      {intro && <div className="mt-2 max-w-3xl text-slate-700">{intro}</div>}
      <div className="mt-6 sm:mt-8">{children}</div>
    </div>
  );
}
