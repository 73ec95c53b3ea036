import { formatDate, formatNumber } from '@token/domain/format';
import {
  type ContentMediaFileView,
  type CreatorProductView,
  type ProductReviewState,
  productRejectInputSchema,
  productReviewStates,
} from '@token/domain/marketplace';
import { formatMoney } from '@token/domain/money';
import { FileAudio, FileVideo, ImageOff } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { AdminGate } from '../components/admin-gate.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { Badge } from '../components/badge.tsx';
import type { Tone } from '../components/labels.ts';
import { useAdminLabels } from '../components/labels.ts';
import { ListShell } from '../components/list-shell.tsx';
import { OperatorDialog } from '../components/operator-dialog.tsx';
import {
  productsPerPage,
  useDecideProduct,
  useMediaPreview,
  useReviewProducts,
  useTaxonNames,
} from './products-api.ts';

const stateTone: Record<ProductReviewState, Tone> = {
  pending: 'warn',
  approved: 'good',
  rejected: 'bad',
  withdrawn: 'neutral',
};

const creatorUuidOf = (iri: string) => iri.split('/').pop() ?? '';

function useMoney() {
  const locale = useLocale();
  return (cents: number) => formatMoney(cents, { locale, currency: 'EUR' });
}

/** A creator's upload as the operator sees it: image, audio or video player, private ones by a signed link. */
function MediaPreview({ file, compact = false }: { file: ContentMediaFileView; compact?: boolean }) {
  const { t } = useAdminLabels();
  const preview = useMediaPreview(file);
  const frame = compact ? 'size-14 shrink-0' : 'aspect-square w-full';
  if (file.state !== 'ready' || preview.isError) {
    return (
      <div
        className={`${frame} flex flex-col items-center justify-center gap-1 rounded-lg bg-slate-100 p-1 text-center text-xs text-slate-600`}
      >
        <ImageOff className="size-5" aria-hidden="true" />
        {!compact &&
          (file.state === 'ready' ? t('products.previewFailed') : t(`products.fileStates.${file.state}`))}
      </div>
    );
  }
  if (!preview.data) return <div className={`${frame} animate-pulse rounded-lg bg-slate-100`} />;
  if (file.mediaType === 'image')
    return (
      <img
        src={preview.data}
        alt={t('products.previewAlt', { name: file.fileName })}
        className={`${frame} rounded-lg bg-slate-100 object-cover`}
      />
    );
  if (compact) {
    const Icon = file.mediaType === 'audio' ? FileAudio : FileVideo;
    return (
      <div className={`${frame} flex items-center justify-center rounded-lg bg-slate-100 text-slate-600`}>
        <Icon className="size-6" aria-label={file.fileName} />
      </div>
    );
  }
  if (file.mediaType === 'audio')
    // biome-ignore lint/a11y/useMediaCaption: a creator's upload has no captions to offer
    return <audio controls src={preview.data} className="w-full" aria-label={file.fileName} />;
  // biome-ignore lint/a11y/useMediaCaption: a creator's upload has no captions to offer
  return <video controls src={preview.data} className="w-full rounded-lg" aria-label={file.fileName} />;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** One product's whole submission: texts in both languages, media, facts, traits, metadata, tags; the decisions. */
function ProductDetails({ product, onReject }: { product: CreatorProductView; onReject: () => void }) {
  const { t, yesNo } = useAdminLabels();
  const locale = useLocale();
  const money = useMoney();
  const decide = useDecideProduct();
  const taxonNames = useTaxonNames();
  const categoryName = (code: string | null) => (code ? (taxonNames.data?.get(code) ?? code) : null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const approve = () => {
    setRefusal(null);
    decide.mutate(
      { code: product.code, kind: 'approve' },
      {
        onSuccess: () => notify('success', t('products.approved', { name: product.name })),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) setRefusal(t('products.approveConflict'));
          else notify('error', errorMessageOf(err, locale), errorDetailOf(err));
        },
      },
    );
  };
  const translations = Object.values(product.translations);
  return (
    <section
      aria-labelledby="product-details-title"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="product-details"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="product-details-title" className="text-lg font-semibold break-words text-brand-900">
            {product.name}
          </h2>
          <p className="font-mono text-xs text-slate-500">{product.code}</p>
          <p className="mt-1">
            <Badge tone={stateTone[product.reviewState]}>{t(`products.states.${product.reviewState}`)}</Badge>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {product.reviewState !== 'approved' && product.reviewState !== 'withdrawn' && (
            <Button onClick={approve} disabled={decide.isPending}>
              {t('products.approve')}
            </Button>
          )}
          {product.reviewState !== 'rejected' && product.reviewState !== 'withdrawn' && (
            <Button variant="danger" onClick={onReject} disabled={decide.isPending}>
              {t('products.reject')}
            </Button>
          )}
        </div>
      </div>
      {refusal && (
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {refusal}
        </p>
      )}
      {product.reviewState === 'withdrawn' && (
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
          {t('products.withdrawnNote')}
        </p>
      )}
      {product.reviewState === 'rejected' && (
        <div className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-medium">{t('products.rejectionReason')}</p>
          <p className="break-words whitespace-pre-line">{product.rejectionReason}</p>
          <p className="mt-1 text-red-800">{t('products.rejectedNote')}</p>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <h3 className="font-medium text-brand-900">{t('products.texts')}</h3>
          {translations.map((tr) => (
            <div key={tr.locale} lang={tr.locale} className="rounded-lg border border-slate-200 p-3">
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                {t(`products.languages.${tr.locale}`, { defaultValue: tr.locale })}
              </p>
              <p className="font-medium break-words text-slate-900">{tr.name}</p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                {tr.description || t('products.noDescription')}
              </p>
            </div>
          ))}
          <h3 className="font-medium text-brand-900">{t('products.media')}</h3>
          {product.mediaFiles.length === 0 ? (
            <p className="text-sm text-slate-600">{t('products.noMedia')}</p>
          ) : (
            <ul className="grid grid-cols-2 gap-3" data-testid="product-media">
              {product.mediaFiles.map((f) => (
                <li key={f.id} className="space-y-1">
                  <MediaPreview file={f} />
                  <p className="text-xs break-all text-slate-600">
                    {f.fileName}
                    {f.private && ` · ${t('products.private')}`}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="space-y-4">
          <h3 className="font-medium text-brand-900">{t('products.facts')}</h3>
          <dl className="divide-y divide-slate-100 text-sm">
            <Fact label={t('products.creator')}>
              <Link
                to={`/admin/customers/${creatorUuidOf(product.creator)}`}
                className="text-brand-700 underline hover:text-brand-900"
              >
                {product.creatorProfileName ? `@${product.creatorProfileName}` : t('products.creatorFile')}
              </Link>
            </Fact>
            <Fact label={t('products.collection')}>
              {product.collection
                ? `${product.collection.name} (${t(`products.collectionStates.${product.collection.state}`)})`
                : '–'}
            </Fact>
            <Fact label={t('products.price')}>{money(product.price)}</Fact>
            <Fact label={t('products.copies')}>
              {t(`products.itemTypes.${product.itemType}`)} · {formatNumber(product.copies, { locale })}
            </Fact>
            <Fact label={t('products.royalties')}>{formatNumber(product.royalties, { locale })} %</Fact>
            <Fact label={t('products.category')}>
              {[categoryName(product.mainTaxon), categoryName(product.subCategory)]
                .filter(Boolean)
                .join(' / ') || '–'}
            </Fact>
            <Fact label={t('products.whitelisting')}>{yesNo(product.whitelisting)}</Fact>
            <Fact label={t('products.collaboration')}>{yesNo(product.collaboration)}</Fact>
            <Fact label={t('products.copyrightTransfer')}>{yesNo(product.copyrightTransfer)}</Fact>
            <Fact label={t('products.unlockOnPurchase')}>{yesNo(product.unlockOnPurchase)}</Fact>
            <Fact label={t('products.createdAt')}>{formatDate(product.createdAt, { locale })}</Fact>
            {product.reviewedAt && (
              <Fact label={t('products.reviewedAt')}>{formatDate(product.reviewedAt, { locale })}</Fact>
            )}
          </dl>
          <h3 className="font-medium text-brand-900">{t('products.traits')}</h3>
          {product.traits.length === 0 ? (
            <p className="text-sm text-slate-600">{t('products.none')}</p>
          ) : (
            <dl className="divide-y divide-slate-100 text-sm" data-testid="product-traits">
              {product.traits.map((trait, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and never move
                <Fact key={i} label={trait.type}>
                  {trait.value}
                </Fact>
              ))}
            </dl>
          )}
          <h3 className="font-medium text-brand-900">{t('products.metadata')}</h3>
          {product.metadata.length === 0 ? (
            <p className="text-sm text-slate-600">{t('products.none')}</p>
          ) : (
            <dl className="divide-y divide-slate-100 text-sm" data-testid="product-metadata">
              {product.metadata.map((entry, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and never move
                <Fact key={i} label={entry.key}>
                  {entry.value}
                </Fact>
              ))}
            </dl>
          )}
          <h3 className="font-medium text-brand-900">{t('products.tags')}</h3>
          {product.tags.length === 0 ? (
            <p className="text-sm text-slate-600">{t('products.none')}</p>
          ) : (
            <ul className="flex flex-wrap gap-2" data-testid="product-tags">
              {product.tags.map((tag) => (
                <li key={tag}>
                  <Badge tone="info">{tag}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

function StateTabs({
  state,
  onState,
}: {
  state: ProductReviewState;
  onState: (s: ProductReviewState) => void;
}) {
  const { t } = useAdminLabels();
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t('products.stateFilter')}</legend>
      {productReviewStates.map((s) => (
        <Button
          key={s}
          size="sm"
          variant={s === state ? 'primary' : 'outline'}
          aria-pressed={s === state}
          onClick={() => onState(s)}
        >
          {t(`products.tabs.${s}`)}
        </Button>
      ))}
    </fieldset>
  );
}

function ProductsPage() {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state: ProductReviewState = (productReviewStates as readonly string[]).includes(stateParam ?? '')
    ? (stateParam as ProductReviewState)
    : 'pending';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const selected = params.get('product');
  const list = useReviewProducts(state, page);
  const decide = useDecideProduct();
  const [rejecting, setRejecting] = useState<CreatorProductView | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const update = (next: { state?: ProductReviewState; page?: number; product?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.state !== undefined) {
      if (next.state === 'pending') p.delete('state');
      else p.set('state', next.state);
      p.delete('page');
      p.delete('product');
    }
    if (next.page !== undefined) {
      if (next.page > 1) p.set('page', String(next.page));
      else p.delete('page');
    }
    if (next.product !== undefined) {
      if (next.product) p.set('product', next.product);
      else p.delete('product');
    }
    setParams(p);
  };
  const chosen = list.data?.items.find((p) => p.code === selected) ?? null;
  const detailsButton = (p: CreatorProductView) => (
    <Button
      variant={p.code === selected ? 'primary' : 'outline'}
      size="sm"
      onClick={() => update({ product: p.code === selected ? null : p.code })}
      aria-label={t('products.detailsLabel', { name: p.name })}
      aria-pressed={p.code === selected}
    >
      {t('products.details')}
    </Button>
  );
  return (
    <AdminShell title={t('products.title')} intro={t('products.intro')}>
      <div className="space-y-4">
        <ListShell
          filters={<StateTabs state={state} onState={(s) => update({ state: s })} />}
          list={list}
          title={t('products.title')}
          count={(count) => t(`products.count.${state}`, { count })}
          empty={t(`products.empty.${state}`)}
          page={page}
          perPage={productsPerPage}
          onPage={(next) => update({ page: next })}
        >
          {(items) => (
            <ul className="divide-y divide-slate-100">
              {items.map((p) => (
                <li
                  key={p.code}
                  className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center"
                  data-testid="product-row"
                >
                  <div className="flex min-w-0 flex-1 items-start gap-3">
                    {p.mediaFiles[0] ? (
                      <MediaPreview file={p.mediaFiles[0]} compact />
                    ) : (
                      <div className="size-14 shrink-0 rounded-lg bg-slate-100" />
                    )}
                    <div className="min-w-0 text-sm">
                      <p className="font-medium break-words text-brand-900">{p.name}</p>
                      <p className="text-slate-600">
                        {p.creatorProfileName ? `@${p.creatorProfileName}` : t('products.creatorFile')} ·{' '}
                        {money(p.price)} · {t('products.copiesCount', { count: p.copies })}
                      </p>
                      {p.collection && (
                        <p className="text-slate-700">
                          {t('products.inCollection', { name: p.collection.name })}
                        </p>
                      )}
                      <p className="text-xs text-slate-500">
                        {t('products.submitted', { date: formatDate(p.updatedAt, { locale }) })}
                      </p>
                    </div>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge tone={stateTone[p.reviewState]}>{t(`products.states.${p.reviewState}`)}</Badge>
                    {detailsButton(p)}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ListShell>
        {chosen && (
          <ProductDetails key={chosen.code} product={chosen} onReject={() => setRejecting(chosen)} />
        )}
        <h2 ref={headingRef} tabIndex={-1} className="sr-only">
          {t('products.title')}
        </h2>
      </div>
      <OperatorDialog
        open={rejecting !== null}
        formKey={rejecting?.code}
        title={t('products.rejectTitle', { name: rejecting?.name ?? '' })}
        text={t('products.rejectText')}
        schema={productRejectInputSchema}
        submitLabel={t('products.reject')}
        destructive
        reasonHint={t('products.rejectHint')}
        returnFocus={() => headingRef.current}
        onClose={() => setRejecting(null)}
        onConfirm={async ({ reason }) => {
          if (!rejecting) return;
          await decide.mutateAsync({ code: rejecting.code, kind: 'reject', reason });
          notify('success', t('products.rejected', { name: rejecting.name }));
          setRejecting(null);
        }}
      />
    </AdminShell>
  );
}

/** /admin/products: creators' products by review state (pending first), each submission whole, approve or reject. */
export function AdminProductsPage() {
  return (
    <AdminGate>
      <ProductsPage />
    </AdminGate>
  );
}
