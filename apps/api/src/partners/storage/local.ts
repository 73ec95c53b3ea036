import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createLinkSigner, headersOf, localFilePath, localUploadPath } from './local-links.ts';
import type { StoragePort } from './port.ts';

/**
 * Stores objects as files under `root`; keys are relative paths without `..`. With `links` it signs
 * its own upload and download URLs (served by `PUT /api/v2/shop/uploads/{token}` and
 * `GET /api/v2/shop/files/{token}`, which check the signature). The links are root-relative: they
 * belong to whatever address the client reached the API at (a browser on 127.0.0.1 or behind a
 * proxy), which a configured public URL need not be.
 */
export function createLocalStorage(root: string, links?: { appSecret: string }): StoragePort {
  const base = resolve(root);
  const signer = links ? createLinkSigner(links.appSecret) : null;
  const presign = (
    method: 'PUT' | 'GET',
    key: string,
    expiresInSeconds: number,
    bound: string,
    query: string,
  ) => {
    if (!signer) throw new Error('local storage was created without signed links');
    pathOf(key);
    const expiresAt = new Date(Date.now() + expiresInSeconds * 1000);
    const token = signer.sign({ method, key, expiresAt, bound });
    const path = method === 'PUT' ? localUploadPath : localFilePath;
    return { url: `${path}/${token}${query}`, expiresAt };
  };
  const pathOf = (key: string) => {
    const p = resolve(join(base, key));
    if (!p.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return p;
  };
  return {
    async presignPut(key, opts) {
      const contentType = opts.contentType ?? '';
      const { url, expiresAt } = presign('PUT', key, opts.expiresInSeconds, contentType, '');
      return { url, method: 'PUT', headers: headersOf(contentType), expiresAt };
    },
    async presignGet(key, opts) {
      const name = opts.fileName ?? '';
      const query = name ? `?name=${encodeURIComponent(name)}` : '';
      const { url, expiresAt } = presign('GET', key, opts.expiresInSeconds, name, query);
      return { url, method: 'GET', headers: {}, expiresAt };
    },
    async put(key, bytes) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, bytes);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async putStream(key, source) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      // A reader never sees a half-written object: write beside it, rename when complete.
      const temporary = `${p}.${randomBytes(8).toString('hex')}.part`;
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const sink = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(source, counter, sink);
        await rename(temporary, p);
      } catch (e) {
        // A source that fails early can fail before the file is even open: the stream then opens and
        // closes it afterwards, so the file is removed only once the stream has closed (else the
        // removal runs first and the half-written file stays behind).
        if (!sink.closed) await once(sink, 'close').catch(() => undefined);
        await rm(temporary, { force: true });
        throw e;
      }
      return size;
    },
    async getStream(key, range) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream({ autoClose: true, ...(range ?? {}) }), size };
      } catch (e) {
        await handle.close();
        throw e;
      }
    },
  };
}
