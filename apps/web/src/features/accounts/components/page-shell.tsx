import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The card of the public account screens (login, registration, links from mails): one narrow column. */
export function AuthCard({
  title,
  intro,
  icon,
  wide,
  focusOnShow,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  icon?: ReactNode;
  /** Registration has more fields side by side. */
  wide?: boolean;
  /**
   * An outcome replacing a form: its title takes the focus and scrolls to the top, so a reader who
   * submitted at the bottom of a long form on a phone sees it (and a screen reader announces it).
   */
  focusOnShow?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnShow) return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [focusOnShow]);
  return (
    <div className={`mx-auto px-4 py-8 sm:px-6 sm:py-14 ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
      <DocumentTitle title={title} />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {icon && <div className="mb-4 text-brand-500">{icon}</div>}
        <h1
          ref={heading}
          tabIndex={focusOnShow ? -1 : undefined}
          className="text-2xl font-semibold tracking-tight text-brand-900 outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {intro && <div className="mt-2 text-slate-700">{intro}</div>}
        <div className="mt-6">{children}</div>
      </section>
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-slate-700">{footer}</div>}
    </div>
  );
}

/** A page of the account area: back to the overview, title, optional intro, content. */
export function AccountPageShell({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title={title} />
      <Link
        to="/account"
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('account.back')}
      </Link>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">{title}</h1>
      {intro && <div className="mt-2 max-w-2xl text-slate-700">{intro}</div>}
      <div className="mt-6 sm:mt-8">{children}</div>
    </div>
  );
}

/** A white panel inside an account page. */
export function Panel({
  title,
  children,
  className = '',
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      {title && <h2 className="mb-4 text-lg font-semibold text-brand-900">{title}</h2>}
      {children}
    </section>
  );
}

/** A link in the text colour of the app. */
export const textLinkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';
