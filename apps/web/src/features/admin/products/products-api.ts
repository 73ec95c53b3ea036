import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxonView } from '@token/domain/catalog-views';
import type {
  ContentMediaFileView,
  CreatorProductView,
  ProductReviewState,
  SignedLinkView,
} from '@token/domain/marketplace';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { adminApi, adminKeys, type HydraCollection } from '../api/admin-keys.ts';

/* The operator API's product review calls (issue 18, /admin/products): one fetcher and one hook per call. */

export const productsPerPage = 10;
const productPath = (code: string) => `${adminApi}/products/${encodeURIComponent(code)}`;

/** GET admin/products?state=: one page of creators' products in one review state, newest first. */
export async function getReviewProducts(state: ProductReviewState, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ state, page: String(page), itemsPerPage: String(productsPerPage) });
  const answer = await apiRequest<HydraCollection<CreatorProductView>>(`${adminApi}/products?${query}`, {
    auth: true,
    format: 'ld',
    signal,
  });
  return { items: answer['hydra:member'], totalItems: answer['hydra:totalItems'] };
}

export function useReviewProducts(state: ProductReviewState, page: number) {
  return useQuery({
    queryKey: adminKeys.productReviews(state, page),
    queryFn: ({ signal }) => getReviewProducts(state, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET taxons: the categories' names in the operator's language by code, to name a product's category. */
export function useTaxonNames() {
  const locale = useLocale();
  return useQuery({
    queryKey: ['taxons', locale],
    queryFn: ({ signal }) => apiRequest<TaxonView[]>('/api/v2/shop/taxons?itemsPerPage=400', { signal }),
    staleTime: 30 * 60_000,
    select: (tree) => {
      const names = new Map<string, string>();
      const walk = (taxa: TaxonView[]) => {
        for (const taxon of taxa) {
          names.set(taxon.code, taxon.name);
          walk(taxon.children);
        }
      };
      walk(tree);
      return names;
    },
  });
}

/**
 * A preview address of a creator's upload: the public rendition (or original) when there is one,
 * else a signed link from GET admin/media-files/{id}/presign (private files); images ask for `md`.
 */
export function useMediaPreview(file: ContentMediaFileView) {
  const publicPath = file.mediaType === 'image' ? (file.renditions.md?.path ?? file.path) : file.path;
  return useQuery({
    queryKey: adminKeys.mediaPreview(file.id),
    queryFn: async ({ signal }) => {
      if (publicPath) return publicPath;
      const size = file.mediaType === 'image' && file.renditions.md ? '?size=md' : '';
      const link = await apiRequest<SignedLinkView>(`${adminApi}/media-files/${file.id}/presign${size}`, {
        auth: true,
        signal,
      });
      return link.url;
    },
    enabled: file.state === 'ready',
    // signed links live a few minutes; a fresh one per visit is enough
    staleTime: 60_000,
  });
}

export type ReviewDecision = { code: string } & ({ kind: 'approve' } | { kind: 'reject'; reason: string });

/** POST admin/products/{code}/approve or /reject {reason}; the lists are read again afterwards. */
export function useDecideProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecision) =>
      apiRequest<CreatorProductView>(`${productPath(decision.code)}/${decision.kind}`, {
        method: 'POST',
        auth: true,
        body: decision.kind === 'reject' ? { reason: decision.reason } : undefined,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.productReviewsAll }),
  });
}
