import { formatEuro } from '@token/domain/format';
import type {
  CreatorCollectionView,
  CreatorProductView,
  ProductReviewState,
} from '@token/domain/marketplace';
import { Layers, Pencil, Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { createdPerPage, useCreatedProducts } from './api/content-api.ts';
import { CreatorFrame } from './create-content-pages.tsx';
import { useCreatedCollections } from './preparation-process/collection-api.ts';
import { stepUrl } from './preparation-process/collection-form.ts';
import { MediaPreview } from './upload-field.tsx';
import { WithdrawButton } from './withdraw-button.tsx';

const stateClass: Record<ProductReviewState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  withdrawn: 'bg-slate-200 text-slate-800',
};

export function ReviewState({ state }: { state: ProductReviewState }) {
  const { t } = useTranslation('creator');
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateClass[state]}`}>
      {t(`states.${state}`)}
    </span>
  );
}

function CreatedItem({ product }: { product: CreatorProductView }) {
  const { t } = useTranslation('creator');
  const locale = useLocale();
  const file = product.mediaFiles[0];
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      {file ? <MediaPreview file={file} /> : <div className="size-24 rounded-lg bg-slate-100" />}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2
            id={`created-${product.code}`}
            tabIndex={-1}
            className="min-w-0 text-lg font-semibold break-words text-brand-900"
          >
            {product.name}
          </h2>
          <ReviewState state={product.reviewState} />
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {formatEuro(product.price, { locale })}
          {product.itemType === 'multiple' ? ` · ${t('created.copies', { count: product.copies })}` : ''}
        </p>
        <p className="mt-1 text-sm text-slate-600">{t(`states.${product.reviewState}Text`)}</p>
        {product.reviewState === 'rejected' && product.rejectionReason && (
          <p className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-900">
            {t('created.reason', { reason: product.rejectionReason })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {product.reviewState === 'approved' && (
          <Link
            to={`/products/${encodeURIComponent(product.code)}`}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            {t('created.view')}
          </Link>
        )}
        <Link
          to={`/edit-product/${encodeURIComponent(product.code)}`}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
          aria-label={t('created.editNamed', { name: product.name })}
        >
          <Pencil className="size-4" aria-hidden="true" />
          {t('created.edit')}
        </Link>
        <WithdrawButton
          product={product}
          focusAfter={() => document.getElementById(`created-${product.code}`)}
        />
      </div>
    </li>
  );
}

/** One of the creator's collections: its state, items, and the way back into a draft's preparation. */
function CreatedCollection({ collection }: { collection: CreatorCollectionView }) {
  const { t } = useTranslation('creator');
  const draft = collection.state === 'draft';
  const file = collection.items[0]?.mediaFiles[0];
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      {file ? (
        <MediaPreview file={file} />
      ) : (
        <div className="flex size-24 items-center justify-center rounded-lg bg-slate-100">
          <Layers className="size-8 text-slate-500" aria-hidden="true" />
        </div>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 text-lg font-semibold break-words text-brand-900">{collection.name}</h3>
          <span
            className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${draft ? 'bg-slate-200 text-slate-800' : 'bg-sky-100 text-sky-900'}`}
          >
            {t(draft ? 'collection.draft' : 'collection.submittedState')}
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {collection.artist} · {t('collection.itemCount', { count: collection.items.length })}
        </p>
        {collection.items.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2">
            {collection.items.map((item) => (
              <li key={item.code} className="flex items-center gap-1.5 text-sm text-slate-700">
                <span className="truncate">{item.name}</span>
                <ReviewState state={item.reviewState} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link
        to={stepUrl(draft ? 'prepare-collection' : 'collection-summary', collection.code)}
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
        aria-label={`${t(draft ? 'collection.continue' : 'collection.summary')}: ${collection.name}`}
      >
        {t(draft ? 'collection.continue' : 'collection.summary')}
      </Link>
    </li>
  );
}

function CreatedCollections() {
  const { t } = useTranslation('creator');
  const list = useCreatedCollections(1);
  if (list.isPending || list.isError || list.data.items.length === 0) return null;
  return (
    <section className="mb-8" aria-labelledby="created-collections">
      <h2 id="created-collections" className="mb-3 text-xl font-semibold text-brand-900">
        {t('collection.listTitle')}
      </h2>
      <ul className="space-y-3">
        {list.data.items.map((c) => (
          <CreatedCollection key={c.code} collection={c} />
        ))}
      </ul>
    </section>
  );
}

/** /created (spec 2): the creator's products in every review state, with the state and a rejection's reason. */
export function CreatedPage() {
  const { t } = useTranslation('creator');
  const [page, setPage] = useState(1);
  const list = useCreatedProducts(page);
  const createLink = (
    <Link to="/create-content" className={buttonClasses({ variant: 'primary' })}>
      <Plus className="size-4" aria-hidden="true" />
      {t('createContent')}
    </Link>
  );
  const total = list.data?.totalItems ?? 0;
  return (
    <CreatorFrame title={t('created.title')} intro={t('created.intro')}>
      <div className="mb-6">{createLink}</div>
      <CreatedCollections />
      {list.isPending ? (
        <div className="space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 w-full rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <Sparkles className="mx-auto size-8 text-brand-700" aria-hidden="true" />
          <p className="mt-4 text-slate-700">{t('created.empty')}</p>
        </div>
      ) : (
        <>
          <ul className="space-y-3">
            {list.data.items.map((p) => (
              <CreatedItem key={p.code} product={p} />
            ))}
          </ul>
          {total > createdPerPage && (
            <div className="mt-6 flex items-center justify-between">
              <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('created.previous')}
              </Button>
              <Button
                variant="outline"
                disabled={page * createdPerPage >= total}
                onClick={() => setPage(page + 1)}
              >
                {t('created.next')}
              </Button>
            </div>
          )}
        </>
      )}
    </CreatorFrame>
  );
}
