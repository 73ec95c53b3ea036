import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createPartners } from '../create-partners.ts';
import type { StoragePort } from './port.ts';
import { createS3Storage } from './s3.ts';

/*
 * The S3 adapter against s3rver, an S3-compatible server started from npm in-process on a random
 * port with a temporary directory: objects, streams, and presigned PUT and GET done with fetch.
 */

const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
let server: { close: () => Promise<void> };
let storage: StoragePort;
let port: number;

beforeAll(async () => {
  const instance = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'test' }],
  });
  const address = (await instance.run()) as { address: string; port: number };
  server = instance;
  port = address.port;
  storage = createS3Storage({
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    bucket: 'test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 storage adapter (s3rver)', () => {
  it('puts, gets, streams and removes objects; a missing key is null', async () => {
    await storage.put('public/a/one.txt', Buffer.from('hallo'), 'text/plain');
    expect((await storage.get('public/a/one.txt'))!.toString()).toBe('hallo');
    const chunks = Array.from({ length: 20 }, (_, i) => Buffer.alloc(10_000, i));
    const size = await storage.putStream('private/b/two', Readable.from(chunks), 'application/octet-stream');
    expect(size).toBe(200_000);
    const read = await storage.getStream('private/b/two');
    expect(read!.size).toBe(200_000);
    expect((await readAll(read!.stream)).equals(Buffer.concat(chunks))).toBe(true);
    const slice = await storage.getStream('private/b/two', { start: 10_000, end: 10_009 });
    expect(slice!.size).toBe(200_000);
    expect((await readAll(slice!.stream)).equals(Buffer.alloc(10, 1))).toBe(true);
    await storage.remove('private/b/two');
    expect(await storage.getStream('private/b/two')).toBeNull();
    expect(await storage.get('nothing/here')).toBeNull();
  });

  it('takes an upload through a presigned PUT and serves it through a presigned GET', async () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const put = await storage.presignPut('private/uploads/file.png', {
      contentType: 'image/png',
      expiresInSeconds: 600,
    });
    expect(put.method).toBe('PUT');
    expect(put.headers).toEqual({ 'content-type': 'image/png' });
    expect(put.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const uploaded = await fetch(put.url, { method: 'PUT', headers: put.headers, body: bytes });
    expect(uploaded.status).toBe(200);
    const stored = await storage.get('private/uploads/file.png');
    expect(createHash('sha256').update(stored!).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );

    const get = await storage.presignGet('private/uploads/file.png', {
      expiresInSeconds: 60,
      fileName: 'Bild.png',
    });
    const downloaded = await fetch(get.url);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
    expect(downloaded.headers.get('content-disposition')).toContain('Bild.png');
  });

  it('refuses a presigned URL once it has expired', async () => {
    await storage.put('private/c/secret', Buffer.from('geheim'), 'text/plain');
    const get = await storage.presignGet('private/c/secret', { expiresInSeconds: 1 });
    expect((await fetch(get.url)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(get.url)).status).toBe(403);
  });
});

describe('choosing the store by configuration', () => {
  const base = { DATA_DIR: directory, APP_SECRET: 'x'.repeat(40), NODE_ENV: 'test' };

  it('uses S3 when S3_BUCKET is set, else local disk with self-signed links', async () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'test',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    expect(config.storage.s3).toMatchObject({ bucket: 'test', region: 'us-east-1', forcePathStyle: true });
    const s3 = createPartners({ config }).storage;
    const put = await s3.presignPut('public/x.png', { contentType: 'image/png', expiresInSeconds: 60 });
    expect(new URL(put.url).port).toBe(String(port));
    expect((await fetch(put.url, { method: 'PUT', headers: put.headers, body: 'abc' })).status).toBe(200);

    const local = createPartners({ config: loadConfig(base) }).storage;
    const link = await local.presignPut('public/x.png', { contentType: 'image/png', expiresInSeconds: 60 });
    expect(link.url).toMatch(/^\/api\/v2\/shop\/uploads\//);
  });

  it('refuses a bucket without its key pair and a key pair without a bucket', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: 'test' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_BUCKET/);
    expect(() =>
      loadConfig({ ...base, S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
    ).toThrow(/S3_BUCKET/);
  });
});
