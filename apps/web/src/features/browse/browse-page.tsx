import type { TaxonView } from '@token/domain/catalog-views';
import {
  type BrowseFilters,
  browseFiltersOf,
  browseSearchOf,
  findCategory,
  loadedPagesParam,
  restoredPagesOf,
} from '@token/domain/marketplace';
import { useCallback } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { InfiniteProductGrid } from '../../components/product-card/infinite-product-grid.tsx';
import { ProductGridSkeleton } from '../../components/product-card/product-card-skeleton.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { categoryPath } from '../../lib/marketplace-paths.ts';
import { useBrowseProducts } from './api/get-browse-products.ts';
import { useTaxons } from './api/get-taxons.ts';
import { BrowseFilterBar } from './browse-filters.tsx';

/**
 * A filtered, infinitely scrolling list of items whose filters live in the URL: a shared link, a
 * reload or the back button shows the same list, down to the pages that were loaded.
 */
function ExploreList({ taxon }: { taxon?: TaxonView }) {
  const { t } = useTranslation('marketplace');
  const [params, setParams] = useSearchParams();
  const filters = browseFiltersOf(params);
  const list = useBrowseProducts({ ...filters, taxonCode: taxon?.code });

  const changeFilters = (next: BrowseFilters) => {
    // a new filter starts a new list: history gets an entry, the loaded pages start again at one
    setParams(browseSearchOf(taxon ? { ...next, category: undefined } : next));
  };
  const rememberPages = useCallback(
    (pages: number) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (pages > 1) next.set(loadedPagesParam, String(pages));
          else next.delete(loadedPagesParam);
          return next.toString() === current.toString() ? current : next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return (
    <>
      <BrowseFilterBar filters={filters} withCategory={!taxon} onChange={changeFilters} />
      <div className="mt-8">
        <InfiniteProductGrid
          list={list}
          listName={taxon ? `category:${taxon.code}` : 'browse'}
          restorePages={restoredPagesOf(params)}
          onPagesLoaded={rememberPages}
          empty={
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
              <p className="font-medium text-slate-900">{t('browse.emptyTitle')}</p>
              <p className="mt-1 text-sm text-slate-600">{t('browse.emptyText')}</p>
            </div>
          }
        />
      </div>
    </>
  );
}

/** Links to categories as a row of chips (top-level ones on /browse, sub-categories on a category). */
function CategoryChips({ label, taxons }: { label: string; taxons: readonly TaxonView[] }) {
  if (taxons.length === 0) return null;
  return (
    <nav aria-label={label} className="mt-5">
      <ul className="flex flex-wrap gap-2">
        {taxons.map((taxon) => (
          <li key={taxon.code}>
            <Link
              to={categoryPath(taxon)}
              className="inline-flex min-h-9 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-800"
            >
              {taxon.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /browse: every listed item, filtered by category, creator and price. */
export function BrowsePage() {
  const { t } = useTranslation('marketplace');
  const taxons = useTaxons();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <DocumentTitle title={t('browse.title')} description={t('browse.description')} />
      <h1 className="text-3xl font-semibold tracking-tight text-brand-900">{t('browse.title')}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t('browse.intro')}</p>
      {taxons.data && <CategoryChips label={t('browse.categories')} taxons={taxons.data} />}
      <div className="mt-6">
        <ExploreList />
      </div>
    </div>
  );
}

/** /categories/{categoryName}: the items of one category and its sub-categories. */
export function CategoryPage() {
  const { t } = useTranslation('marketplace');
  const { categoryName = '' } = useParams();
  const taxons = useTaxons();
  if (taxons.isPending) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6" aria-busy="true">
        <DocumentTitle />
        <Skeleton className="h-9 w-64" />
        <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <ProductGridSkeleton count={12} />
        </div>
      </div>
    );
  }
  if (taxons.isError) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <DocumentTitle />
        <LoadFailed error={taxons.error} onRetry={() => void taxons.refetch()} boxed />
      </div>
    );
  }
  const taxon = findCategory(taxons.data, categoryName);
  if (!taxon) return <NotFound />;
  const parent = taxon.parent
    ? findCategory(taxons.data, decodeURIComponent(taxon.parent.split('/').pop() ?? ''))
    : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <DocumentTitle title={taxon.name} description={taxon.description ?? t('browse.description')} />
      <nav aria-label={t('browse.breadcrumb')} className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/browse" className="inline-block py-1 hover:underline">
              {t('browse.title')}
            </Link>
          </li>
          {parent && (
            <li className="before:mx-1 before:content-['/']">
              <Link to={categoryPath(parent)} className="inline-block py-1 hover:underline">
                {parent.name}
              </Link>
            </li>
          )}
          <li className="before:mx-1 before:content-['/']" aria-current="page">
            {taxon.name}
          </li>
        </ol>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-brand-900">{taxon.name}</h1>
      {taxon.description && <p className="mt-2 max-w-2xl text-slate-600">{taxon.description}</p>}
      <CategoryChips label={t('browse.subcategories')} taxons={taxon.children} />
      <div className="mt-6">
        <ExploreList key={taxon.code} taxon={taxon} />
      </div>
    </div>
  );
}
