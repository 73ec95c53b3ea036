import { useQuery } from '@tanstack/react-query';
import type { ProductView } from '@token/domain/catalog-views';
import type { PublicProfileView } from '@token/domain/marketplace';
import { apiRequest } from '../../../lib/api-client.ts';

/** Which profile: by customer uuid (/customer?id=) or by user name (/profile/{profileName}). */
export type ProfileRef = { uuid: string } | { profileName: string };

export const profileKeys = {
  profile: (ref: ProfileRef) => ['profiles', ref] as const,
  products: (uuid: string) => ['profiles', 'products', uuid] as const,
};

/** GET public-profiles/{uuid} or public-profiles?profileName= (visitors too); null when there is none. */
export async function getPublicProfile(
  ref: ProfileRef,
  signal?: AbortSignal,
): Promise<PublicProfileView | null> {
  if ('uuid' in ref) {
    return apiRequest<PublicProfileView>(`/api/v2/shop/public-profiles/${encodeURIComponent(ref.uuid)}`, {
      signal,
    });
  }
  const q = new URLSearchParams({ profileName: ref.profileName });
  const list = await apiRequest<PublicProfileView[]>(`/api/v2/shop/public-profiles?${q}`, { signal });
  return list[0] ?? null;
}

export function usePublicProfile(ref: ProfileRef | null) {
  return useQuery({
    queryKey: profileKeys.profile(ref ?? { uuid: '' }),
    queryFn: ({ signal }) => (ref ? getPublicProfile(ref, signal) : null),
    enabled: ref !== null,
    retry: false,
  });
}

/** GET products?creator.uuid=: the creator's listed items (first page of 12, spec 9). */
export function useCreatorProducts(uuid: string | undefined) {
  return useQuery({
    queryKey: profileKeys.products(uuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<ProductView[]>(
        `/api/v2/shop/products?${new URLSearchParams({ 'creator.uuid': uuid ?? '', itemsPerPage: '12' })}`,
        { signal },
      ),
    enabled: Boolean(uuid),
  });
}
