import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductCollectionView } from '@token/domain/marketplace';
import { apiRequest } from '../../../lib/api-client.ts';
import { collectionKeys, firstOf } from '../../../lib/favourites.ts';

/** spec 9: lists of items show 12 per page. */
export const myItemsPerPage = 12;

/** GET product-collections?type=my-items: one page of the collectibles the customer bought and holds. */
export async function getMyItems(page: number, signal?: AbortSignal): Promise<ProductCollectionView> {
  const list = await apiRequest<ProductCollectionView[]>(
    `/api/v2/shop/product-collections?type=my-items&page=${page}&itemsPerPage=${myItemsPerPage}`,
    { auth: true, signal },
  );
  return firstOf(list);
}

export function useMyItems(page: number) {
  return useQuery({
    queryKey: collectionKeys.myItems(page),
    queryFn: ({ signal }) => getMyItems(page, signal),
    placeholderData: keepPreviousData,
  });
}
