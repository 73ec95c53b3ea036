import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { creatorProfilePath } from '../../lib/marketplace-paths.ts';
import { topCreatorsCount, useTopCreators } from './api/get-top-creators.ts';

/** spec 1: the top 8 creators, each linking to their profile summary (/customer?id=). */
export function TopCreators() {
  const { t } = useTranslation(['home', 'common']);
  const creators = useTopCreators();
  if (creators.data?.length === 0) return null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6" aria-labelledby="creators-title">
      <h2 id="creators-title" className="text-2xl font-semibold tracking-tight text-brand-900">
        {t('home.topCreators')}
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {creators.isPending
          ? Array.from({ length: topCreatorsCount }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={i} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3">
                <Skeleton className="size-12 rounded-full" />
                <Skeleton className="h-4 flex-1" />
              </li>
            ))
          : creators.data?.map((c, i) => (
              <li key={c.uuid} data-testid="top-creator">
                <Link
                  to={creatorProfilePath(c.uuid)}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-300 hover:shadow-md"
                >
                  <span className="w-5 text-right text-sm font-semibold text-slate-500">{i + 1}</span>
                  {c.profileImage ? (
                    <img
                      src={c.profileImage}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      decoding="async"
                      className="size-12 shrink-0 rounded-full object-cover"
                    />
                  ) : (
                    <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                      <UserRound className="size-5" aria-hidden="true" />
                    </span>
                  )}
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-semibold text-slate-900">{c.fullName}</span>
                    {c.profileName && (
                      <span className="block truncate text-xs text-slate-600">@{c.profileName}</span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}
