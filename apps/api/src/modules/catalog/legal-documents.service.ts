import { notFound } from '@token/domain/errors';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type LegalDocumentFile = {
  title: string;
  fileName: string;
  mimeType: string;
  sha256: string;
  storageKey: string;
};

/** The stored PDF of a legal document of an enabled product, by the document's uuid (bytes not read). */
export async function getLegalDocumentFile(opts: { db: Database; id: string }): Promise<LegalDocumentFile> {
  if (!uuidPattern.test(opts.id)) throw notFound();
  const result = (await opts.db.execute(sql`
    select d.title, f.file_name as "fileName", f.mime_type as "mimeType", f.sha256, f.storage_key as "storageKey"
    from legal_documents d
    join products p on p.id = d.product_id
    join media_files f on f.id = d.media_file_id
    where d.uuid = ${opts.id.toLowerCase()} and p.enabled`)) as unknown as {
    rows: { title: string; fileName: string; mimeType: string; sha256: string; storageKey: string }[];
  };
  const row = result.rows[0];
  if (!row) throw notFound();
  return row;
}

/**
 * Content-Disposition for a download: an ASCII fallback name (umlauts transliterated, anything
 * unsafe replaced) and the exact UTF-8 name per RFC 6266 / 5987.
 */
export function attachmentDisposition(title: string, extension = 'pdf'): string {
  const base = title.normalize('NFC').trim() || 'document';
  const ascii =
    base
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/Ä/g, 'Ae')
      .replace(/Ö/g, 'Oe')
      .replace(/Ü/g, 'Ue')
      .replace(/ß/g, 'ss')
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\/:*?<>|;%]+/g, '')
      .replace(/\s+/g, '_')
      .replace(/_+/g, '_')
      .replace(/^[_.]+|[_.]+$/g, '')
      .slice(0, 120) || 'document';
  const utf8 = encodeURIComponent(`${base.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')}.${extension}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${utf8}`;
}
