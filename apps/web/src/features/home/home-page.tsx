import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { ProductCard } from '../../components/product-card/product-card.tsx';
import { ProductGridSkeleton } from '../../components/product-card/product-card-skeleton.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { useChannel } from '../../lib/channel.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLatestProducts } from './api/get-latest-products.ts';
import { HowToStart } from './how-to-start.tsx';
import { InvestorSummary } from './investor-summary.tsx';
import { TopCreators } from './top-creators.tsx';
import { WelcomeBanner } from './welcome-banner.tsx';

/** spec 9: placeholders while loading: 4 on the investor's home, 12 items on the marketplace's. */
const placeholders = { investment: 4, marketplace: 12 } as const;

function LatestProducts() {
  const { t } = useTranslation(['home', 'common']);
  const products = useLatestProducts();
  const channel = useChannel();
  const reading = channel.data?.homeRequiresLogin === false ? 'marketplace' : 'investment';
  return (
    <section
      id="latest"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12 sm:px-6"
      aria-labelledby="latest-title"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="latest-title" className="text-2xl font-semibold tracking-tight text-brand-900">
          {t('home.latest')}
        </h2>
        <Link
          to="/browse"
          className="inline-flex min-h-6 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          {t('home.showAll')}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" aria-busy={products.isPending}>
        {products.isPending ? (
          <ProductGridSkeleton count={placeholders[reading]} />
        ) : (
          products.data?.map((p) => <ProductCard key={p.code} product={p} />)
        )}
      </div>
      {products.data?.length === 0 && <p className="mt-6 text-slate-600">{t('home.noProducts')}</p>}
    </section>
  );
}

/**
 * spec 1 home (marketplace reading): welcome banner, the latest 8 products, the top 8 creators and
 * the three-step how-to-start. In the investment reading the route guard sends visitors to login,
 * and the investor sees their wallet summary and last payouts above the latest products.
 */
export function HomePage() {
  return (
    <>
      <DocumentTitle />
      <WelcomeBanner />
      <InvestorSummary />
      <LatestProducts />
      <HowToStart />
      <TopCreators />
    </>
  );
}
