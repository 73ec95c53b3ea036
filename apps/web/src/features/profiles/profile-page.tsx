import type { PublicProfileView } from '@token/domain/marketplace';
import { ExternalLink, Globe, UserRound } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { ProductCard } from '../../components/product-card/product-card.tsx';
import { ProductGridSkeleton } from '../../components/product-card/product-card-skeleton.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { type ProfileRef, useCreatorProducts, usePublicProfile } from './api/get-public-profile.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const namePattern = /^[A-Za-z0-9._-]{3,30}$/;

/** The host of a link, shown instead of the whole address. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function ProfileHeader({ profile }: { profile: PublicProfileView }) {
  const { t } = useTranslation('collections');
  const name = profile.displayName || profile.profileName || t('profile.anonymous');
  return (
    <header className="flex flex-col gap-5 sm:flex-row sm:items-start">
      {profile.profileImage ? (
        <img
          src={profile.profileImage}
          alt=""
          width={112}
          height={112}
          className="size-28 shrink-0 rounded-full object-cover shadow ring-4 ring-white"
        />
      ) : (
        <span className="flex size-28 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <UserRound className="size-10" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0">
        <h1 className="text-3xl font-semibold tracking-tight text-brand-900 [overflow-wrap:anywhere] sm:text-4xl">
          {name}
        </h1>
        {profile.profileName && <p className="mt-1 text-slate-600">@{profile.profileName}</p>}
        {profile.bio && <p className="mt-4 max-w-2xl whitespace-pre-line text-slate-800">{profile.bio}</p>}
        {(profile.website || profile.socialLinks.length > 0) && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('profile.links')}>
            {profile.website && (
              <li>
                <a
                  href={profile.website}
                  rel="noopener noreferrer nofollow ugc"
                  target="_blank"
                  className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-brand-800 hover:border-brand-400"
                >
                  <Globe className="size-4" aria-hidden="true" />
                  {hostOf(profile.website)}
                </a>
              </li>
            )}
            {profile.socialLinks.map((link) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  rel="noopener noreferrer nofollow ugc"
                  target="_blank"
                  className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-brand-800 hover:border-brand-400"
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                  {t(`networks.${link.network}`)}
                  <span className="sr-only">: {hostOf(link.url)}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}

function CreatorItems({ uuid }: { uuid: string }) {
  const { t } = useTranslation('collections');
  const products = useCreatorProducts(uuid);
  return (
    <section className="mt-10" aria-labelledby="creator-items">
      <h2 id="creator-items" className="text-xl font-semibold text-brand-900">
        {t('profile.items')}
      </h2>
      <div className="mt-4">
        {products.isPending ? (
          <ProductGridSkeleton count={4} />
        ) : !products.data || products.data.length === 0 ? (
          <p className="text-slate-700">{t('profile.noItems')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {products.data.map((p, index) => (
              <li key={p.code} className="flex min-w-0 flex-col">
                {/* the first item's picture is the page's largest paint on a phone: loaded at once */}
                <ProductCard product={p} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function PublicProfile({ profileRef }: { profileRef: ProfileRef | null }) {
  const { t } = useTranslation('collections');
  const profile = usePublicProfile(profileRef);
  if (profileRef === null || profile.isError || (profile.isSuccess && profile.data === null)) {
    return <NotFound />;
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      {profile.data ? (
        <>
          <DocumentTitle
            title={t('profile.title', { name: profile.data.displayName || profile.data.profileName || '' })}
          />
          <ProfileHeader profile={profile.data} />
          <CreatorItems uuid={profile.data.uuid} />
        </>
      ) : (
        <div className="flex items-center gap-5" aria-busy="true">
          <Skeleton className="size-28 rounded-full" />
          <div className="space-y-3">
            <Skeleton className="h-8 w-56" />
            <Skeleton className="h-4 w-32" />
          </div>
        </div>
      )}
    </div>
  );
}

/** /customer?id= (spec 2): the profile summary of a creator, public; ends any process. */
export function CustomerProfilePage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  return <PublicProfile profileRef={uuidPattern.test(id) ? { uuid: id } : null} />;
}

/** /profile/{profileName} (spec 2): a public profile by user name; ends any process. */
export function ProfileByNamePage() {
  const { profileName = '' } = useParams();
  return <PublicProfile profileRef={namePattern.test(profileName) ? { profileName } : null} />;
}
