import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCustomer } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { jsonCalls } from '../../test/json-calls.ts';
import { tokenFor } from '../admin/admin.test-kit.ts';

/*
 * Creators' uploads through presigned URLs on the local store (issue 18): presign, PUT the bytes,
 * the check (size, magic bytes, SHA-256), renditions, private files through signed links only.
 */

let t: TestApp;
let creator: string;
let other: string;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

const call = jsonCalls(() => t);

/** Presign as `token`, then PUT `bytes` to the answered URL with its headers. */
async function upload(
  token: string,
  filename: string,
  bytes: Buffer,
  opts: { private?: boolean; hash?: string } = {},
) {
  const presigned = await call('POST', '/api/v2/shop/media-files/presign', {
    token,
    body: { filename, private: opts.private ?? false, hash: opts.hash ?? sha256(bytes) },
  });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
  // root-relative: it belongs to whatever address the client reached the API at
  expect(presigned.body.uploadUrl).toMatch(/^\/api\/v2\/shop\/uploads\/[^/]+$/);
  const url = new URL(presigned.body.uploadUrl as string, 'http://localhost');
  const put = await call('PUT', url.pathname + url.search, {
    raw: bytes,
    headers: presigned.body.headers as Record<string, string>,
  });
  return { presigned: presigned.body, put };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedCustomer(t.app.db);
  const b = await seedCustomer(t.app.db);
  creator = await tokenFor(t.app, a);
  other = await tokenFor(t.app, b);
});
afterAll(async () => {
  await t.close();
});

describe('presigned uploads on the local store', () => {
  it('takes an image, checks it and makes WebP renditions sm..xxxl, never upscaled', async () => {
    const bytes = await png(1800, 1200);
    const { presigned, put } = await upload(creator, 'Sonnenuntergang.png', bytes);
    expect(presigned).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png' } });
    expect(presigned['@id']).toBe(`/api/v2/shop/media-files/${presigned.id}`);
    expect(Date.parse(presigned.expiresAt as string)).toBeGreaterThan(Date.now());
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({
      state: 'ready',
      mediaType: 'image',
      size: bytes.length,
      private: false,
    });

    const view = await call('GET', `/api/v2/shop/media-files/${presigned.id}`, { token: creator });
    expect(view.status).toBe(200);
    const renditions = view.body.renditions as Record<
      string,
      { width: number; height: number; path: string }
    >;
    expect(Object.keys(renditions)).toEqual(['sm', 'md', 'lg', 'xl', 'xxl', 'xxxl']);
    expect(renditions.sm).toMatchObject({ width: 160, height: 107 });
    expect(renditions.xxl!.width).toBe(1600);
    // The original is 1,800 wide: xxxl is not upscaled.
    expect(renditions.xxxl!.width).toBe(1800);

    const original = await call('GET', view.body.path as string);
    expect(original.status).toBe(200);
    expect(original.raw.equals(bytes)).toBe(true);
    const md = await call('GET', renditions.md!.path);
    expect(md.status).toBe(200);
    expect(md.headers['content-type']).toBe('image/webp');
    expect((await sharp(md.raw).metadata()).width).toBe(320);
  });

  it('refuses a file above 30,000,000 bytes, declared or streamed, and stores nothing', async () => {
    const bytes = Buffer.alloc(1000);
    const presigned = await call('POST', '/api/v2/shop/media-files/presign', {
      token: creator,
      body: { filename: 'gross.mp4', private: false, hash: sha256(bytes) },
    });
    const url = new URL(presigned.body.uploadUrl as string, 'http://localhost');
    const headers = presigned.body.headers as Record<string, string>;
    const streamed = await call('PUT', url.pathname, {
      headers,
      raw: Readable.from(
        (function* () {
          for (let i = 0; i < 31; i++) yield Buffer.alloc(1_000_000, i);
        })(),
      ),
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body).toMatchObject({ code: 'file_too_big', title: 'Die Datei ist zu groß.' });
    const declared = await call('PUT', url.pathname, {
      headers: { ...headers, 'content-length': '30000001', 'accept-language': 'en' },
      raw: Buffer.alloc(10),
    });
    expect(declared.status).toBe(413);
    expect(declared.body.title).toBe('File is too big');
    const view = await call('GET', `/api/v2/shop/media-files/${presigned.body.id}`, { token: creator });
    expect(view.body.state).toBe('awaiting_upload');
  });

  it('refuses a PNG named .mp4 as not recognised, and keeps it rejected', async () => {
    const bytes = await png(40, 40);
    const { presigned, put } = await upload(creator, 'clip.mp4', bytes);
    expect(put.status).toBe(422);
    expect(put.body.code).toBe('file_not_recognized');
    const view = await call('GET', `/api/v2/shop/media-files/${presigned.id}`, { token: creator });
    expect(view.body).toMatchObject({ state: 'rejected', rejectionCode: 'file_not_recognized', path: null });
  });

  it('refuses a PDF named .png as a type that cannot be uploaded', async () => {
    const bytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const { put } = await upload(creator, 'bild.png', bytes);
    expect(put.status).toBe(415);
    expect(put.body.code).toBe('file_type_not_allowed');
  });

  it('refuses bytes that do not match the announced SHA-256', async () => {
    const bytes = await png(50, 50);
    const { put } = await upload(creator, 'bild.png', bytes, { hash: sha256(Buffer.from('other')) });
    expect(put.status).toBe(422);
    expect(put.body.code).toBe('file_hash_mismatch');
  });

  it('refuses unknown extensions and malformed announcements before any upload', async () => {
    const hash = sha256(Buffer.from('x'));
    const exe = await call('POST', '/api/v2/shop/media-files/presign', {
      token: creator,
      body: { filename: 'virus.exe', private: false, hash },
      headers: { 'accept-language': 'en' },
    });
    expect(exe.status).toBe(415);
    expect(exe.body).toMatchObject({
      code: 'file_type_not_allowed',
      title: 'This type of file can not be uploaded',
    });
    for (const body of [
      { filename: 'a.png', private: false, hash: 'abc' },
      { filename: 'a.png', private: 'yes', hash },
      { filename: `${'x'.repeat(300)}.png`, private: false, hash },
      { filename: '../a.png', private: false, hash },
      { filename: 'a.png', private: false, hash, extra: 1 },
    ]) {
      const res = await call('POST', '/api/v2/shop/media-files/presign', { token: creator, body });
      expect([400, 422], JSON.stringify(body)).toContain(res.status);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('refuses a forged or altered upload link and one sent with another content type', async () => {
    const bytes = await png(20, 20);
    const presigned = await call('POST', '/api/v2/shop/media-files/presign', {
      token: creator,
      body: { filename: 'a.png', private: false, hash: sha256(bytes) },
    });
    const url = new URL(presigned.body.uploadUrl as string, 'http://localhost');
    const forged = url.pathname.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const a = await call('PUT', forged, { raw: bytes, headers: { 'content-type': 'image/png' } });
    expect(a.status).toBe(403);
    expect(a.body.code).toBe('signed_link_invalid');
    const b = await call('PUT', url.pathname, { raw: bytes, headers: { 'content-type': 'text/html' } });
    expect(b.status).toBe(403);
    expect((await call('PUT', '/api/v2/shop/uploads/garbage', { raw: bytes })).status).toBe(403);
  });

  it('answers no_file_uploaded when completing an upload whose bytes never came', async () => {
    const presigned = await call('POST', '/api/v2/shop/media-files/presign', {
      token: creator,
      body: { filename: 'a.mp3', private: false, hash: sha256(Buffer.from('x')) },
    });
    const res = await call('POST', `/api/v2/shop/media-files/${presigned.body.id}/complete`, {
      token: creator,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('no_file_uploaded');
  });
});

describe('private files and ownership', () => {
  it('serves a private file only through a signed link of its owner, never through the public proxy', async () => {
    const bytes = await png(300, 200);
    const { presigned, put } = await upload(creator, 'Geheim.png', bytes, { private: true });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ private: true, path: null });
    const renditions = put.body.renditions as Record<string, { path: string | null }>;
    expect(renditions.sm!.path).toBeNull();
    const id = presigned.id as number;

    // The storage key under /media/: not found, under either bucket name.
    expect((await call('GET', `/media/private/content/${presigned.uuid}.png`)).status).toBe(404);
    expect((await call('GET', `/media/public/content/${presigned.uuid}.png`)).status).toBe(404);
    expect((await call('GET', `/media/public/content/${presigned.uuid}/sm.webp`)).status).toBe(404);

    const link = await call('GET', `/api/v2/shop/media-files/${id}/presign`, { token: creator });
    expect(link.status).toBe(200);
    const u = new URL(link.body.url as string, 'http://localhost');
    const file = await call('GET', u.pathname + u.search);
    expect(file.status).toBe(200);
    expect(file.raw.equals(bytes)).toBe(true);
    expect(file.headers['content-disposition']).toContain('Geheim.png');
    // The signed name cannot be swapped.
    expect((await call('GET', `${u.pathname}?name=evil.html`)).status).toBe(403);

    const small = await call('GET', `/api/v2/shop/media-files/${id}/presign?size=sm`, { token: creator });
    const su = new URL(small.body.url as string, 'http://localhost');
    const smallFile = await call('GET', su.pathname + su.search);
    expect((await sharp(smallFile.raw).metadata()).width).toBe(160);

    // Another customer: as if it did not exist; a visitor: 401.
    for (const path of [`/api/v2/shop/media-files/${id}`, `/api/v2/shop/media-files/${id}/presign`]) {
      const res = await call('GET', path, { token: other });
      expect(res.status).toBe(404);
      expect((await call('GET', path)).status).toBe(401);
    }
    expect((await call('POST', `/api/v2/shop/media-files/${id}/complete`, { token: other })).status).toBe(
      404,
    );
    const visitor = await call('POST', '/api/v2/shop/media-files/presign', {
      body: { filename: 'a.png', private: false, hash: sha256(bytes) },
    });
    expect(visitor.status).toBe(401);
  });
});
