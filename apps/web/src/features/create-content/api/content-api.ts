import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxonView } from '@token/domain/catalog-views';
import type {
  ContentMediaFileView,
  CreatorProductCreateInput,
  CreatorProductUpdateInput,
  CreatorProductView,
} from '@token/domain/marketplace';
import { apiRequest } from '../../../lib/api-client.ts';
import { type HydraCollection, pageOf } from '../../../lib/hydra.ts';
import { useLocale } from '../../../lib/i18n.ts';

/** spec 9: lists of items show 12 per page. */
export const createdPerPage = 12;

export const contentKeys = {
  all: ['created-products'] as const,
  list: (page: number) => ['created-products', 'list', page] as const,
  one: (code: string) => ['created-products', 'one', code] as const,
  taxons: (locale: string) => ['taxons', locale] as const,
};

/** GET created-products: one page of the creator's own products in every review state. */
export async function getCreatedProducts(page: number, signal?: AbortSignal) {
  const answer = await apiRequest<HydraCollection<CreatorProductView>>(
    `/api/v2/shop/created-products?page=${page}&itemsPerPage=${createdPerPage}`,
    { auth: true, format: 'ld', signal },
  );
  return pageOf(answer);
}

export function useCreatedProducts(page: number) {
  return useQuery({
    queryKey: contentKeys.list(page),
    queryFn: ({ signal }) => getCreatedProducts(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET created-products/{code}: one of the creator's products, in any review state (the edit screen). */
export function getCreatedProduct(code: string, signal?: AbortSignal): Promise<CreatorProductView> {
  return apiRequest<CreatorProductView>(`/api/v2/shop/created-products/${encodeURIComponent(code)}`, {
    auth: true,
    signal,
  });
}

export function useCreatedProduct(code: string) {
  return useQuery({
    queryKey: contentKeys.one(code),
    queryFn: ({ signal }) => getCreatedProduct(code, signal),
  });
}

/** POST products: a new item, in review until an operator approves it. */
export function createProduct(input: CreatorProductCreateInput): Promise<CreatorProductView> {
  return apiRequest<CreatorProductView>('/api/v2/shop/products', { method: 'POST', body: input, auth: true });
}

/** PUT products/{code}: the item anew; a change of what was reviewed sends it back to review. */
export function updateProduct(code: string, input: CreatorProductUpdateInput): Promise<CreatorProductView> {
  return apiRequest<CreatorProductView>(`/api/v2/shop/products/${encodeURIComponent(code)}`, {
    method: 'PUT',
    body: input,
    auth: true,
  });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { code: string | null; input: CreatorProductCreateInput }) =>
      args.code === null ? createProduct(args.input) : updateProduct(args.code, args.input),
    onSuccess: (product) => {
      queryClient.setQueryData(contentKeys.one(product.code), product);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}

/** GET media-files/{id}: one of the customer's uploads with its state. */
export function getMediaFile(id: number): Promise<ContentMediaFileView> {
  return apiRequest<ContentMediaFileView>(`/api/v2/shop/media-files/${id}`, { auth: true });
}

/** GET taxons: the categories (children of `collectibles`) and their sub-categories. */
export function useCollectibleCategories() {
  const locale = useLocale();
  return useQuery({
    queryKey: contentKeys.taxons(locale),
    queryFn: ({ signal }) => apiRequest<TaxonView[]>('/api/v2/shop/taxons?itemsPerPage=400', { signal }),
    staleTime: 30 * 60_000,
    select: (tree) => findTaxon(tree, 'collectibles')?.children ?? [],
  });
}

function findTaxon(tree: TaxonView[], code: string): TaxonView | undefined {
  for (const t of tree) {
    if (t.code === code) return t;
    const inner = findTaxon(t.children, code);
    if (inner) return inner;
  }
  return undefined;
}

/** POST created-products/{code}/withdraw: the creator takes the item off the shop (decision 020). */
export function withdrawProduct(code: string): Promise<CreatorProductView> {
  return apiRequest<CreatorProductView>(
    `/api/v2/shop/created-products/${encodeURIComponent(code)}/withdraw`,
    { method: 'POST', auth: true },
  );
}

export function useWithdrawProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => withdrawProduct(code),
    onSuccess: (product) => {
      queryClient.setQueryData(contentKeys.one(product.code), product);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
