import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mediaFiles } from './media.ts';

/**
 * Customers: investors and creators. The accounts issue extends this table with credentials,
 * personal and bank data; the catalogue only needs what a creator shows publicly.
 */
export const customers = pgTable(
  'customers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().unique().defaultRandom(),
    email: text().notNull().unique(),
    firstName: text(),
    lastName: text(),
    profileName: text().unique(),
    profileDescription: text(),
    accountType: text({ enum: ['personal', 'company'] })
      .notNull()
      .default('personal'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt)],
);

export const customerMediaFiles = pgTable(
  'customer_media_files',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    mediaFileId: integer()
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    /** spec 3: avatar, gallery, banner and other types. */
    type: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.mediaFileId] })],
);
