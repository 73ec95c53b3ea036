import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BondAdminView,
  BondCreateInput,
  BondUpdateInput,
  LegalDocumentUploadFields,
} from '@token/domain/catalog';
import { apiRequest } from '../../../../lib/api-client.ts';
import { uploadFile } from '../../../../lib/upload.ts';
import { adminApi, adminKeys } from '../../api/admin-keys.ts';
import { bondAdminPath, bondDetailsKey } from './get-bond.ts';

/** POST admin/bonds: a new draft bond (422 on the field, 409 `bond_code_taken`). */
export function createBond(input: BondCreateInput): Promise<BondAdminView> {
  return apiRequest<BondAdminView>(`${adminApi}/bonds`, { method: 'POST', body: input, auth: true });
}

/** PATCH admin/bonds/{code} (409 `bond_tokens_sold` for price or supply once tokens are sold). */
export function updateBond(call: { code: string; input: BondUpdateInput }): Promise<BondAdminView> {
  return apiRequest<BondAdminView>(bondAdminPath(call.code), {
    method: 'PATCH',
    body: call.input,
    auth: true,
  });
}

/** POST admin/bonds/{code}/publish or /unpublish (publish: 409 `bond_not_publishable` naming what is missing). */
export function setBondPublished(call: { code: string; publish: boolean }): Promise<BondAdminView> {
  const verb = call.publish ? 'publish' : 'unpublish';
  return apiRequest<BondAdminView>(`${bondAdminPath(call.code)}/${verb}`, { method: 'POST', auth: true });
}

/** POST admin/bonds/{code}/images (multipart; JPEG, PNG, WebP up to 10 MB). */
export function uploadBondImage(call: { code: string; file: File }): Promise<BondAdminView> {
  return uploadFile<BondAdminView>(`${bondAdminPath(call.code)}/images`, {}, call.file);
}

/** DELETE admin/bonds/{code}/images/{id}. */
export function deleteBondImage(call: { code: string; id: number }): Promise<BondAdminView> {
  return apiRequest<BondAdminView>(`${bondAdminPath(call.code)}/images/${call.id}`, {
    method: 'DELETE',
    auth: true,
  });
}

/** POST admin/bonds/{code}/legal-documents (multipart PDF up to 20 MB): the next version of its type and locale. */
export function uploadLegalDocument(call: {
  code: string;
  fields: LegalDocumentUploadFields;
  file: File;
}): Promise<BondAdminView> {
  const { type, locale, title } = call.fields;
  return uploadFile<BondAdminView>(
    `${bondAdminPath(call.code)}/legal-documents`,
    { type, locale: locale ?? '', title },
    call.file,
  );
}

/** Every bond mutation answers the edit view: it goes into the cache, and the list is read again. */
function useBondMutation<C extends { code: string } | BondCreateInput>(
  fn: (call: C) => Promise<BondAdminView>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // the forms put refusals on their fields or next to the button
    meta: { silentErrors: true },
    onSuccess: (view) => {
      queryClient.setQueryData(bondDetailsKey(view.code), view);
      void queryClient.invalidateQueries({ queryKey: adminKeys.bonds });
    },
  });
}

export const useCreateBond = () => useBondMutation(createBond);
export const useUpdateBond = () => useBondMutation(updateBond);
export const useSetBondPublished = () => useBondMutation(setBondPublished);
export const useUploadBondImage = () => useBondMutation(uploadBondImage);
export const useDeleteBondImage = () => useBondMutation(deleteBondImage);
export const useUploadLegalDocument = () => useBondMutation(uploadLegalDocument);
