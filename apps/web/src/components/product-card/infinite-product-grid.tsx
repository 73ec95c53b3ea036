import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { listTotalCap, productsPerPage } from '@token/domain/catalog';
import type { ProductView } from '@token/domain/catalog-views';
import { formatNumber } from '@token/domain/format';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ListPage } from '../../lib/hydra.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { trackEvent } from '../../lib/tracking.ts';
import { LoadFailed } from '../load-failed.tsx';
import { Button } from '../ui/button.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductCardSkeleton, ProductGridSkeleton } from './product-card-skeleton.tsx';

type ProductPages = UseInfiniteQueryResult<InfiniteData<ListPage<ProductView>>>;

/**
 * spec 2: a list of item cards that loads its next page when the list's end comes into view
 * (infinite scroll) and fires the tracking event (spec 7); a "load more" button does the same for
 * keyboards and moves focus to the first new item. `restorePages` reloads that many pages at once,
 * so a shared or reloaded URL shows the same list; `onPagesLoaded` reports how many are shown.
 */
export function InfiniteProductGrid({
  list,
  listName,
  empty,
  restorePages = 1,
  onPagesLoaded,
  // the first card's picture is the page's largest paint on a phone: loaded at once, not lazily
  renderCard = (product, index) => <ProductCard product={product} priority={index === 0} />,
}: {
  list: ProductPages;
  listName: string;
  empty: ReactNode;
  restorePages?: number;
  onPagesLoaded?: (pages: number) => void;
  renderCard?: (product: ProductView, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  // a state, not a ref: the list's end exists only once the first page is there
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const grid = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const pages = data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const totalItems = pages[0]?.totalItems ?? 0;
  const restoring = pages.length > 0 && pages.length < restorePages && hasNextPage;

  const loadMore = async (how: 'scroll' | 'button') => {
    if (!hasNextPage || isFetchingNextPage) return;
    if (how === 'button') focusIndex.current = items.length;
    const page = pages.length + 1;
    const answer = await fetchNextPage();
    const loaded = answer.data?.pages[page - 1]?.items ?? [];
    trackEvent({ event: 'view_item_list', list: listName, page, items: loaded.map((p) => p.code) });
  };
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  // Infinite scroll: the next page starts loading a little before the list's end is on screen.
  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMoreRef.current('scroll');
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel]);

  // A restored URL: load the pages it had, one after another, without tracking them again. Each
  // page that arrives asks for the next (by its count: a render may never show the fetching state).
  useEffect(() => {
    if (restoring && !isFetchingNextPage && pages.length > 0) void fetchNextPage();
  }, [restoring, isFetchingNextPage, pages.length, fetchNextPage]);

  // reported once a restored list is complete: the count so far would lower the URL's while restoring
  useEffect(() => {
    if (pages.length > 0 && !restoring) onPagesLoaded?.(pages.length);
  }, [pages.length, restoring, onPagesLoaded]);

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || items.length <= index) return;
    focusIndex.current = null;
    grid.current?.querySelectorAll<HTMLElement>('h3 a')[index]?.focus();
  }, [items.length]);

  if (list.isPending) {
    return (
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
        <ProductGridSkeleton count={productsPerPage} />
      </div>
    );
  }
  if (list.isError && items.length === 0) {
    return <LoadFailed error={list.error} onRetry={() => void list.refetch()} boxed />;
  }
  return (
    <div>
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="list-count">
        {items.length === 0
          ? ''
          : totalItems > listTotalCap
            ? // a filtered list is counted up to the cap (decision 026)
              t('list.shownMore', { shown: items.length, total: formatNumber(listTotalCap, { locale }) })
            : t('list.shown', { shown: items.length, count: totalItems })}
      </p>
      {items.length === 0 ? (
        <div className="mt-4">{empty}</div>
      ) : (
        <ul
          ref={grid}
          className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-4"
          aria-busy={isFetchingNextPage}
          data-testid="product-grid"
        >
          {items.map((product, index) => (
            <li key={product.code} className="flex">
              <div className="flex w-full flex-col [&>article]:flex-1">{renderCard(product, index)}</div>
            </li>
          ))}
          {isFetchingNextPage &&
            Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={`loading-${i}`} className="flex">
                <div className="w-full">
                  <ProductCardSkeleton />
                </div>
              </li>
            ))}
        </ul>
      )}
      <div ref={setSentinel} aria-hidden="true" className="h-px" data-testid="list-end" />
      {list.isError && items.length > 0 && (
        <div className="mt-6">
          <LoadFailed error={list.error} onRetry={() => void loadMore('button')} />
        </div>
      )}
      {hasNextPage && !list.isError && (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" onClick={() => void loadMore('button')} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('common.loading') : t('list.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
