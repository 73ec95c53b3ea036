import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ContentMediaFileView } from '@token/domain/marketplace';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { contentFileProblem, sha256Hex, uploadContentFile } from '../../lib/content-upload.ts';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { mockApi, problemAnswer } from '../../lib/test-api.tsx';
import { storeSessionForTests } from '../../lib/test-session.ts';
import { fakeXhr } from '../../lib/test-upload.ts';
import { mediaFileForTests } from './test-support.ts';
import { ContentUploadField } from './upload-field.tsx';

const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const png = () => new File([pngBytes], 'wald.png', { type: 'image/png' });
const presigned = {
  id: 7,
  '@id': '/api/v2/shop/media-files/7',
  uuid: 'u',
  uploadUrl: '/api/v2/shop/uploads/signed-token',
  method: 'PUT',
  headers: { 'content-type': 'image/png' },
  expiresAt: '2026-11-27T23:00:00.000Z',
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await loadNamespace('creator');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the content upload (spec 5/7/9)', () => {
  it('hashes the bytes with SHA-256 in the browser', async () => {
    expect(await sha256Hex(new Blob(['abc']))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('refuses a wrong type or a too big file before sending anything', () => {
    expect(contentFileProblem(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }))).toBe(
      'file_type_not_allowed',
    );
    expect(contentFileProblem(new File(['x'], 'a.mp4', { type: 'image/png' }))).toBe('file_type_not_allowed');
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 30_000_001 });
    expect(contentFileProblem(big)).toBe('file_too_big');
    expect(contentFileProblem(png())).toBeNull();
  });

  it('presigns with the hash, PUTs the bytes with the returned headers and follows the progress', async () => {
    storeSessionForTests({ id: 's', uuid: 'u-1', validMs: 600_000 });
    const calls = mockApi(({ url, method }) =>
      url === '/api/v2/shop/media-files/presign' && method === 'POST'
        ? Response.json(presigned, { status: 201 })
        : undefined,
    );
    const xhr = fakeXhr(() => ({ status: 200, body: mediaFileForTests() }));
    vi.stubGlobal('XMLHttpRequest', xhr.FakeXhr);
    const progress: number[] = [];
    const file = await uploadContentFile(png(), { onProgress: (p) => progress.push(p.loaded) });
    expect(file.state).toBe('ready');
    expect(calls.find((c) => c.url.endsWith('/presign'))?.body).toEqual({
      filename: 'wald.png',
      private: false,
      hash: await sha256Hex(png()),
    });
    expect(xhr.sent).toHaveLength(1);
    expect(xhr.sent[0]?.url).toBe(presigned.uploadUrl);
    expect(xhr.sent[0]?.headers['content-type']).toBe('image/png');
    expect(xhr.sent[0]?.headers.authorization).toBeUndefined();
    expect(progress).toEqual([6, 12]);
  });

  it('asks a store that answers nothing (S3) to check the upload', async () => {
    storeSessionForTests({ id: 's', uuid: 'u-1', validMs: 600_000 });
    const calls = mockApi(({ url }) => {
      if (url.endsWith('/presign')) return Response.json(presigned, { status: 201 });
      if (url === '/api/v2/shop/media-files/7/complete') return Response.json(mediaFileForTests());
      return undefined;
    });
    vi.stubGlobal('XMLHttpRequest', fakeXhr(() => ({ status: 200, body: '' })).FakeXhr);
    const file = await uploadContentFile(png());
    expect(file.state).toBe('ready');
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/complete'))).toBe(true);
  });

  it('rejects with the API code when the store refuses the bytes', async () => {
    storeSessionForTests({ id: 's', uuid: 'u-1', validMs: 600_000 });
    mockApi(({ url }) => (url.endsWith('/presign') ? Response.json(presigned, { status: 201 }) : undefined));
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(() => ({ status: 422, body: { status: 422, code: 'file_hash_mismatch' } })).FakeXhr,
    );
    const err = await uploadContentFile(png()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('file_hash_mismatch');
  });
});

function Field(props: {
  initial?: ContentMediaFileView[];
  onChange?: (files: ContentMediaFileView[]) => void;
}) {
  const [files, setFiles] = useState<ContentMediaFileView[]>(props.initial ?? []);
  return (
    <ContentUploadField
      value={files}
      onChange={(next) => {
        setFiles(next);
        props.onChange?.(next);
      }}
    />
  );
}

describe('the file field', () => {
  it('shows the progress bar, then the ready file with its md rendition', async () => {
    storeSessionForTests({ id: 's', uuid: 'u-1', validMs: 600_000 });
    mockApi(({ url }) => (url.endsWith('/presign') ? Response.json(presigned, { status: 201 }) : undefined));
    vi.stubGlobal('XMLHttpRequest', fakeXhr(() => ({ status: 200, body: mediaFileForTests() })).FakeXhr);
    const { container } = render(<Field />);
    fireEvent.change(screen.getByLabelText('Files'), { target: { files: [png()] } });
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(await screen.findByText('Uploaded and checked')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/content/f7/md.webp');
  });

  it('shows the refusal in the catalogue’s words: type checked in the browser, content by the API', async () => {
    storeSessionForTests({ id: 's', uuid: 'u-1', validMs: 600_000 });
    const calls = mockApi(({ url }) =>
      url.endsWith('/presign') ? Response.json(presigned, { status: 201 }) : undefined,
    );
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(() => ({ status: 422, body: { status: 422, code: 'file_not_recognized' } })).FakeXhr,
    );
    render(<Field />);
    fireEvent.change(screen.getByLabelText('Files'), {
      target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('doc.pdf: This type of file can not be uploaded')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/presign'))).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Files'), { target: { files: [png()] } });
    expect(await screen.findByText('wald.png: File not recognized')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Uploaded and checked')).toBeNull());
  });

  it('takes several files in order, moves one up by keyboard-operable buttons, and removes one', async () => {
    storeSessionForTests({ id: 's', uuid: 'u-1', validMs: 600_000 });
    mockApi(({ url }) => (url.endsWith('/presign') ? Response.json(presigned, { status: 201 }) : undefined));
    let n = 0;
    const names = ['eins.png', 'zwei.png', 'drei.mp3'];
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(() => {
        const i = n++;
        return {
          status: 200,
          body: mediaFileForTests({
            id: 10 + i,
            '@id': `/api/v2/shop/media-files/${10 + i}`,
            fileName: names[i] ?? 'extra.png',
            ...(i === 2 ? { mediaType: 'audio' as const, mimeType: 'audio/mpeg', renditions: {} } : {}),
          }),
        };
      }).FakeXhr,
    );
    let last: ContentMediaFileView[] = [];
    render(<Field onChange={(f) => (last = f)} />);
    fireEvent.change(screen.getByLabelText('Files'), {
      target: { files: [png(), png(), new File([pngBytes], 'drei.mp3', { type: 'audio/mpeg' })] },
    });
    await waitFor(() => expect(last.map((f) => f.fileName)).toEqual(names));
    await screen.findByText('drei.mp3');
    const items = () => screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items()[0]).toContain('Cover');
    expect(screen.getByRole('button', { name: 'Move “eins.png” up' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move “zwei.png” up' }));
    expect(last.map((f) => f.fileName)).toEqual(['zwei.png', 'eins.png', 'drei.mp3']);
    expect(items()[0]).toContain('zwei.png');
    expect(items()[0]).toContain('Cover');
    fireEvent.click(screen.getByRole('button', { name: 'Remove “eins.png”' }));
    expect(last.map((f) => f.fileName)).toEqual(['zwei.png', 'drei.mp3']);
    expect(screen.getByText('Add another file')).toBeTruthy();
  });

  it('shows the API refusal of a file too big', async () => {
    storeSessionForTests({ id: 's', uuid: 'u-1', validMs: 600_000 });
    mockApi(({ url }) => (url.endsWith('/presign') ? problemAnswer(413, 'file_too_big') : undefined));
    render(<Field />);
    fireEvent.change(screen.getByLabelText('Files'), { target: { files: [png()] } });
    expect(await screen.findByText('wald.png: File is too big')).toBeTruthy();
  });
});
