import { buyBlockers } from '@token/domain/buying';
import { isSecurity } from '@token/domain/catalog';
import type { ProductView } from '@token/domain/catalog-views';
import { formatEuro, formatNumber } from '@token/domain/format';
import { loginPathFor } from '@token/domain/navigation';
import { ChevronRight, Download, ExternalLink, FileText, Mail, UserRound } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LegalDocumentTitle } from '../../components/legal-document-title.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { FavouriteButton } from '../../components/product-card/favourite-button.tsx';
import { ProductLabelBadge } from '../../components/product-card/product-card.tsx';
import {
  attributeOf,
  enquiryMailto,
  priceOf,
  safeExternalUrl,
} from '../../components/product-card/product-facts.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useChannel } from '../../lib/channel.ts';
import { ErrorText } from '../../lib/error-text.tsx';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { categoryPath, creatorProfilePath } from '../../lib/marketplace-paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useProduct } from './api/get-product.ts';
import { BidButton } from './bid-button.tsx';
import { CollectibleDetails } from './collectible-details.tsx';
import { ProductFactsTable } from './product-facts-table.tsx';
import { ProductGallery } from './product-gallery.tsx';

/**
 * A breadcrumb link: a target 24 px high (WCAG 2.2 2.5.8) around its 20 px line, the padding taken
 * back by a negative margin so the trail keeps its height (and the placeholder's).
 */
const breadcrumbLinkClass = 'inline-block -my-0.5 py-0.5 hover:text-brand-900 hover:underline';

/**
 * The product page's shape while it loads: breadcrumb, picture, title block, buy panel, and the
 * description and facts below, each of about its final height, so nothing (the footer least of
 * all) jumps when the product arrives.
 */
function ProductSkeleton() {
  const { t } = useTranslation(['products', 'common']);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6" aria-busy="true" data-testid="product-skeleton">
      <DocumentTitle />
      <span className="sr-only">{t('common.loading')}</span>
      <Skeleton className="h-5 w-48" />
      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <Skeleton className="aspect-[4/3] w-full rounded-xl" />
        <div className="space-y-6">
          <div className="space-y-3">
            <Skeleton className="h-10 w-3/4" />
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-5/6" />
          </div>
          <Skeleton className="h-80 w-full rounded-xl" />
        </div>
      </div>
      <div className="mt-12 grid gap-10 lg:grid-cols-2 lg:gap-12">
        <div className="space-y-3">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-40 w-full" />
        </div>
        <div className="space-y-3">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-96 w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}

/** Price, availability and the buy button in its state for this visitor (spec 5 rule). */
function BuyPanel({ product }: { product: ProductView }) {
  const { t } = useTranslation(['products', 'common']);
  const { t: tm } = useTranslation('marketplace');
  const security = isSecurity(product);
  const locale = useLocale();
  const { customer } = useSession();
  const channel = useChannel();
  const navigate = useNavigate();
  const location = useLocation();
  const price = priceOf(product);
  const v = product.defaultVariant;
  const blockers = buyBlockers(product, customer);
  const canBuy = blockers.length === 0;
  const moreInfo = safeExternalUrl(attributeOf(product, 'url_more_information'));
  const soldShare =
    v && v.totalSupply > 0
      ? Math.min(100, Math.round(((v.totalSupply - v.availableQuantity) / v.totalSupply) * 100))
      : 0;
  // An exclusive product says so above; why a visitor could not buy it anyway does not matter.
  const reason = product.allowToBuy ? blockers[0] : undefined;

  return (
    <section
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby="buy-title"
    >
      <h2 id="buy-title" className="sr-only">
        {t('product.buyTitle')}
      </h2>
      <p className="text-sm text-slate-600">{t(security ? 'product.pricePerToken' : 'product.price')}</p>
      <p className="text-3xl font-semibold text-slate-900" data-testid="product-price">
        {price === null ? '–' : formatEuro(price, { locale })}
      </p>
      {!security && product.taxCategory && (
        <p className="mt-1 text-xs text-slate-600" data-testid="price-tax-note">
          {tm('details.priceIncludesVat', { rate: product.taxCategory.rateBasisPoints / 100 })}
        </p>
      )}
      {v && (
        <div className="mt-5">
          <div className="flex justify-between text-sm">
            <span className="text-slate-600">{t('product.availability')}</span>
            <span className="font-medium text-slate-900" data-testid="product-availability">
              {security
                ? t('product.availableOf', {
                    available: formatNumber(v.availableQuantity, { locale }),
                    total: formatNumber(v.totalSupply, { locale }),
                  })
                : tm('details.editionsAvailable', {
                    available: formatNumber(v.availableQuantity, { locale }),
                    total: formatNumber(v.totalSupply, { locale }),
                  })}
            </span>
          </div>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-label={security ? t('product.subscribed') : tm('details.sold')}
            aria-valuenow={soldShare}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full rounded-full bg-accent-600" style={{ width: `${soldShare}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-600">
            {security
              ? t('product.subscribedShare', { percent: soldShare })
              : tm('details.soldShare', { percent: soldShare })}
          </p>
        </div>
      )}
      <div className="mt-6 flex flex-col gap-3">
        {product.allowToBuy ? (
          <Button
            size="lg"
            disabled={!canBuy}
            aria-describedby={reason ? 'buy-reason' : undefined}
            onClick={() =>
              void navigate(`/order-process/token?${new URLSearchParams({ product: product.code })}`)
            }
            data-testid="buy-button"
          >
            {t(security ? 'product.buyNow' : 'product.buyCollectible')}
          </Button>
        ) : (
          <>
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t('buy.blockers.exclusive')}</p>
            {channel.data && (
              <a
                href={enquiryMailto(
                  channel.data.contactEmail,
                  t('product.enquirySubject', { name: product.name }),
                )}
                className={buttonClasses({ variant: 'secondary', size: 'lg' })}
                data-testid="enquiry-button"
              >
                <Mail className="size-4" aria-hidden="true" />
                {t('product.contact')}
              </a>
            )}
          </>
        )}
        {!security && product.allowToBuy && <BidButton product={product} disabled={!canBuy} />}
        {reason && (
          <p id="buy-reason" className="text-sm text-slate-700" data-testid="buy-reason">
            {t(`buy.blockers.${reason}`, { context: security ? undefined : 'collectible' })}{' '}
            {reason === 'login_required' && (
              <Link
                to={loginPathFor(location.pathname + location.search)}
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                {t('header.login')}
              </Link>
            )}
          </p>
        )}
        {moreInfo && (
          <a
            href={moreInfo}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'outline', size: 'lg' })}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('product.moreInfo')}
            <span className="sr-only"> ({t('common.newWindow')})</span>
          </a>
        )}
      </div>
    </section>
  );
}

function LegalDocuments({ product }: { product: ProductView }) {
  const { t } = useTranslation(['products', 'common']);
  if (product.legalDocuments.length === 0) return null;
  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title" className="text-xl font-semibold text-brand-900">
        {t('product.documents')}
      </h2>
      <ul className="mt-4 space-y-2">
        {product.legalDocuments.map((d) => (
          <li key={d.id}>
            <a
              href={d.path}
              download
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm hover:border-brand-300 hover:bg-brand-50"
              data-testid="legal-document"
            >
              <FileText className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">
                  <LegalDocumentTitle document={d} />
                </span>
                <span className="block text-xs text-slate-600">{t('product.downloadPdf')}</span>
              </span>
              <Download className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The product's first public picture, for Open Graph and JSON-LD. */
function productImageOf(p: ProductView): string | null {
  return p.mediaFiles.find((f) => f.mediaType === 'image' && f.path)?.path ?? null;
}

/** schema.org `Product` of an item page (decision 021): name, description, picture, price in EUR. */
function productJsonLd(p: ProductView, fallbackDescription: string): Record<string, unknown> {
  const price = priceOf(p);
  const image = productImageOf(p);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.shortDescription ?? p.description ?? fallbackDescription,
    sku: p.code,
    ...(image ? { image } : {}),
    ...(price !== null
      ? {
          offers: {
            '@type': 'Offer',
            priceCurrency: 'EUR',
            price: (price / 100).toFixed(2),
            availability: p.defaultVariant?.inStock
              ? 'https://schema.org/InStock'
              : 'https://schema.org/OutOfStock',
          },
        }
      : {}),
  };
}

/** spec 2 /products/:productCode: media, description, key facts, legal documents, price and buying. */
export function ProductPage() {
  const { productCode = '' } = useParams();
  const { t } = useTranslation(['products', 'common']);
  const product = useProduct(productCode);

  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) return <NotFound />;
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
        <DocumentTitle />
        <p className="text-slate-800">
          <ErrorText error={product.error} />
        </p>
        <Button variant="outline" className="mt-6" onClick={() => void product.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const p = product.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <DocumentTitle
        title={p.name}
        description={p.shortDescription ?? t('meta.product', { name: p.name })}
        image={productImageOf(p)}
        type="product"
        jsonLd={productJsonLd(p, t('meta.product', { name: p.name }))}
      />
      <nav aria-label={t('product.breadcrumb')} className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className={breadcrumbLinkClass}>
              {t('product.home')}
            </Link>
          </li>
          {p.mainTaxon && (
            <li className="flex items-center gap-1">
              <ChevronRight className="size-4" aria-hidden="true" />
              <Link to={categoryPath(p.mainTaxon)} className={breadcrumbLinkClass}>
                {p.mainTaxon.name}
              </Link>
            </li>
          )}
          <li className="flex min-w-0 items-center gap-1">
            <ChevronRight className="size-4" aria-hidden="true" />
            <span aria-current="page" className="truncate text-slate-900">
              {p.name}
            </span>
          </li>
        </ol>
      </nav>
      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="space-y-6">
          <ProductGallery files={p.mediaFiles} name={p.name} />
        </div>
        <div className="space-y-6">
          <div>
            <ProductLabelBadge product={p} />
            <div className="mt-2 flex items-start justify-between gap-3">
              <h1 className="text-3xl font-semibold tracking-tight text-brand-900 sm:text-4xl">{p.name}</h1>
              <FavouriteButton product={p} className="mt-1 shrink-0 border border-slate-200" />
            </div>
            {p.shortDescription && <p className="mt-3 text-lg text-slate-700">{p.shortDescription}</p>}
            {p.creator && (
              <Link
                to={creatorProfilePath(p.creator.uuid)}
                className="mt-4 inline-flex items-center gap-2 text-sm text-slate-700 hover:text-brand-900 hover:underline"
                data-testid="product-creator"
              >
                {p.creator.profileImage ? (
                  <img
                    src={p.creator.profileImage}
                    alt=""
                    width={32}
                    height={32}
                    className="size-8 rounded-full object-cover"
                  />
                ) : (
                  <UserRound className="size-5" aria-hidden="true" />
                )}
                {t('product.by', { name: p.creator.fullName })}
              </Link>
            )}
          </div>
          <BuyPanel product={p} />
        </div>
      </div>
      <div className="mt-12 grid gap-10 lg:grid-cols-2 lg:gap-12">
        <div className="space-y-10">
          {p.description && (
            <section aria-labelledby="description-title">
              <h2 id="description-title" className="text-xl font-semibold text-brand-900">
                {t('product.description')}
              </h2>
              <div className="mt-4 space-y-3 leading-relaxed whitespace-pre-line text-slate-700">
                {p.description}
              </div>
            </section>
          )}
          <LegalDocuments product={p} />
        </div>
        {isSecurity(p) ? (
          <section aria-labelledby="facts-title">
            <h2 id="facts-title" className="text-xl font-semibold text-brand-900">
              {t('product.facts')}
            </h2>
            <div className="mt-4">
              <ProductFactsTable product={p} />
            </div>
          </section>
        ) : (
          <CollectibleDetails product={p} />
        )}
      </div>
    </div>
  );
}
