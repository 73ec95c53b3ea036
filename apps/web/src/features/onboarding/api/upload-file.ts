import { ApiError } from '../../../lib/api-client.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { accessToken, endSession, getSession, touchSession } from '../../../lib/session-store.ts';

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
 * A multipart upload to the shop API: the text `fields` first, then `file` (a streaming server
 * checks the fields before the bytes arrive). Sent with XMLHttpRequest because fetch reports no
 * upload progress; `onProgress` follows the bytes sent, `signal` cancels (the promise then rejects
 * with an AbortError). Failures are ApiErrors like every other call's; a 401 ends the session.
 */
export async function uploadFile<T>(
  path: string,
  fields: Record<string, string>,
  file: File,
  opts: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const abortError = () => new DOMException('The upload was cancelled', 'AbortError');
  if (opts.signal?.aborted) throw abortError();
  const token = await accessToken();
  const session = getSession();
  if (!token || !session) throw new ApiError({ status: 401, code: 'unauthorized' });
  if (opts.signal?.aborted) throw abortError();

  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file, file.name);

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
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
          resolve(JSON.parse(xhr.responseText) as T);
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
