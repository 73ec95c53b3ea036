import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { customers } from './customers.ts';

/**
 * spec 3 product collections of a customer: `favourites` (edited by hand) and `my-items` (what the
 * customer bought and holds, read from the paid orders: its items are not stored, see
 * collections.service.ts). One collection of each type per customer, created on first read.
 */
export const productCollections = pgTable(
  'product_collections',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text({ enum: ['favourites', 'my-items'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('product_collections_customer_type_unique').on(t.customerId, t.type)],
);

/** A product in a (favourites) collection, once per collection. */
export const productCollectionItems = pgTable(
  'product_collection_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    collectionId: integer()
      .notNull()
      .references(() => productCollections.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    amount: integer().notNull().default(1),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('product_collection_items_collection_product_unique').on(t.collectionId, t.productId),
    index().on(t.collectionId, t.position, t.id),
    check('product_collection_items_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** spec 3 notification settings; no row means the defaults (`defaultNotificationSettings`). */
export const customerNotificationSettings = pgTable('customer_notification_settings', {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  auctionEnd: boolean().notNull(),
  newFollower: boolean().notNull(),
  bid: boolean().notNull(),
  drop: boolean().notNull(),
  sale: boolean().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
