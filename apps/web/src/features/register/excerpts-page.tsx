import { formatDate } from '@token/domain/format';
import { type RegisterExcerptListItem, registerExcerptTypeLabels } from '@token/domain/register';
import { Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useTokenAssets } from '../../lib/token-assets.ts';
import { useDownloadExcerpt } from './api/download-excerpt.ts';
import { useRegisterExcerpts } from './api/get-register-excerpts.ts';
import { useRequestExcerpt } from './api/request-excerpt.ts';

function ExcerptRow({ excerpt, bondName }: { excerpt: RegisterExcerptListItem; bondName: string }) {
  const { t } = useTranslation('register');
  const locale = useLocale();
  const download = useDownloadExcerpt();
  const onDownload = () =>
    download.mutate(excerpt, {
      onError: (err) => notify('error', errorMessageOf(err, locale), errorDetailOf(err)),
    });
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="excerpt-row"
    >
      <div className="flex min-w-0 items-start gap-3">
        <FileText className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
            {registerExcerptTypeLabels[excerpt.type][locale]} · {bondName}
          </p>
          <p className="text-sm text-slate-600">
            {t('excerpts.number')} {excerpt.number} · {formatDate(excerpt.createdAt, { locale })} ·{' '}
            {t(`excerpts.language.${excerpt.language}`)}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onDownload}
        disabled={download.isPending}
        aria-label={t('excerpts.downloadLabel', { number: excerpt.number })}
      >
        <Download className="size-4" aria-hidden="true" />
        {t('excerpts.download')}
      </Button>
    </li>
  );
}

/** "Request an excerpt" per bond the investor holds in the register (eWpG § 19: on request). */
function RequestExcerpts({ bonds }: { bonds: { code: string; name: string }[] }) {
  const { t } = useTranslation('register');
  const locale = useLocale();
  const request = useRequestExcerpt();
  if (bonds.length === 0) return null;
  const onRequest = (product: string) =>
    request.mutate(
      { product },
      {
        onSuccess: (item) => notify('success', t('excerpts.requested', { number: item.number })),
        // a second request too soon answers 429 too_many_requests: the catalogue says when to try again
        onError: (err) => notify('error', errorMessageOf(err, locale), errorDetailOf(err)),
      },
    );
  return (
    <section
      aria-labelledby="excerpts-request-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="excerpts-request-title" className="text-lg font-semibold text-brand-900">
        {t('excerpts.requestTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('excerpts.requestText')}</p>
      <ul className="mt-4 divide-y divide-slate-100">
        {bonds.map((b) => (
          <li
            key={b.code}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{b.name}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={request.isPending}
              onClick={() => onRequest(b.code)}
              aria-label={t('excerpts.requestLabel', { name: b.name })}
            >
              {t('excerpts.request')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /account/exerpts (spec 2, path spelled as given): the investor's register excerpts (eWpG § 19) by
 * type, bond, number, date and language, each downloadable as PDF, and a manual request per bond held.
 */
export function ExcerptsPage() {
  const { t } = useTranslation('register');
  const excerpts = useRegisterExcerpts();
  const assets = useTokenAssets();
  const names = new Map((assets.data ?? []).map((a) => [a.product.code, a.product.name]));
  const held = (assets.data ?? [])
    .filter((a) => a.minted > 0)
    .map((a) => ({ code: a.product.code, name: a.product.name }));

  let list: ReactNode;
  if (excerpts.isError) {
    list = <LoadFailed error={excerpts.error} onRetry={() => void excerpts.refetch()} boxed />;
  } else if (!excerpts.data) {
    list = (
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-6" aria-hidden="true">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  } else if (excerpts.data.length === 0) {
    list = (
      <section
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        data-testid="excerpts-empty"
      >
        <h2 className="text-lg font-semibold text-brand-900">{t('excerpts.emptyTitle')}</h2>
        <p className="mt-1 text-slate-700">{t('excerpts.emptyText')}</p>
        <Link to="/account/wallet" className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
          {t('excerpts.toDepot')}
        </Link>
      </section>
    );
  } else {
    list = (
      <section
        aria-labelledby="excerpts-list-title"
        className="rounded-xl border border-slate-200 bg-white px-5 shadow-sm sm:px-6"
      >
        <h2 id="excerpts-list-title" className="sr-only">
          {t('excerpts.listTitle')}
        </h2>
        <ul className="divide-y divide-slate-100">
          {excerpts.data.map((e) => (
            <ExcerptRow key={e.id} excerpt={e} bondName={names.get(e.product) ?? e.product} />
          ))}
        </ul>
      </section>
    );
  }

  return (
    <AccountPageShell title={t('excerpts.title')} intro={t('excerpts.intro')} backLabel={t('common.back')}>
      <div className="space-y-6">
        {list}
        <RequestExcerpts bonds={held} />
      </div>
    </AccountPageShell>
  );
}
