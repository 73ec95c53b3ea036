import { formatDate } from '@token/domain/format';
import { useLocation, useParams } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { HtmlContent } from '../../components/ui/html-content.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { useCmsPage } from './api/get-cms-page.ts';

/** A CMS page: `/cms/:code`, and the legal pages (`/imprint`, ...) whose path is their code. */
export function CmsPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const code = params.code ?? pathname.replace(/^\/+|\/+$/g, '');
  const page = useCmsPage(code);
  const locale = useLocale();
  const { t } = useTranslation();

  if (page.isPending) {
    return (
      <div className="mx-auto min-h-dvh max-w-3xl px-4 py-10 sm:px-6 sm:py-14" aria-busy="true">
        <DocumentTitle />
        <span className="sr-only">{t('common.loading')}</span>
        <Skeleton className="h-9 w-2/3" />
        <div className="mt-8 space-y-3">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/5" />
        </div>
      </div>
    );
  }
  if (page.isError) return null; // reported in the notification bar
  if (!page.data) return <NotFound />;
  const p = page.data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title={p.title} description={p.metaDescription} />
      <h1 className="text-3xl font-semibold tracking-tight text-brand-900 sm:text-4xl">{p.title}</h1>
      {p.updatedAt && (
        <p className="mt-2 text-sm text-slate-600">
          {t('cms.updatedAt', { date: formatDate(p.updatedAt, { locale }) })}
        </p>
      )}
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <HtmlContent html={p.content} />
      </div>
    </article>
  );
}
