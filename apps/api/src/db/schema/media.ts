import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One stored file (bytes live in object storage under `storageKey`). */
export const mediaFiles = pgTable('media_files', {
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
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
