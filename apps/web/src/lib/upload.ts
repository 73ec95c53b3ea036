import { maxDocumentBytes } from '@token/domain/documents';
import type { ErrorCode } from '@token/domain/errors';
import { formatNumber } from '@token/domain/format';
import { useRef, useState } from 'react';
import { ApiError } from './api-client.ts';
import { currentLocale } from './i18n.ts';
import { accessToken, endSession, getSession, touchSession } from './session-store.ts';

/** The bytes of a running upload sent so far, of how many. */
export type UploadProgress = { loaded: number; total: number };

/** How a caller follows (`onProgress`) and cancels (`signal`) an upload. */
export type UploadOptions = { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal };

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

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

/**
 * Sends `body` with XMLHttpRequest (fetch reports no upload progress): `onProgress` follows the bytes
 * sent, `signal` cancels (the promise then rejects with an AbortError). A 2xx answer resolves with
 * `read(responseText)`; any other answer rejects with its problem as an ApiError after `onRefused`.
 */
function sendWithProgress<T>(req: {
  method: 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit;
  opts: UploadOptions;
  read: (responseText: string) => T;
  onRefused?: (status: number) => void;
}): Promise<T> {
  const { opts } = req;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(req.method, req.url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', currentLocale());
    for (const [name, value] of Object.entries(req.headers)) xhr.setRequestHeader(name, value);
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
        try {
          resolve(req.read(xhr.responseText));
        } catch (err) {
          reject(err);
        }
        return;
      }
      const problem = problemOfXhr(xhr);
      req.onRefused?.(xhr.status);
      reject(problem);
    };
    xhr.send(req.body);
  });
}

/**
 * A multipart upload to the shop API: the text `fields` first, then `file` (a streaming server
 * checks the fields before the bytes arrive), with progress and cancel (`sendWithProgress`).
 * Failures are ApiErrors like every other call's; a 401 ends the session.
 */
export async function uploadFile<T>(
  path: string,
  fields: Record<string, string>,
  file: File,
  opts: UploadOptions = {},
): Promise<T> {
  if (opts.signal?.aborted) throw abortError();
  const token = await accessToken();
  const session = getSession();
  if (!token || !session) throw new ApiError({ status: 401, code: 'unauthorized' });
  if (opts.signal?.aborted) throw abortError();
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file, file.name);
  const answer = await sendWithProgress({
    method: 'POST',
    url: path,
    headers: { authorization: `Bearer ${token}` },
    body,
    opts,
    read: (text) => {
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new ApiError({ status: 200, code: 'fetch_failed', detail: 'The answer was not JSON' });
      }
    },
    // spec 4/7: a 401 logs out, unless a newer session has started since this request left
    onRefused: (status) => {
      if (status === 401 && getSession()?.id === session.id) endSession('expired');
    },
  });
  touchSession();
  return answer;
}

/**
 * The bytes of `file` PUT to a presigned `url` with the `headers` the presign call answered (spec 7:
 * media-files/presign). No bearer token: the URL itself is the permission (the local store's upload
 * route or an S3 bucket). Resolves with the answer's JSON, or null when the store answers none (S3).
 */
export function putFile<T>(
  url: string,
  file: Blob,
  headers: Record<string, string>,
  opts: UploadOptions = {},
): Promise<T | null> {
  if (opts.signal?.aborted) return Promise.reject(abortError());
  return sendWithProgress<T | null>({
    method: 'PUT',
    url,
    headers,
    body: file,
    opts,
    read: (text) => {
      try {
        return text ? (JSON.parse(text) as T) : null;
      } catch {
        return null;
      }
    },
  });
}

/** Whether a failed upload was cancelled by the visitor (the promise rejects with an AbortError). */
export function isUploadCancelled(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** The share of an upload sent, as a whole percent (0 before the first byte). */
export function uploadPercent(progress: UploadProgress | null): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.round((progress.loaded / progress.total) * 100));
}

/**
 * One upload at a time with its progress and a cancel: `run(file, send)` hands `send` the progress
 * callback and abort signal and shows the bar until `send` settles; `cancel()` aborts it.
 */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const run = async <T>(file: File, send: (opts: Required<UploadOptions>) => Promise<T>): Promise<T> => {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ loaded: 0, total: file.size });
    try {
      return await send({ onProgress: setProgress, signal: abort.signal });
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };
  return { progress, percent: uploadPercent(progress), run, cancel: () => controller.current?.abort() };
}

/** Bytes as the visitor reads them: `1,2 MB`. */
export function formatBytes(bytes: number, locale: 'de' | 'en'): string {
  if (bytes < 1_000_000) return `${formatNumber(Math.max(1, Math.round(bytes / 1000)), { locale })} KB`;
  return `${formatNumber(bytes / 1_000_000, { locale, maximumFractionDigits: 1 })} MB`;
}

/** The first `n` bytes of a file as Latin-1 text (FileReader: every browser, and the tests' DOM). */
function readHead(file: File, n: number): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      const bytes = new Uint8Array(reader.result as ArrayBuffer);
      resolve(String.fromCharCode(...bytes));
    };
    reader.onerror = () => resolve('');
    reader.readAsArrayBuffer(file.slice(0, n));
  });
}

/**
 * What is wrong with a chosen PDF before anything is sent (spec 5 messages): no file, not a PDF by
 * its type or name, bigger than 20 MB, or bytes that do not start like a PDF (`%PDF-`). The server
 * judges the bytes again; this spares the customer an upload that would be refused.
 */
export async function pdfProblem(file: File | null | undefined): Promise<ErrorCode | null> {
  if (!file) return 'no_file_uploaded';
  const byName = /\.pdf$/i.test(file.name);
  const byType = file.type === 'application/pdf';
  if (!(byType || (file.type === '' && byName))) return 'file_type_not_allowed';
  if (file.size > maxDocumentBytes) return 'file_too_big';
  if ((await readHead(file, 5)) !== '%PDF-') return 'file_not_recognized';
  return null;
}

/** The API's refusals of a PDF's file itself, shown on the file field rather than in the bar. */
export const pdfFileCodes: ReadonlySet<string> = new Set([
  'no_file_uploaded',
  'file_too_big',
  'file_type_not_allowed',
  'file_not_recognized',
]);
