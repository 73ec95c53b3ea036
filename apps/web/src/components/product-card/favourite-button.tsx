import type { ProductView } from '@token/domain/catalog-views';
import { loginPathFor } from '@token/domain/navigation';
import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { favouriteOf, useFavourites, useToggleFavourite } from '../../lib/favourites.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { rememberPendingFavourite } from '../../lib/pending-favourite.ts';
import { useSession } from '../../lib/session.tsx';

export type FavouriteButtonProps = {
  /** The product by code; the whole view lets the favourites list show it before the server answers. */
  product: Pick<ProductView, 'code' | 'name'> & Partial<ProductView>;
  className?: string;
};

/**
 * spec 4 favourite heart: toggles optimistically and rolls back on failure. A visitor's press is
 * remembered and leads to /login; the product is added after the login unless already there.
 */
export function FavouriteButton({ product, className = '' }: FavouriteButtonProps) {
  const { t } = useTranslation(['products', 'common']);
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const favourites = useFavourites();
  const toggle = useToggleFavourite();
  const item = isLoggedIn ? favouriteOf(favourites.data, product.code) : undefined;
  const isFavourite = item !== undefined;

  const onClick = () => {
    if (!isLoggedIn) {
      rememberPendingFavourite(product.code);
      void navigate(loginPathFor(location.pathname + location.search));
      return;
    }
    toggle.mutate({ product, favourite: !isFavourite, itemId: item?.id });
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isFavourite}
      aria-label={t('product.favourite', { name: product.name })}
      data-testid="favourite-button"
      className={`rounded-full bg-white/90 p-2 shadow-sm transition-colors hover:text-red-600 ${
        isFavourite ? 'text-red-600' : 'text-slate-600'
      } ${className}`}
    >
      <Heart className="size-4" fill={isFavourite ? 'currentColor' : 'none'} aria-hidden="true" />
    </button>
  );
}
