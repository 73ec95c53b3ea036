import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatorCollectionCreateInput,
  CreatorCollectionUpdateInput,
  CreatorCollectionView,
} from '@token/domain/marketplace';
import { apiRequest } from '../../../lib/api-client.ts';
import { type HydraCollection, pageOf } from '../../../lib/hydra.ts';
import { contentKeys, createdPerPage } from '../api/content-api.ts';

/* The creator's collections (decision 023): one fetcher and hook per call. */

export const collectionKeys = {
  all: ['created-collections'] as const,
  list: (page: number) => ['created-collections', 'list', page] as const,
  one: (code: string) => ['created-collections', 'one', code] as const,
};

const path = (code: string) => `/api/v2/shop/collections/${encodeURIComponent(code)}`;

/** GET created-collections/{code}: the creator's draft (or submitted collection) with all its items. */
export function getOwnCollection(code: string, signal?: AbortSignal): Promise<CreatorCollectionView> {
  return apiRequest<CreatorCollectionView>(`/api/v2/shop/created-collections/${encodeURIComponent(code)}`, {
    auth: true,
    signal,
  });
}

export function useOwnCollection(code: string | null) {
  return useQuery({
    queryKey: collectionKeys.one(code ?? ''),
    queryFn: ({ signal }) => getOwnCollection(code ?? '', signal),
    enabled: code !== null,
  });
}

/** GET created-collections: one page of the creator's collections in every state. */
export async function getCreatedCollections(page: number, signal?: AbortSignal) {
  const answer = await apiRequest<HydraCollection<CreatorCollectionView>>(
    `/api/v2/shop/created-collections?page=${page}&itemsPerPage=${createdPerPage}`,
    { auth: true, format: 'ld', signal },
  );
  return pageOf(answer);
}

export function useCreatedCollections(page: number) {
  return useQuery({
    queryKey: collectionKeys.list(page),
    queryFn: ({ signal }) => getCreatedCollections(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST collections: a new draft, named with its artist. */
export function createCollection(input: CreatorCollectionCreateInput): Promise<CreatorCollectionView> {
  return apiRequest<CreatorCollectionView>('/api/v2/shop/collections', {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/** PUT collections/{code}: the whole draft again. */
export function updateCollection(
  code: string,
  input: CreatorCollectionUpdateInput,
): Promise<CreatorCollectionView> {
  return apiRequest<CreatorCollectionView>(path(code), { method: 'PUT', body: input, auth: true });
}

/** POST collections/{code}/submit: ends the preparation. */
export function submitCollection(code: string): Promise<CreatorCollectionView> {
  return apiRequest<CreatorCollectionView>(`${path(code)}/submit`, { method: 'POST', auth: true });
}

/** DELETE collections/{code}: throws a draft away (leaving the process). */
export function deleteCollection(code: string): Promise<unknown> {
  return apiRequest<unknown>(path(code), { method: 'DELETE', auth: true });
}

/** Keeps the cached draft and lists in step after a change. */
export function useCollectionCache() {
  const queryClient = useQueryClient();
  return (view: CreatorCollectionView) => {
    queryClient.setQueryData(collectionKeys.one(view.code), view);
    void queryClient.invalidateQueries({ queryKey: collectionKeys.all, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: contentKeys.all, refetchType: 'none' });
  };
}

export function useSaveCollection() {
  const remember = useCollectionCache();
  return useMutation({
    mutationFn: (args: { code: string | null; input: CreatorCollectionUpdateInput }) =>
      args.code === null
        ? createCollection({ name: args.input.name, artist: args.input.artist })
        : updateCollection(args.code, args.input),
    onSuccess: remember,
  });
}

export function useSubmitCollection() {
  const remember = useCollectionCache();
  return useMutation({ mutationFn: (code: string) => submitCollection(code), onSuccess: remember });
}
