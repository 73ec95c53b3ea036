import type { Readable } from 'node:stream';
import type { StoredFileView } from '@token/domain/documents';
import { notFound } from '@token/domain/errors';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import type { ReceivedFile } from './upload.ts';

/**
 * Stored files (table `stored_files`): a customer's uploads on the storage port, each under a random
 * key outside the web root. Their owner downloads them by uuid; the operator area opens any
 * customer's file through `openCustomerFile`.
 */

export type StoredFileRow = typeof storedFiles.$inferSelect;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The file as its owner sees it (never the storage key). */
export function storedFileView(
  row: Pick<StoredFileRow, 'uuid' | 'originalName' | 'size' | 'mediaType'>,
): StoredFileView {
  return { uuid: row.uuid, name: row.originalName, size: row.size, mediaType: row.mediaType };
}

/** Records an uploaded file for its owner (inside the caller's transaction). */
export async function insertStoredFile(
  db: Db,
  opts: { customerId: number; file: ReceivedFile },
): Promise<StoredFileRow> {
  const [row] = await db
    .insert(storedFiles)
    .values({
      customerId: opts.customerId,
      storageKey: opts.file.storageKey,
      originalName: opts.file.name,
      mediaType: opts.file.mediaType,
      size: opts.file.size,
      sha256: opts.file.sha256,
    })
    .returning();
  return row!;
}

/** A file opened for download: what it is, and its bytes as a stream. */
export type OpenedFile = {
  file: StoredFileView & { sha256: string; customerId: number };
  stream: Readable;
  size: number;
};

async function openFile(opts: {
  db: Db;
  storage: StoragePort;
  fileUuid: string;
  customerId: number | null;
}): Promise<OpenedFile> {
  if (!uuidPattern.test(opts.fileUuid)) throw notFound();
  const byUuid = eq(storedFiles.uuid, opts.fileUuid.toLowerCase());
  const [row] = await opts.db
    .select()
    .from(storedFiles)
    .where(opts.customerId === null ? byUuid : and(byUuid, eq(storedFiles.customerId, opts.customerId)));
  if (!row) throw notFound();
  const object = await opts.storage.getStream(row.storageKey);
  // A row whose object has gone is not found rather than a server error.
  if (!object) throw notFound();
  return {
    file: { ...storedFileView(row), sha256: row.sha256, customerId: row.customerId },
    stream: object.stream,
    size: object.size,
  };
}

/** The customer's own file by uuid; another customer's (or an unknown) file is not found (404). */
export function openOwnFile(opts: {
  db: Db;
  storage: StoragePort;
  customerId: number;
  fileUuid: string;
}): Promise<OpenedFile> {
  return openFile(opts);
}

/**
 * Any customer's file by uuid, for the operator area (`/api/v2/admin/`) only: the caller has
 * checked that an operator asks. Send it with `sendStoredFile(reply, opened)`.
 */
export function openCustomerFile(opts: {
  db: Db;
  storage: StoragePort;
  fileUuid: string;
}): Promise<OpenedFile> {
  return openFile({ ...opts, customerId: null });
}
