import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerResource } from '@token/domain/accounts';
import {
  contentExtensionOf,
  contentFileTypes,
  maxContentFileBytes,
  type PresignView,
} from '@token/domain/marketplace';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError, problemOf } from '../../../lib/api-error.ts';
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

async function sha256Hex(file: File): Promise<string> {
  const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
  // copied into this realm's typed array (a test DOM's ArrayBuffer is not the one WebCrypto accepts)
  const bytes = Uint8Array.from(new Uint8Array(buffer));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The spec's upload: POST media-files/presign {filename, private: false, hash}, then PUT the bytes
 * to `uploadUrl` with the headers it names; answers the file's IRI. (The smallest PUT of this
 * feature's own: `lib/upload.ts` gets a PUT with progress in parallel work.)
 */
export async function uploadPublicImage(file: File): Promise<string> {
  const presigned = await apiRequest<PresignView>('/api/v2/shop/media-files/presign', {
    method: 'POST',
    auth: true,
    body: { filename: file.name, private: false, hash: await sha256Hex(file) },
  });
  let res: Response;
  try {
    res = await fetch(presigned.uploadUrl, { method: 'PUT', headers: presigned.headers, body: file });
  } catch {
    throw new ApiError({ status: 0, code: 'fetch_failed' });
  }
  if (!res.ok) throw await problemOf(res);
  return presigned['@id'];
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
