import type { ErrorCode } from '@token/domain/errors';
import {
  type ContentMediaFileView,
  contentExtensionOf,
  contentFileTypes,
  maxContentFileBytes,
  type PresignInput,
  type PresignView,
} from '@token/domain/marketplace';
import { apiRequest } from './api-client.ts';
import { putFile, type UploadOptions } from './upload.ts';

/** The hex SHA-256 of a file's bytes, computed in the browser (the presign call announces it). */
export async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await bytesOf(file)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A file's bytes through FileReader (every browser, and the tests' DOM, whose Blob has no arrayBuffer()). */
function bytesOf(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * What is wrong with a chosen content file before anything is sent (spec 5/9, the API's own
 * messages): a name without one of the allowed extensions, or a browser-known type of another
 * kind, is `file_type_not_allowed`; more than 30,000,000 bytes is `file_too_big`. The server
 * judges the bytes again (magic bytes, the announced SHA-256).
 */
export function contentFileProblem(file: File | null | undefined): ErrorCode | null {
  if (!file) return 'no_file_uploaded';
  const ext = contentExtensionOf(file.name);
  if (!ext) return 'file_type_not_allowed';
  const kind = contentFileTypes[ext].mediaType;
  if (file.type !== '' && !file.type.startsWith(`${kind}/`)) return 'file_type_not_allowed';
  if (file.size > maxContentFileBytes) return 'file_too_big';
  return null;
}

/** The refusals an upload's file itself may get, shown on the file field. */
export const contentFileCodes: ReadonlySet<string> = new Set([
  'no_file_uploaded',
  'file_too_big',
  'file_type_not_allowed',
  'file_not_recognized',
  'file_hash_mismatch',
]);

/**
 * The spec's client's upload: the SHA-256 of the bytes, `POST media-files/presign`, then the bytes
 * PUT to `uploadUrl` with the returned headers (progress through `opts`). The local store answers
 * the checked file at once; a store that answers nothing (S3) is asked to check it with
 * `POST media-files/{id}/complete`. A refusal rejects with the API's error (its code names why).
 */
export async function uploadContentFile(
  file: File,
  opts: UploadOptions & { private?: boolean } = {},
): Promise<ContentMediaFileView> {
  const hash = await sha256Hex(file);
  const presigned = await presignUpload({ filename: file.name, private: opts.private ?? false, hash });
  const answer = await putFile<ContentMediaFileView>(presigned.uploadUrl, file, presigned.headers, opts);
  if (answer && typeof answer === 'object' && 'state' in answer) return answer;
  return completeUpload(presigned.id);
}

/** POST media-files/presign: announces an upload and answers where to PUT its bytes. */
export function presignUpload(input: PresignInput): Promise<PresignView> {
  return apiRequest<PresignView>('/api/v2/shop/media-files/presign', {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/** POST media-files/{id}/complete: checks bytes that went straight to the store (S3). */
export function completeUpload(id: number): Promise<ContentMediaFileView> {
  return apiRequest<ContentMediaFileView>(`/api/v2/shop/media-files/${id}/complete`, {
    method: 'POST',
    auth: true,
  });
}
