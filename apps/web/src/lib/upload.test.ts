import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isUploadCancelled, type UploadOptions, uploadPercent, useUpload } from './upload.ts';

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
