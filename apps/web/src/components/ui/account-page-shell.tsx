import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from './document-title.tsx';

/**
 * A page of the account area outside the accounts feature (custody, company profile, professional
 * request): back to the overview, title, optional intro, content. Same frame as the accounts pages.
 */
export function AccountPageShell({
  title,
  intro,
  backLabel,
  backTo = '/account',
  children,
}: {
  title: string;
  intro?: ReactNode;
  backLabel: string;
  backTo?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title={title} />
      <Link
        to={backTo}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {backLabel}
      </Link>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">{title}</h1>
      {intro && <div className="mt-2 max-w-2xl text-slate-700">{intro}</div>}
      <div className="mt-6 sm:mt-8">{children}</div>
    </div>
  );
}
