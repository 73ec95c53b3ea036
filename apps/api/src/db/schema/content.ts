import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { customers } from './customers.ts';

/**
 * A product a creator made (issue 18, create content): the form's fields the catalogue has no column
 * for, the confirmations, and its review by an operator. A product with a row here is listed only
 * while `reviewState` is `approved`; catalogue products (bonds, the demo collectibles) have no row.
 * A trigger (migration `content`) moves the catalogue revision when a row changes.
 */
export const creatorProducts = pgTable(
  'creator_products',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    creatorId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    reviewState: text({ enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    rejectionReason: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: integer().references(() => customers.id, { onDelete: 'set null' }),
    itemType: text({ enum: ['single', 'multiple'] }).notNull(),
    subCategoryTaxonId: integer(),
    tags: jsonb().$type<string[]>().notNull().default([]),
    traits: jsonb().$type<{ type: string; value: string }[]>().notNull().default([]),
    collaboration: boolean().notNull().default(false),
    copyrightTransfer: boolean().notNull().default(false),
    unlockOnPurchase: boolean().notNull().default(false),
    termsAcceptedAt: timestamp({ withTimezone: true }).notNull(),
    noCopyrightInfringementAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.creatorId), index().on(t.reviewState)],
);
