import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductView } from '@token/domain/catalog-views';
import { maxCollectionItemsPerPage, type ProductCollectionView } from '@token/domain/marketplace';
import { apiRequest } from './api-client.ts';
import { notifyFailure } from './error-text.tsx';
import { useSession } from './session.tsx';

/** Query keys of the customer's collections; logout clears them with the whole cache (spec 4). */
export const collectionKeys = {
  all: ['collections'] as const,
  favourites: ['collections', 'favourites'] as const,
  myItems: (page: number) => ['collections', 'my-items', page] as const,
};

/** GET product-collections?type=favourites: the customer's favourites, all of them (the hearts read them). */
export async function getFavourites(signal?: AbortSignal): Promise<ProductCollectionView> {
  const list = await apiRequest<ProductCollectionView[]>(
    `/api/v2/shop/product-collections?type=favourites&itemsPerPage=${maxCollectionItemsPerPage}`,
    { auth: true, signal },
  );
  return firstOf(list);
}

/** The one collection of a type the API answers (a list, as API Platform lists resources). */
export function firstOf(list: ProductCollectionView[]): ProductCollectionView {
  const [first] = list;
  if (!first) throw new Error('product-collections answered no collection');
  return first;
}

export function favouritesQuery() {
  return queryOptions({
    queryKey: collectionKeys.favourites,
    queryFn: ({ signal }) => getFavourites(signal),
    staleTime: 60_000,
  });
}

/** The favourites of the logged-in customer; nothing is asked while logged out. */
export function useFavourites() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...favouritesQuery(), enabled: isLoggedIn });
}

/** POST product-collection-items: adds a product (by code) to the favourites. */
export function addFavourite(collectionIri: string, productCode: string) {
  return apiRequest<ProductCollectionView['items'][number]>('/api/v2/shop/product-collection-items', {
    method: 'POST',
    auth: true,
    body: {
      product: `/api/v2/shop/products/${encodeURIComponent(productCode)}`,
      productCollection: collectionIri,
    },
  });
}

/** DELETE product-collection-items/{id}. */
export function removeFavourite(itemId: number) {
  return apiRequest<void>(`/api/v2/shop/product-collection-items/${itemId}`, {
    method: 'DELETE',
    auth: true,
  });
}

/** The favourite item of a product, if it is one. */
export function favouriteOf(collection: ProductCollectionView | undefined, productCode: string) {
  return collection?.items.find((i) => i.product.code === productCode);
}

/**
 * Adds a product unless it is already a favourite (spec 4: the heart pressed while logged out is
 * added after login "unless present"). Loads the favourites first.
 */
export async function addFavouriteUnlessPresent(queryClient: QueryClient, productCode: string) {
  const collection = await queryClient.fetchQuery(favouritesQuery());
  if (favouriteOf(collection, productCode)) return;
  await addFavourite(collection['@id'], productCode);
  await queryClient.invalidateQueries({ queryKey: collectionKeys.favourites });
}

type Toggle = {
  product: Pick<ProductView, 'code'> & Partial<ProductView>;
  favourite: boolean;
  /** The item to remove, as the caller saw it before pressing (the optimistic list no longer has it). */
  itemId?: number | undefined;
};

/**
 * spec 4: adds or removes a favourite optimistically: the heart and the list change at once and
 * go back, with the error in the notification bar, when the API refuses.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ product, favourite, itemId }: Toggle) => {
      if (favourite) {
        const collection = await queryClient.ensureQueryData(favouritesQuery());
        return void (await addFavourite(collection['@id'], product.code));
      }
      if (itemId !== undefined && itemId > 0) return removeFavourite(itemId);
      // an item added a moment ago has no id here yet: the server's list has it
      const fresh = await getFavourites();
      const item = favouriteOf(fresh, product.code);
      if (item) await removeFavourite(item.id);
    },
    onMutate: async ({ product, favourite }: Toggle) => {
      await queryClient.cancelQueries({ queryKey: collectionKeys.favourites });
      const before = queryClient.getQueryData<ProductCollectionView>(collectionKeys.favourites);
      if (before) {
        const others = before.items.filter((i) => i.product.code !== product.code);
        const items = favourite
          ? [
              {
                id: -1,
                '@id': '',
                amount: 1,
                position: 0,
                product: product as ProductView,
              },
              ...others,
            ]
          : others;
        queryClient.setQueryData<ProductCollectionView>(collectionKeys.favourites, {
          ...before,
          items,
          totalItems: items.length,
        });
      }
      return { before };
    },
    onError: (err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(collectionKeys.favourites, context.before);
      notifyFailure(err);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.favourites }),
    meta: { silentErrors: true },
  });
}
