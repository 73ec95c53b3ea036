import type { Tx } from '../client.ts';
import { mediaFiles } from '../schema/index.ts';
import type { SeedFile } from './media/demo-media.ts';

/** Inserts media_files rows for the files (bytes already stored); returns their ids by storage key. */
export async function insertMediaFiles(tx: Tx, files: readonly { file: SeedFile; createdAt: Date }[]) {
  const rows = await tx
    .insert(mediaFiles)
    .values(
      files.map(({ file, createdAt }) => ({
        fileName: file.fileName,
        originalName: file.fileName,
        mimeType: file.mimeType,
        mediaType: file.mediaType,
        bucket: file.bucket,
        storageKey: file.storageKey,
        size: file.size,
        sha256: file.sha256,
        createdAt,
      })),
    )
    .returning({ id: mediaFiles.id, storageKey: mediaFiles.storageKey });
  return new Map(rows.map((r) => [r.storageKey, r.id]));
}
