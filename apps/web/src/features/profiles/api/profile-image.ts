import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerResource } from '@token/domain/accounts';
import { contentExtensionOf, contentFileTypes, maxContentFileBytes } from '@token/domain/marketplace';
import { apiRequest } from '../../../lib/api-client.ts';
import { uploadContentFile } from '../../../lib/content-upload.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { productKeys } from '../../../lib/product.ts';

/** The image types an avatar may have (spec 9's image formats). */
export const profileImageAccept = Object.entries(contentFileTypes)
  .filter(([, type]) => type.mediaType === 'image')
  .map(([ext]) => `.${ext}`)
  .join(',');

/** Refuses before any request what the API would refuse: not one of spec 9's images, or too big. */
export function profileImageRefusal(file: File): 'file_type_not_allowed' | 'file_too_big' | null {
  const ext = contentExtensionOf(file.name);
  if (!ext || contentFileTypes[ext].mediaType !== 'image') return 'file_type_not_allowed';
  if (file.size > maxContentFileBytes) return 'file_too_big';
  return null;
}

/** The spec's upload (presign, PUT, checked) of a public image; answers the file's IRI. */
export async function uploadPublicImage(file: File): Promise<string> {
  const uploaded = await uploadContentFile(file, { private: false });
  return uploaded['@id'];
}

/** PUT customers/{uuid} {profileImage}: an uploaded file's IRI sets the avatar, null removes it. */
export function useSetProfileImage(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { file: File } | { remove: true }) => {
      const profileImage = 'file' in change ? await uploadPublicImage(change.file) : null;
      return apiRequest<CustomerResource>(`/api/v2/shop/customers/${encodeURIComponent(uuid)}`, {
        method: 'PUT',
        auth: true,
        body: { profileImage },
      });
    },
    onSuccess: (record) => {
      queryClient.setQueryData(accountKeys.customer(record.uuid), record);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['profiles'] }),
        // product cards and top creators show the creator's avatar
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['creators'] }),
      ]);
    },
    meta: { silentErrors: true },
  });
}
