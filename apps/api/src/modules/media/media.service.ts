import { notFound } from '@token/domain/errors';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { StoragePort, StoredObjectStream } from '../../partners/storage/port.ts';

export type PublicMediaFile = { mimeType: string; sha256: string; size: number };

/**
 * A storage key the proxy may serve: inside the public bucket, relative, without `.`/`..` or
 * empty segments, backslashes or control characters. Anything else is simply not found.
 */
export function isPublicStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 500) return false;
  if (!key.startsWith('public/')) return false;
  if (/[\\\p{Cc}]/u.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** A public-bucket file by storage key (bytes not read); private files and unknown keys are not found. */
export async function getPublicMediaFile(opts: {
  db: Database;
  storageKey: string;
}): Promise<PublicMediaFile> {
  if (!isPublicStorageKey(opts.storageKey)) throw notFound();
  // Only checked uploads are served (issue 18: an upload awaiting its check is nobody's to read).
  const result = (await opts.db.execute(sql`
    select mime_type as "mimeType", sha256, size from media_files
    where storage_key = ${opts.storageKey} and bucket = 'public' and state = 'ready'`)) as unknown as {
    rows: { mimeType: string; sha256: string; size: number | string }[];
  };
  const row = result.rows[0] ?? (await findPublicRendition(opts.db, opts.storageKey));
  if (!row) throw notFound();
  return { mimeType: row.mimeType, sha256: row.sha256, size: Number(row.size) };
}

const renditionKey = /^public\/content\/([0-9a-f-]{36})\/([a-z]{2,4})\.webp$/;

/** A WebP rendition of a ready public image (`public/content/{uuid}/{size}.webp`), or undefined. */
async function findPublicRendition(db: Database, storageKey: string) {
  const m = renditionKey.exec(storageKey);
  if (!m) return undefined;
  const result = (await db.execute(sql`
    select r->>'sha256' as sha256, r->>'size' as size, r->>'storageKey' as "storageKey"
    from media_files, jsonb_extract_path(renditions, ${m[2]!}) r
    where uuid = ${m[1]!} and bucket = 'public' and state = 'ready'`)) as unknown as {
    rows: { sha256: string; size: string; storageKey: string }[];
  };
  const r = result.rows[0];
  if (!r || r.storageKey !== storageKey) return undefined;
  return { mimeType: 'image/webp', sha256: r.sha256, size: Number(r.size) };
}

/** A stored file as a stream (optionally a byte range); a row whose file has gone missing is not found. */
export async function openStoredFile(
  storage: StoragePort,
  storageKey: string,
  range?: { start: number; end: number },
): Promise<StoredObjectStream> {
  const object = await storage.getStream(storageKey, range);
  if (!object) throw notFound();
  return object;
}

/** The bytes of a stored file; a row whose file has gone missing is not found rather than an error. */
export async function readStoredFile(storage: StoragePort, storageKey: string): Promise<Buffer> {
  const bytes = await storage.get(storageKey);
  if (!bytes) throw notFound();
  return bytes;
}

// Types a browser may render inline from our origin; everything else downloads (no stored XSS via SVG/HTML).
const inlineType =
  /^(image\/(png|gif|webp|jpeg|avif)|audio\/(mpeg|mp3|mp4|ogg|wav|webm|aac)|video\/(mp4|quicktime|webm|ogg))$/;

/** Whether a stored file may be shown inline; otherwise it is sent as an attachment. */
export function isInlineMediaType(mimeType: string): boolean {
  return inlineType.test(mimeType.toLowerCase().split(';')[0]!.trim());
}

export type ByteRange = { start: number; end: number };

/**
 * Parses a single `Range: bytes=...` header against a file of `size` bytes (RFC 9110 14.1.2).
 * Returns null when the header should be ignored (absent, malformed, several ranges: send it all),
 * 'unsatisfiable' when no byte of the range exists.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, from = '', to = ''] = m;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}
