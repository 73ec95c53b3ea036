import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.ts';

const root = mkdtempSync(join(tmpdir(), 'storage-test-'));
const storage = createLocalStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)).map((f) => `${e.name}/${f}`) : [e.name],
  );

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('local storage streams', () => {
  it('writes a stream chunk by chunk and reads it back as a stream with its size', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(10_000, i));
    const written = await storage.putStream('private/a/one', Readable.from(chunks), 'application/pdf');
    expect(written).toBe(500_000);
    const read = await storage.getStream('private/a/one');
    expect(read!.size).toBe(500_000);
    expect((await readAll(read!.stream)).equals(Buffer.concat(chunks))).toBe(true);
    expect((await storage.get('private/a/one'))!.length).toBe(500_000);
  });

  it('leaves nothing behind when the source fails midway, and keeps an older object intact', async () => {
    await storage.put('private/b/kept', Buffer.from('old'), 'application/pdf');
    async function* failing() {
      yield Buffer.alloc(70_000, 1);
      throw new Error('too big');
    }
    await expect(storage.putStream('private/b/kept', failing(), 'application/pdf')).rejects.toThrow(
      'too big',
    );
    await expect(storage.putStream('private/b/new', failing(), 'application/pdf')).rejects.toThrow('too big');
    expect(filesUnder(join(root, 'private/b'))).toEqual(['kept']);
    expect((await storage.get('private/b/kept'))!.toString()).toBe('old');
  });

  it('leaves nothing behind when the source fails before the file is even open', async () => {
    // The first chunk is there at once and the failure right after it: the pipeline fails while the
    // write stream is still opening its file (a truncated upload body already in memory).
    const failingAtOnce = () =>
      Readable.from(
        (async function* () {
          yield Buffer.alloc(1_000, 2);
          throw new Error('cut short');
        })(),
      );
    for (let i = 0; i < 20; i++) {
      await expect(storage.putStream(`private/c/${i}`, failingAtOnce(), 'application/pdf')).rejects.toThrow(
        'cut short',
      );
    }
    expect(filesUnder(join(root, 'private/c'))).toEqual([]);
  });

  it('answers null for a missing object and refuses keys outside its root', async () => {
    expect(await storage.getStream('private/none')).toBeNull();
    await expect(
      storage.putStream('../escape', Readable.from([Buffer.from('x')]), 'text/plain'),
    ).rejects.toThrow(/escapes the root/);
    await storage.remove('private/a/one');
    expect(await storage.getStream('private/a/one')).toBeNull();
  });
});
