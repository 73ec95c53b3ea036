import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from './session-store.ts';
import { storeSessionForTests } from './test-session.ts';
import { fakeXhr } from './test-upload.ts';
import {
  isUploadCancelled,
  putFile,
  type UploadOptions,
  uploadFile,
  uploadPercent,
  useUpload,
} from './upload.ts';

describe('useUpload', () => {
  it('shows the progress while the upload runs, clears it when it settles, and cancels through its signal', async () => {
    const { result } = renderHook(() => useUpload());
    const file = new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' });
    let sent: Required<UploadOptions> | null = null;
    let running: Promise<unknown> = Promise.resolve();
    act(() => {
      running = result.current.run(
        file,
        (opts) =>
          new Promise((_resolve, reject) => {
            sent = opts;
            opts.signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
          }),
      );
    });
    expect(result.current.progress).toEqual({ loaded: 0, total: file.size });
    act(() => sent?.onProgress({ loaded: 4, total: 8 }));
    expect(result.current.percent).toBe(50);

    let failure: unknown = null;
    await act(async () => {
      result.current.cancel();
      failure = await running.catch((err: unknown) => err);
    });
    expect(isUploadCancelled(failure)).toBe(true);
    expect(result.current.progress).toBeNull();
  });

  it('reads the share sent as a whole percent, never above 100', () => {
    expect(uploadPercent(null)).toBe(0);
    expect(uploadPercent({ loaded: 0, total: 0 })).toBe(0);
    expect(uploadPercent({ loaded: 1, total: 3 })).toBe(33);
    expect(uploadPercent({ loaded: 9, total: 8 })).toBe(100);
  });
});

describe('uploadFile and putFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('ends the session on a 401 of a multipart upload, and reads a presigned PUT’s answer or none', async () => {
    storeSessionForTests({ id: 'sess-1', uuid: '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01', validMs: 600_000 });
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(() => ({ status: 401, body: { status: 401, code: 'unauthorized' } })).FakeXhr,
    );
    const file = new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' });
    await expect(uploadFile('/api/v2/shop/customer-documents', {}, file)).rejects.toMatchObject({
      code: 'unauthorized',
    });
    expect(getSession()).toBeNull();

    const put = fakeXhr(() => ({ status: 200, body: { id: 5 } }));
    vi.stubGlobal('XMLHttpRequest', put.FakeXhr);
    expect(await putFile('/api/v2/shop/uploads/t', file, { 'content-type': 'application/pdf' })).toEqual({
      id: 5,
    });
    expect(put.sent[0]?.headers).toMatchObject({ 'content-type': 'application/pdf' });
  });
});
