import { profileImageIriPattern } from '@token/domain/accounts';
import type { FieldViolation } from '@token/domain/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerMediaFiles, mediaFiles } from '../../db/schema/index.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import { mediaPath } from '../catalog/product-rows.ts';
import { settleUpload } from '../content/media-uploads.service.ts';

/**
 * The customer's avatar (spec 3 `profileImage`): the first `customer_media_files` row of type
 * `avatar` whose file is public, as the creator views of products, profiles and top creators read it.
 */
export async function profileImageOf(db: Db, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ bucket: mediaFiles.bucket, storageKey: mediaFiles.storageKey })
    .from(customerMediaFiles)
    .innerJoin(mediaFiles, eq(mediaFiles.id, customerMediaFiles.mediaFileId))
    .where(
      and(
        eq(customerMediaFiles.customerId, customerId),
        eq(customerMediaFiles.type, 'avatar'),
        eq(mediaFiles.bucket, 'public'),
        eq(mediaFiles.state, 'ready'),
      ),
    )
    .orderBy(customerMediaFiles.position, mediaFiles.id)
    .limit(1);
  return row ? mediaPath(row) : null;
}

/** What `PUT customers/{uuid}` does with `profileImage`: keep, remove, or set a file; or refuse. */
export type ProfileImageChange =
  | { kind: 'keep' }
  | { kind: 'remove' }
  | { kind: 'set'; mediaFileId: number }
  | { kind: 'refused'; violation: FieldViolation };

/**
 * Checks the sent `profileImage`: null removes the avatar; the read's own path sent back keeps it;
 * an IRI sets the file when it is the customer's own ready public image (an upload whose bytes
 * arrived unchecked is checked now). Another customer's file reads exactly like a missing one.
 */
export async function resolveProfileImage(opts: {
  db: Db;
  storage: StoragePort;
  customerId: number;
  value: string | null | undefined;
}): Promise<ProfileImageChange> {
  const { value } = opts;
  if (value === undefined) return { kind: 'keep' };
  if (value === null || value === '') return { kind: 'remove' };
  const refused: ProfileImageChange = {
    kind: 'refused',
    violation: { propertyPath: 'profileImage', code: 'media_file_unusable' },
  };
  const match = profileImageIriPattern.exec(value);
  if (!match) {
    if (value === (await profileImageOf(opts.db, opts.customerId))) return { kind: 'keep' };
    return { kind: 'refused', violation: { propertyPath: 'profileImage', code: 'invalid_value' } };
  }
  let [row] = await opts.db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, Number(match[1])), eq(mediaFiles.ownerCustomerId, opts.customerId)));
  if (row?.state === 'awaiting_upload') {
    row = (await settleUpload({ db: opts.db, storage: opts.storage, row })).row;
  }
  if (row?.state !== 'ready' || row.bucket !== 'public' || row.mediaType !== 'image') return refused;
  return { kind: 'set', mediaFileId: row.id };
}

/** Applies a checked change inside the caller's transaction: one avatar row at most. */
export async function applyProfileImage(db: Db, customerId: number, change: ProfileImageChange) {
  if (change.kind !== 'set' && change.kind !== 'remove') return;
  await db
    .delete(customerMediaFiles)
    .where(and(eq(customerMediaFiles.customerId, customerId), eq(customerMediaFiles.type, 'avatar')));
  if (change.kind === 'set') {
    await db
      .insert(customerMediaFiles)
      .values({ customerId, mediaFileId: change.mediaFileId, type: 'avatar', position: 0 })
      .onConflictDoUpdate({
        target: [customerMediaFiles.customerId, customerMediaFiles.mediaFileId],
        set: { type: sql`'avatar'`, position: 0 },
      });
  }
}
