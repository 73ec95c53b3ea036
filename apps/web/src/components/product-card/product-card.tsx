import { buyBlockers } from '@token/domain/buying';
import { isSecurity, productLabel } from '@token/domain/catalog';
import type { ProductView } from '@token/domain/catalog-views';
import { formatEuro, formatPercent } from '@token/domain/format';
import { ExternalLink, Mail, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useChannel } from '../../lib/channel.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { creatorProfilePath } from '../../lib/marketplace-paths.ts';
import { useSession } from '../../lib/session.tsx';
import { Button, buttonClasses } from '../ui/button.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import { attributeOf, enquiryMailto, priceOf, safeExternalUrl } from './product-facts.ts';
import { ProductMedia } from './product-media.tsx';

const labelStyles = {
  sold: 'bg-slate-800 text-white',
  exclusive: 'bg-amber-100 text-amber-900 ring-1 ring-amber-300',
  unavailable: 'bg-slate-200 text-slate-800',
} as const;

/** A product's label badge (sold, exclusive, unavailable); nothing for an available product. */
export function ProductLabelBadge({ product, className = '' }: { product: ProductView; className?: string }) {
  const { t } = useTranslation(['products', 'common']);
  const label = productLabel(product);
  if (label === 'available') return null;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${labelStyles[label]} ${className}`}
      data-label={label}
    >
      {t(`product.labels.${label}`)}
    </span>
  );
}

/** spec 2: the creator's avatar, linking to their profile summary (/customer?id=). */
function CreatorAvatar({ creator }: { creator: NonNullable<ProductView['creator']> }) {
  const { t } = useTranslation(['products', 'common']);
  const label = t('product.by', { name: creator.fullName });
  return (
    <Link
      to={creatorProfilePath(creator.uuid)}
      className="shrink-0 rounded-full"
      title={label}
      data-testid="creator-avatar"
    >
      {creator.profileImage ? (
        <img
          src={creator.profileImage}
          alt={label}
          width={36}
          height={36}
          loading="lazy"
          decoding="async"
          className="size-9 rounded-full object-cover ring-2 ring-white shadow"
        />
      ) : (
        <span
          role="img"
          aria-label={label}
          className="flex size-9 items-center justify-center rounded-full bg-brand-100 text-brand-800"
        >
          <UserRound className="size-4" aria-hidden="true" />
        </span>
      )}
    </Link>
  );
}

/**
 * spec 1/2 product card: media by type, title, favourite heart, price in euro, labels, buy-now
 * (greyed when the user may not buy), more-info link, enquiry mail for exclusive products, creator.
 * `name` replaces the plain title (the search marks its matches), `children` follow the title.
 */
export function ProductCard({
  product,
  name,
  children,
  priority = false,
}: {
  product: ProductView;
  name?: ReactNode;
  children?: ReactNode;
  /** The page's main picture (the first card of a list): loaded at once and first. */
  priority?: boolean;
}) {
  const { t } = useTranslation(['products', 'common']);
  const locale = useLocale();
  const { customer } = useSession();
  const channel = useChannel();
  const navigate = useNavigate();
  const price = priceOf(product);
  const blockers = buyBlockers(product, customer);
  const canBuy = blockers.length === 0;
  const moreInfo = safeExternalUrl(attributeOf(product, 'url_more_information'));
  const coupon = attributeOf(product, 'coupon_rate');
  const term = attributeOf(product, 'term_months');
  const href = `/products/${encodeURIComponent(product.code)}`;
  const contactEmail = channel.data?.contactEmail;
  const security = isSecurity(product);

  return (
    <article
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="product-card"
      data-product-code={product.code}
    >
      <div className="relative">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
          <ProductMedia files={product.mediaFiles} alt={product.name} priority={priority} />
        </Link>
        <ProductLabelBadge product={product} className="absolute top-3 left-3 shadow-sm" />
        <FavouriteButton product={product} className="absolute top-2 right-2" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="text-base leading-snug font-semibold text-brand-900">
          <Link to={href} className="hover:underline underline-offset-2">
            {name ?? product.name}
          </Link>
        </h3>
        {children}
        {(coupon || term) && (
          <p className="text-sm text-slate-600">
            {coupon && t('product.couponShort', { value: formatPercent(coupon, { locale }) })}
            {coupon && term && ' · '}
            {term && t('product.termShort', { count: Number(term) })}
          </p>
        )}
        <div className="mt-auto flex items-end justify-between gap-2">
          <div>
            <p className="text-xs text-slate-600">
              {t(security ? 'product.pricePerToken' : 'product.price')}
            </p>
            <p className="text-lg font-semibold text-slate-900" data-testid="product-price">
              {price === null ? '–' : formatEuro(price, { locale })}
            </p>
          </div>
          {product.creator && <CreatorAvatar creator={product.creator} />}
        </div>
        <div className="flex flex-wrap gap-2">
          {product.allowToBuy ? (
            <Button
              size="sm"
              className="flex-1"
              disabled={!canBuy}
              title={
                canBuy
                  ? undefined
                  : t(`buy.blockers.${blockers[0]}`, { context: security ? undefined : 'collectible' })
              }
              onClick={() =>
                void navigate(`/order-process/token?${new URLSearchParams({ product: product.code })}`)
              }
            >
              {t(security ? 'product.buyNow' : 'product.buyCollectible')}
            </Button>
          ) : (
            contactEmail && (
              <a
                href={enquiryMailto(contactEmail, t('product.enquirySubject', { name: product.name }))}
                className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'flex-1' })}
              >
                <Mail className="size-4" aria-hidden="true" />
                {t('product.contact')}
              </a>
            )
          )}
          {moreInfo && (
            <a
              href={moreInfo}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              {t('product.moreInfo')}
              <span className="sr-only"> ({t('common.newWindow')})</span>
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
