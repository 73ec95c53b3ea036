import type { ProductCollectionView } from '@token/domain/marketplace';
import { Heart, HeartOff, Layers } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ProductCard } from '../../components/product-card/product-card.tsx';
import { ProductGridSkeleton } from '../../components/product-card/product-card-skeleton.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { useFavourites, useToggleFavourite } from '../../lib/favourites.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { myItemsPerPage, useMyItems } from './api/get-my-items.ts';

function PageFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-semibold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{intro}</p>
      <div className="mt-8">{children}</div>
    </div>
  );
}

function Empty({ icon, text }: { icon: ReactNode; text: string }) {
  const { t } = useTranslation('collections');
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </div>
      <p className="mt-4 text-slate-700">{text}</p>
      <Link to="/browse" className={buttonClasses({ variant: 'primary', className: 'mt-5' })}>
        {t('browse')}
      </Link>
    </div>
  );
}

type Item = ProductCollectionView['items'][number];

function ItemGrid({ items, footer }: { items: Item[]; footer: (item: Item) => ReactNode }) {
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {items.map((item) => (
        <li key={item.product.code} className="flex min-w-0 flex-col gap-2">
          {/* The card takes the row's height, so the footers of one row line up. */}
          <div className="flex flex-1 flex-col *:flex-1">
            <ProductCard product={item.product} />
          </div>
          {footer(item)}
        </li>
      ))}
    </ul>
  );
}

function RemoveFavourite({ item }: { item: Item }) {
  const { t } = useTranslation('collections');
  const toggle = useToggleFavourite();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="self-start"
      onClick={() => toggle.mutate({ product: item.product, favourite: false, itemId: item.id })}
    >
      <HeartOff className="size-4" aria-hidden="true" />
      {t('favourites.remove', { name: item.product.name })}
    </Button>
  );
}

/** /favourites (spec 2/4): the customer's favourite items; hearts remove them at once. */
export function FavouritesPage() {
  const { t } = useTranslation('collections');
  const favourites = useFavourites();
  const items = favourites.data?.items.filter((i) => i.id > 0 || Array.isArray(i.product.mediaFiles)) ?? [];
  return (
    <PageFrame title={t('favourites.title')} intro={t('favourites.intro')}>
      {favourites.isPending ? (
        <ProductGridSkeleton count={12} />
      ) : items.length === 0 ? (
        <Empty icon={<Heart className="size-6" aria-hidden="true" />} text={t('favourites.empty')} />
      ) : (
        <ItemGrid items={items} footer={(item) => <RemoveFavourite item={item} />} />
      )}
    </PageFrame>
  );
}

/** /my-collection (spec 2): the collectibles the customer bought and holds, with their amounts. */
export function MyCollectionPage() {
  const { t } = useTranslation('collections');
  const [page, setPage] = useState(1);
  const mine = useMyItems(page);
  const total = mine.data?.totalItems ?? 0;
  const pages = Math.max(1, Math.ceil(total / myItemsPerPage));
  return (
    <PageFrame title={t('myCollection.title')} intro={t('myCollection.intro')}>
      {mine.isPending ? (
        <ProductGridSkeleton count={12} />
      ) : !mine.data || mine.data.items.length === 0 ? (
        <Empty icon={<Layers className="size-6" aria-hidden="true" />} text={t('myCollection.empty')} />
      ) : (
        <>
          <ItemGrid
            items={mine.data.items}
            footer={(item) => (
              <p className="text-sm font-medium text-brand-900" data-testid="held-amount">
                {t('myCollection.amount', { count: item.amount })}
              </p>
            )}
          />
          {pages > 1 && (
            <nav aria-label={t('pages')} className="mt-8 flex items-center justify-center gap-3">
              <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('previous')}
              </Button>
              <span className="text-sm text-slate-700">{t('pageOf', { page, pages })}</span>
              <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </PageFrame>
  );
}
