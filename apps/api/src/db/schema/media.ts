import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One stored file (bytes live in object storage under `storageKey`). */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().unique().defaultRandom(),
    fileName: text().notNull(),
    originalName: text().notNull(),
    mimeType: text().notNull(),
    /** spec 3: media type by extension: image, audio, video; documents for PDFs. */
    mediaType: text({ enum: ['image', 'audio', 'video', 'document'] }).notNull(),
    /** `public` files are served from the media proxy; `private` ones only through signed URLs. */
    bucket: text({ enum: ['public', 'private'] }).notNull(),
    storageKey: text().notNull().unique(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    /**
     * Create content (issue 18): an upload announced by `POST media-files/presign` waits for its bytes,
     * then is checked (size, magic bytes, SHA-256) and becomes ready or rejected. Files stored by the
     * platform itself are ready from the start. Only ready files are served.
     */
    state: text({ enum: ['awaiting_upload', 'ready', 'rejected'] })
      .notNull()
      .default('ready'),
    /** The customer who uploaded it (creators' content); null for the platform's own files. */
    ownerCustomerId: integer(),
    /** Why an upload was rejected (an error code of the catalogue). */
    rejectionCode: text(),
    /** WebP renditions of an image by size (sm..xxxl): `{ width, height, storageKey, size, sha256 }`. */
    renditions:
      jsonb().$type<
        Record<string, { width: number; height: number; storageKey: string; size: number; sha256: string }>
      >(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerCustomerId)],
);
