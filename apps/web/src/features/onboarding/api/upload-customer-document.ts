import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { accessToken, endSession, getSession, touchSession } from '../../../lib/session-store.ts';
import type { CustomerDocument, DocumentPurpose, DocumentType } from '../types.ts';
import { onboardingKeys } from './keys.ts';

export type DocumentUpload = { file: File; type: DocumentType; purpose: DocumentPurpose; issuedAt: string };
export type UploadProgress = { loaded: number; total: number };

function problemOfXhr(xhr: XMLHttpRequest): ApiError {
  try {
    const p = JSON.parse(xhr.responseText) as {
      code?: unknown;
      detail?: unknown;
      violations?: unknown;
      requestId?: unknown;
    };
    return new ApiError({
      status: xhr.status,
      code: typeof p.code === 'string' ? p.code : `http_${xhr.status}`,
      detail: typeof p.detail === 'string' ? p.detail : undefined,
      violations: Array.isArray(p.violations) ? p.violations : [],
      requestId: typeof p.requestId === 'string' ? p.requestId : undefined,
    });
  } catch {
    return new ApiError({ status: xhr.status, code: `http_${xhr.status}` });
  }
}

/**
 * POST customer-documents (multipart: `type`, `purpose`, `issuedAt`, then `file`, so a streaming
 * server knows what the file is before its bytes arrive). Sent with XMLHttpRequest because fetch
 * reports no upload progress; `onProgress` follows the bytes sent, `signal` cancels (the promise
 * then rejects with an AbortError). Failures are ApiErrors like every other call's.
 */
export async function uploadCustomerDocument(
  upload: DocumentUpload,
  opts: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<CustomerDocument> {
  const abortError = () => new DOMException('The upload was cancelled', 'AbortError');
  if (opts.signal?.aborted) throw abortError();
  const token = await accessToken();
  const session = getSession();
  if (!token || !session) throw new ApiError({ status: 401, code: 'unauthorized' });
  if (opts.signal?.aborted) throw abortError();

  const body = new FormData();
  body.append('type', upload.type);
  body.append('purpose', upload.purpose);
  body.append('issuedAt', upload.issuedAt);
  body.append('file', upload.file, upload.file.name);

  return new Promise<CustomerDocument>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v2/shop/customer-documents');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', currentLocale());
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.({ loaded: e.loaded, total: e.total });
    };
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError({ status: 0, code: 'fetch_failed' }));
    };
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        touchSession();
        try {
          resolve(JSON.parse(xhr.responseText) as CustomerDocument);
        } catch {
          reject(
            new ApiError({ status: xhr.status, code: 'fetch_failed', detail: 'The answer was not JSON' }),
          );
        }
        return;
      }
      const problem = problemOfXhr(xhr);
      // spec 4/7: a 401 logs out, unless a newer session has started since this request left
      if (xhr.status === 401 && getSession()?.id === session.id) endSession('expired');
      reject(problem);
    };
    xhr.send(body);
  });
}

export function useUploadCustomerDocument() {
  const queryClient = useQueryClient();
  const uuid = useSessionState()?.uuid ?? '';
  return useMutation({
    mutationFn: ({
      upload,
      onProgress,
      signal,
    }: {
      upload: DocumentUpload;
      onProgress?: (p: UploadProgress) => void;
      signal?: AbortSignal;
    }) => uploadCustomerDocument(upload, { onProgress, signal }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.documents }),
        queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) }),
      ]),
    meta: { silentErrors: true },
  });
}
