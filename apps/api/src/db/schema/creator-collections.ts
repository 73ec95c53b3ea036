import { date, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { customers } from './customers.ts';

/**
 * A creator's collection (issue 18, spec 3 "Collection"; decision 023): prepared step by step in the
 * preparation process as a `draft`, then `submitted`. Money in cents; the minting days are calendar
 * days in Berlin. Its items are the creator's products (`creator_collection_items`), each reviewed
 * on its own.
 */
export const creatorCollections = pgTable(
  'creator_collections',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull().unique(),
    creatorId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    state: text({ enum: ['draft', 'submitted'] })
      .notNull()
      .default('draft'),
    name: text().notNull(),
    artist: text().notNull(),
    minimumReservePrice: integer(),
    mintingStart: date({ mode: 'string' }),
    mintingEnd: date({ mode: 'string' }),
    royalties: integer(),
    network: text({ enum: ['polygon', 'ethereum'] }),
    parameters: jsonb().$type<{ key: string; value: string }[]>().notNull().default([]),
    metadata: jsonb().$type<{ key: string; value: string }[]>().notNull().default([]),
    submittedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.creatorId), index().on(t.state)],
);

/** The items of a collection: a creator's product belongs to at most one collection. */
export const creatorCollectionItems = pgTable(
  'creator_collection_items',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    collectionId: integer()
      .notNull()
      .references(() => creatorCollections.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.collectionId), unique().on(t.collectionId, t.productId)],
);
