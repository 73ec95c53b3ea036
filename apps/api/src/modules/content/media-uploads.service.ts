import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError, notFound } from '@token/domain/errors';
import { canMove } from '@token/domain/lifecycle';
import {
  type ContentMediaFileView,
  contentExtensionOf,
  contentFileTypes,
  judgeSniffedType,
  maxContentFileBytes,
  mediaFileLifecycle,
  type PresignInput,
  type RenditionSize,
  renditionSizes,
  renditionWidths,
  type SignedLinkView,
} from '@token/domain/marketplace';
import { and, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import type { Db } from '../../db/client.ts';
import { mediaFiles } from '../../db/schema/index.ts';
import { iri } from '../../http/hydra.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import { mediaPath } from '../catalog/product-rows.ts';

/*
 * Creators' uploads (issue 18, spec 5/7/9): `POST media-files/presign` records the announced file
 * and answers a presigned PUT; once the bytes are in the store the upload is checked — size, type by
 * magic bytes, the announced SHA-256 — and images get WebP renditions sm..xxxl. With local storage
 * the upload route checks at once; with S3 (the client uploads straight to the bucket) the check
 * runs on `POST media-files/{id}/complete`, on `GET media-files/{id}` and when a product uses the file.
 */

/** How long a presigned upload and a signed download link stay valid. */
export const uploadLinkSeconds = 15 * 60;
export const downloadLinkSeconds = 5 * 60;

/** Bytes file-type needs to recognise a file (its `reasonableDetectionSizeInBytes`). */
const detectionBytes = 4100;
/** Decompression bombs: images above this many pixels are not recognised as content. */
const maxImagePixels = 100_000_000;

export type MediaFileRow = typeof mediaFiles.$inferSelect;

/** Announces an upload: a media file awaiting its bytes, and the presigned PUT for them. */
export async function presignUpload(opts: {
  db: Db;
  storage: StoragePort;
  customerId: number;
  input: PresignInput & { private: boolean; hash: string };
}) {
  const { db, storage, customerId, input } = opts;
  const extension = contentExtensionOf(input.filename);
  // spec 5: png, gif, webp, jpg, jpeg, mp3, mpeg, mp4, mov only.
  if (!extension)
    throw new AppError('file_type_not_allowed', {
      detail: `Allowed: ${Object.keys(contentFileTypes).join(', ')}`,
    });
  const type = contentFileTypes[extension];
  const uuid = randomUUID();
  const bucket = input.private ? 'private' : 'public';
  const storageKey = `${bucket}/content/${uuid}.${extension}`;
  const [row] = await db
    .insert(mediaFiles)
    .values({
      uuid,
      fileName: input.filename,
      originalName: input.filename,
      mimeType: type.mimeType,
      mediaType: type.mediaType,
      bucket,
      storageKey,
      size: 0,
      sha256: input.hash,
      state: 'awaiting_upload',
      ownerCustomerId: customerId,
    })
    .returning();
  const put = await storage.presignPut(storageKey, {
    contentType: type.mimeType,
    expiresInSeconds: uploadLinkSeconds,
  });
  return {
    id: row!.id,
    '@id': iri('media-files', row!.id),
    uuid,
    uploadUrl: put.url,
    method: 'PUT' as const,
    headers: put.headers,
    expiresAt: put.expiresAt.toISOString(),
  };
}

/** The customer's own media file; another customer's (or the platform's) is not found. */
export async function getOwnMediaFile(opts: {
  db: Db;
  customerId: number;
  id: number;
}): Promise<MediaFileRow> {
  const [row] = await opts.db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, opts.id), eq(mediaFiles.ownerCustomerId, opts.customerId)));
  if (!row) throw notFound();
  return row;
}

/** The awaiting upload stored under `storageKey` (the local upload route's target), or not found. */
export async function getAwaitingUploadByKey(opts: { db: Db; storageKey: string }): Promise<MediaFileRow> {
  const [row] = await opts.db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.storageKey, opts.storageKey), eq(mediaFiles.state, 'awaiting_upload')));
  if (!row) throw notFound();
  return row;
}

export type Rendition = { width: number; height: number; storageKey: string; size: number; sha256: string };

/** Sizes sm..xxxl as WebP, never wider than the original: sizes the original cannot fill share one file. */
async function makeRenditions(
  storage: StoragePort,
  row: MediaFileRow,
): Promise<Record<string, Rendition> | 'missing' | 'unreadable'> {
  const object = await storage.getStream(row.storageKey);
  if (!object) return 'missing';
  try {
    return await renditionsOf(storage, row, object.stream);
  } catch {
    return 'unreadable';
  }
}

/**
 * The renditions of image bytes that did not arrive as an upload (the seed's demo pictures): stored
 * beside the file and returned for its row's `renditions`, as an upload's are.
 */
export function imageRenditions(
  storage: StoragePort,
  file: Pick<MediaFileRow, 'bucket' | 'uuid'>,
  bytes: Buffer,
): Promise<Record<string, Rendition>> {
  return renditionsOf(storage, file, Readable.from(bytes));
}

async function renditionsOf(
  storage: StoragePort,
  row: Pick<MediaFileRow, 'bucket' | 'uuid'>,
  stream: Readable,
): Promise<Record<string, Rendition>> {
  // One decoder reads the stream once; each size is a clone of it (sharp keeps the input once).
  const image = sharp({ limitInputPixels: maxImagePixels, failOn: 'error' });
  stream.pipe(image);
  const meta = await image.metadata();
  const originalWidth = meta.autoOrient?.width ?? meta.width;
  if (!originalWidth) throw new Error('an image without a width');
  const byWidth = new Map<number, Rendition>();
  const out: Record<string, Rendition> = {};
  try {
    await renderSizes(storage, row, image, originalWidth, byWidth, out);
  } catch (err) {
    // a decoder that fails half-way leaves no files behind
    await removeRenditions(storage, out);
    throw err;
  }
  return out;
}

/** The distinct stored files of a set of renditions (sizes the original cannot fill share one). */
export function renditionKeys(renditions: Record<string, Pick<Rendition, 'storageKey'>> | null): string[] {
  return [...new Set(Object.values(renditions ?? {}).map((r) => r.storageKey))];
}

/** Removes the stored files of renditions (best effort: a file already gone is fine). */
export async function removeRenditions(
  storage: StoragePort,
  renditions: Record<string, Pick<Rendition, 'storageKey'>> | null,
): Promise<void> {
  await Promise.all(renditionKeys(renditions).map((key) => storage.remove(key).catch(() => undefined)));
}

async function renderSizes(
  storage: StoragePort,
  row: Pick<MediaFileRow, 'bucket' | 'uuid'>,
  image: Sharp,
  originalWidth: number,
  byWidth: Map<number, Rendition>,
  out: Record<string, Rendition>,
): Promise<void> {
  for (const size of renditionSizes) {
    const width = Math.min(renditionWidths[size], originalWidth);
    let rendition = byWidth.get(width);
    if (!rendition) {
      const { data, info } = await image
        .clone()
        .autoOrient()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const storageKey = `${row.bucket}/content/${row.uuid}/${size}.webp`;
      await storage.put(storageKey, data, 'image/webp');
      rendition = {
        width: info.width,
        height: info.height,
        storageKey,
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
      };
      byWidth.set(width, rendition);
    }
    out[size] = rendition;
  }
}

/** Reads the stored bytes once: their size, SHA-256 and first bytes (for the magic-byte check). */
async function inspect(storage: StoragePort, key: string) {
  const object = await storage.getStream(key);
  if (!object) return null;
  if (object.size > maxContentFileBytes) {
    object.stream.destroy();
    return { tooBig: true as const };
  }
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  for await (const chunk of object.stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxContentFileBytes) {
      object.stream.destroy();
      return { tooBig: true as const };
    }
    hash.update(chunk);
    if (headBytes < detectionBytes) {
      head.push(chunk);
      headBytes += chunk.length;
    }
  }
  return {
    tooBig: false as const,
    size,
    sha256: hash.digest('hex'),
    head: Buffer.concat(head).subarray(0, detectionBytes),
  };
}

/** Why an upload was refused (spec 5's messages, and the checksum): catalogue codes. */
export type UploadRefusal =
  | 'file_too_big'
  | 'file_not_recognized'
  | 'file_type_not_allowed'
  | 'file_hash_mismatch';

/** The outcome of a check: the settled row, and why it was refused or that no bytes are there yet. */
export type SettledUpload = { row: MediaFileRow; refusal: UploadRefusal | 'no_file_uploaded' | null };

async function reject(
  db: Db,
  storage: StoragePort,
  row: MediaFileRow,
  code: UploadRefusal,
): Promise<SettledUpload> {
  if (!canMove(mediaFileLifecycle, row.state, 'rejected')) return { row, refusal: null };
  await storage.remove(row.storageKey);
  const [updated] = await db
    .update(mediaFiles)
    .set({ state: 'rejected', rejectionCode: code })
    .where(and(eq(mediaFiles.id, row.id), eq(mediaFiles.state, 'awaiting_upload')))
    .returning();
  return { row: updated ?? row, refusal: code };
}

/**
 * Checks an upload whose bytes are in the store (spec 5): at most 30,000,000 bytes, a type of
 * spec 9 by its magic bytes that fits its name, the SHA-256 announced at presign; images get their
 * renditions. Answers the settled row and, when it was refused, the error (`file_too_big`,
 * `file_not_recognized`, `file_type_not_allowed`, `file_hash_mismatch`); a refused upload's bytes are
 * removed. Nothing in the store yet: `no_file_uploaded`. A file already settled answers as it is.
 */
export async function settleUpload(opts: {
  db: Db;
  storage: StoragePort;
  row: MediaFileRow;
}): Promise<SettledUpload> {
  const { db, storage, row } = opts;
  if (row.state !== 'awaiting_upload') return { row, refusal: null };
  const extension = contentExtensionOf(row.storageKey);
  if (!extension) return reject(db, storage, row, 'file_type_not_allowed');
  const seen = await inspect(storage, row.storageKey);
  if (!seen) return { row, refusal: 'no_file_uploaded' };
  if (seen.tooBig) return reject(db, storage, row, 'file_too_big');
  const sniffed = await fileTypeFromBuffer(seen.head);
  const verdict = judgeSniffedType(extension, sniffed?.mime ?? null);
  if (verdict !== 'ok') return reject(db, storage, row, verdict);
  if (seen.sha256 !== row.sha256) return reject(db, storage, row, 'file_hash_mismatch');
  let renditions: Record<string, Rendition> | null = null;
  if (row.mediaType === 'image') {
    const made = await makeRenditions(storage, row);
    // The bytes went away meanwhile (a second upload to the same link is refused): as if none came.
    if (made === 'missing') return { row, refusal: 'no_file_uploaded' };
    // The magic bytes said image, the decoder could not read it: not a usable image.
    if (made === 'unreadable') return reject(db, storage, row, 'file_not_recognized');
    renditions = made;
  }
  if (!canMove(mediaFileLifecycle, row.state, 'ready')) return { row, refusal: null };
  const [updated] = await db
    .update(mediaFiles)
    .set({ state: 'ready', size: seen.size, renditions })
    .where(and(eq(mediaFiles.id, row.id), eq(mediaFiles.state, 'awaiting_upload')))
    .returning();
  if (updated) return { row: updated, refusal: null };
  // A second check finished first: answer what it decided.
  const [current] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, row.id));
  return { row: current ?? row, refusal: null };
}

/** The customer's media file, its upload checked if the bytes have arrived meanwhile (S3). */
export async function viewOwnMediaFile(opts: {
  db: Db;
  storage: StoragePort;
  customerId: number;
  id: number;
}): Promise<MediaFileRow> {
  const row = await getOwnMediaFile(opts);
  if (row.state !== 'awaiting_upload') return row;
  return (await settleUpload({ db: opts.db, storage: opts.storage, row })).row;
}

/** `POST media-files/{id}/complete`: checks the upload now and answers the ready file or the refusal. */
export async function completeUpload(opts: {
  db: Db;
  storage: StoragePort;
  customerId: number;
  id: number;
}): Promise<MediaFileRow> {
  const row = await getOwnMediaFile(opts);
  const settled = await settleUpload({ db: opts.db, storage: opts.storage, row });
  const refusal = settled.refusal ?? refusalOf(settled.row);
  if (refusal) throw new AppError(refusal);
  return settled.row;
}

const refusals: readonly UploadRefusal[] = [
  'file_too_big',
  'file_not_recognized',
  'file_type_not_allowed',
  'file_hash_mismatch',
];

/** Why a rejected file was refused (its stored code), or null for a file that was not. */
export function refusalOf(row: MediaFileRow): UploadRefusal | null {
  if (row.state !== 'rejected') return null;
  return refusals.find((c) => c === row.rejectionCode) ?? 'file_not_recognized';
}

/**
 * Whether `customerId` bought an item that shows this file and unlocks on purchase (spec 3 "unlock on
 * purchase"): a paid order of a creator's product with the flag set.
 */
async function hasUnlockedByPurchase(db: Db, customerId: number, mediaFileId: number): Promise<boolean> {
  const result = (await db.execute(sql`
    select 1 from product_media_files pm
    join creator_products cr on cr.product_id = pm.product_id and cr.unlock_on_purchase
    join orders o on o.product_id = pm.product_id and o.customer_id = ${customerId} and o.payment_state = 'paid'
    where pm.media_file_id = ${mediaFileId}
    limit 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * A signed download link of a media file (or one of its renditions) for its owner, or for a buyer of
 * an item that unlocks it on purchase; private files are served only so. Anyone else: not found.
 */
export async function signedLinkOfFile(opts: {
  db: Db;
  storage: StoragePort;
  customerId: number;
  id: number;
  size?: RenditionSize | undefined;
}): Promise<SignedLinkView> {
  const [row] = await opts.db.select().from(mediaFiles).where(eq(mediaFiles.id, opts.id));
  if (!row || row.ownerCustomerId === null) throw notFound();
  const allowed =
    row.ownerCustomerId === opts.customerId ||
    (await hasUnlockedByPurchase(opts.db, opts.customerId, row.id));
  if (!allowed) throw notFound();
  return signedLinkOf(opts.storage, row, opts.size);
}

/** Operators reviewing a creator's product: a signed link of any creator's upload (private ones too). */
export async function signedLinkForReview(opts: {
  db: Db;
  storage: StoragePort;
  id: number;
  size?: RenditionSize | undefined;
}): Promise<SignedLinkView> {
  const [row] = await opts.db.select().from(mediaFiles).where(eq(mediaFiles.id, opts.id));
  if (!row || row.ownerCustomerId === null) throw notFound();
  return signedLinkOf(opts.storage, row, opts.size);
}

async function signedLinkOf(
  storage: StoragePort,
  row: MediaFileRow,
  size: RenditionSize | undefined,
): Promise<SignedLinkView> {
  if (row.state !== 'ready') throw new AppError('no_file_uploaded');
  const rendition = size ? row.renditions?.[size] : undefined;
  if (size && !rendition) throw notFound();
  const key = rendition?.storageKey ?? row.storageKey;
  const name = rendition ? `${row.fileName.replace(/\.[^.]*$/, '')}-${size}.webp` : row.fileName;
  const link = await storage.presignGet(key, { expiresInSeconds: downloadLinkSeconds, fileName: name });
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}

/** The API view of a creator's media file (convention 6). */
export function toContentMediaFileView(row: MediaFileRow): ContentMediaFileView {
  const ready = row.state === 'ready';
  const renditions: ContentMediaFileView['renditions'] = {};
  // jsonb keeps no key order: sm..xxxl in spec 9's order.
  for (const size of renditionSizes) {
    const r = row.renditions?.[size];
    if (!r) continue;
    renditions[size] = {
      width: r.width,
      height: r.height,
      path: mediaPath({ bucket: row.bucket, storageKey: r.storageKey }),
    };
  }
  return {
    id: row.id,
    '@id': iri('media-files', row.id),
    uuid: row.uuid,
    fileName: row.fileName,
    mediaType: row.mediaType === 'document' ? 'image' : row.mediaType,
    mimeType: row.mimeType,
    private: row.bucket === 'private',
    state: row.state,
    rejectionCode: row.rejectionCode,
    size: ready ? row.size : null,
    path: ready ? mediaPath(row) : null,
    renditions,
    createdAt: row.createdAt.toISOString(),
  };
}
