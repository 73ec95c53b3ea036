import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A cache of generated demo files (pictures, PDFs) in the system's temp folder, shared by processes.
 * The seed runs once per API test file, each in a fresh module graph, and drawing and typesetting
 * every file takes longer than all the inserts; a hit takes a file read instead.
 *
 * Keys hash the generators' own source text and pdfkit's version, so any change to how a file is
 * made misses the cache. Each entry ends with the sha256 of its bytes and is written under a
 * temporary name and renamed, so a torn or foreign file is never used; any failure of the cache
 * falls back to generating.
 */
const CACHE_DIR = join(tmpdir(), 'tokenwerk-demo-media');
const HASH_BYTES = 32;

const GENERATOR_SOURCES = [
  './raster.ts',
  './artwork.ts',
  './legal-pdf.ts',
  '../content/bonds.ts',
  '../content/bond-figures.ts',
  '../content/channel.ts',
  '../isin.ts',
];

/**
 * Read when this module is evaluated, right after the loader read the generators themselves: a
 * process that is still running older generator code must not file its output under the new sources.
 */
const fingerprint = generatorFingerprint();

function generatorFingerprint(): string | null {
  try {
    const hash = createHash('sha256');
    for (const source of GENERATOR_SOURCES) hash.update(readFileSync(new URL(source, import.meta.url)));
    // pdfkit does not export its package.json: read it beside its entry point (js/pdfkit.js)
    hash.update(
      readFileSync(join(dirname(createRequire(import.meta.url).resolve('pdfkit')), '..', 'package.json')),
    );
    return hash.digest('hex');
  } catch {
    return null; // sources not readable (e.g. a bundled build): no cache
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** The bytes for `name` from the cache, else from `produce` (and then stored for the next process). */
export async function cachedFile(name: string, produce: () => Promise<Buffer>): Promise<Buffer> {
  if (!fingerprint) return produce();
  const path = join(
    CACHE_DIR,
    createHash('sha256').update(`${fingerprint}\n${name}`).digest('hex').slice(0, 40),
  );
  try {
    const entry = await readFile(path);
    const bytes = entry.subarray(0, entry.length - HASH_BYTES);
    if (entry.length > HASH_BYTES && sha256(bytes).equals(entry.subarray(entry.length - HASH_BYTES)))
      return bytes;
  } catch {
    // not cached yet
  }
  const bytes = await produce();
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(temp, Buffer.concat([bytes, sha256(bytes)]));
    await rename(temp, path);
  } catch {
    // a cache that cannot be written only costs time
  }
  return bytes;
}
