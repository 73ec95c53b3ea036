import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { isPublicStorageKey, parseByteRange } from './media.service.ts';

let t: TestApp;
// A file of known bytes 0..255 repeated, stored by the test.
const audioBytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));
const audioKey = 'public/test/tone-0a1b2c.mp3';
const privateKey = 'private/test/contract-77aa.pdf';

async function storeFile(key: string, bytes: Buffer, mimeType: string, bucket: 'public' | 'private') {
  await t.app.partners.storage.put(key, bytes, mimeType);
  await t.app.db.insert(mediaFiles).values({
    fileName: key.split('/').pop()!,
    originalName: key.split('/').pop()!,
    mimeType,
    mediaType: mimeType.startsWith('audio/') ? 'audio' : 'image',
    bucket,
    storageKey: key,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await storeFile(audioKey, audioBytes, 'audio/mpeg', 'public');
  await storeFile(privateKey, Buffer.from('%PDF-1.4 private'), 'application/pdf', 'private');
});
afterAll(async () => {
  await t.close();
});

function expectProblem(res: { statusCode: number; headers: Record<string, unknown> }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
}

describe('media proxy', () => {
  it('serves a product image from the public bucket with its type and immutable caching', async () => {
    const product = (
      await t.app.inject({
        url: '/api/v2/shop/products/SOLAR_BRANDENBURG_2031',
        headers: { accept: 'application/json' },
      })
    ).json();
    const image = product.mediaFiles.find((f: { mediaType: string }) => f.mediaType === 'image');
    const res = await t.app.inject({ url: image.path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(image.mimeType);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const key = decodeURIComponent(image.path.slice('/media/'.length));
    expect(res.rawPayload.equals((await t.app.partners.storage.get(key))!)).toBe(true);
    const etag = res.headers.etag as string;
    const again = await t.app.inject({ url: image.path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('serves audio whole and in single byte ranges', async () => {
    const whole = await t.app.inject({ url: `/media/${audioKey}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(audioBytes)).toBe(true);

    const first = await t.app.inject({ url: `/media/${audioKey}`, headers: { range: 'bytes=0-99' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe('bytes 0-99/4096');
    expect(first.rawPayload.equals(audioBytes.subarray(0, 100))).toBe(true);

    const open = await t.app.inject({ url: `/media/${audioKey}`, headers: { range: 'bytes=4000-' } });
    expect(open.headers['content-range']).toBe('bytes 4000-4095/4096');
    expect(open.rawPayload.length).toBe(96);

    const suffix = await t.app.inject({ url: `/media/${audioKey}`, headers: { range: 'bytes=-10' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(audioBytes.subarray(4086))).toBe(true);

    const beyond = await t.app.inject({ url: `/media/${audioKey}`, headers: { range: 'bytes=5000-6000' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */4096');

    // Several ranges or a stale If-Range: the whole file.
    const multi = await t.app.inject({ url: `/media/${audioKey}`, headers: { range: 'bytes=0-1,5-6' } });
    expect(multi.statusCode).toBe(200);
    const stale = await t.app.inject({
      url: `/media/${audioKey}`,
      headers: { range: 'bytes=0-1', 'if-range': '"other"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(4096);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: `/media/${audioKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('4096');
    expect(res.rawPayload.length).toBe(0);
  });

  it('404s a file whose row exists but whose bytes are gone, and still answers 304 from the row', async () => {
    const key = 'public/test/gone-5e5e.mp3';
    await storeFile(key, audioBytes, 'audio/mpeg', 'public');
    const etag = (await t.app.inject({ url: `/media/${key}` })).headers.etag as string;
    await t.app.partners.storage.remove(key);
    expect(
      (await t.app.inject({ url: `/media/${key}`, headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    expectProblem(await t.app.inject({ url: `/media/${key}` }), 404);
  });

  it('404s unknown keys', async () => {
    expectProblem(await t.app.inject({ url: '/media/public/products/nothing-here.png' }), 404);
    expectProblem(await t.app.inject({ url: '/media/' }), 404);
    expectProblem(await t.app.inject({ url: '/media/public' }), 404);
  });

  it('never serves private-bucket files, even under a public-looking key', async () => {
    expect(await t.app.partners.storage.get(privateKey)).not.toBeNull();
    expectProblem(await t.app.inject({ url: `/media/${privateKey}` }), 404);
    await storeFile('public/sneaky/secret-9f9f.png', Buffer.from('secret'), 'image/png', 'private');
    expectProblem(await t.app.inject({ url: '/media/public/sneaky/secret-9f9f.png' }), 404);
  });

  it('refuses path traversal in every spelling', async () => {
    const rest = privateKey.slice('private/'.length);
    for (const url of [
      `/media/public/../private/${rest}`,
      `/media/public/%2e%2e/private/${rest}`,
      `/media/public/%2E%2E%2Fprivate%2F${rest.replace(/\//g, '%2F')}`,
      `/media/public/..%5c..%5cprivate/${rest}`,
      '/media/public//test/tone-0a1b2c.mp3',
      '/media/public/test/tone-0a1b2c.mp3%00.png',
      '/media/..%2f..%2fpackage.json',
      '/media/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await t.app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
    }
  });

  it('sends stored non-media types as downloads, not inline', async () => {
    await storeFile(
      'public/test/page-1234.html',
      Buffer.from('<script>alert(1)</script>'),
      'text/html',
      'public',
    );
    const res = await t.app.inject({ url: '/media/public/test/page-1234.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment');
  });
});

describe('isPublicStorageKey', () => {
  it.each([
    ['public/products/a.png', true],
    ['public/a', true],
    ['private/legal/a.pdf', false],
    ['public/../private/a.pdf', false],
    ['public/./a.png', false],
    ['public//a.png', false],
    ['public\\..\\a', false],
    ['public/a\u0000.png', false],
    ['/public/a.png', false],
    ['', false],
  ])('%j -> %s', (key, expected) => {
    expect(isPublicStorageKey(key)).toBe(expected);
  });
});

describe('parseByteRange', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-500', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=5-2', 100, null],
    ['bytes=0-1,3-4', 100, null],
    ['items=0-1', 100, null],
    ['bytes=-', 100, null],
  ] as const)('%s of %i -> %j', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});
