import { notFound } from '@token/domain/errors';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';

/** A stored file's record (any customer's: operators review them all); unknown uuid: not found. */
export async function getStoredFileRecord(opts: { db: Database; uuid: string }) {
  const [file] = await opts.db
    .select()
    .from(storedFiles)
    .where(eq(storedFiles.uuid, opts.uuid.toLowerCase()));
  if (!file) throw notFound();
  return file;
}

/** Types a browser shows itself without running anything of the file's: opened in the tab. */
const inlineTypes = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function isInlineType(mediaType: string): boolean {
  return inlineTypes.has(mediaType.toLowerCase().split(';')[0]!.trim());
}

/**
 * `Content-Disposition` with the customer's file name: an ASCII fallback and the UTF-8 name
 * (RFC 6266 / RFC 8187), without quotes, slashes or control characters.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const clean =
    name
      .normalize('NFC')
      .replace(/[\\/:*?"<>|;\p{Cc}]+/gu, '_')
      .trim() || 'document';
  const ascii =
    clean
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[%]/g, '_')
      .slice(0, 150) || 'document';
  const utf8 = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
