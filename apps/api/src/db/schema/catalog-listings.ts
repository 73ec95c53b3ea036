import { sql } from 'drizzle-orm';
import { boolean, index, integer, json, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';

/**
 * The catalogue's read model (decision 026): one row per product with what the shop's lists filter,
 * order and count by, and the product's JSON document as `product-rows.ts` gathers it. Kept current
 * in the same transaction as every change of a table the document is built from, by the statement
 * triggers `modules/catalog/product-listings.ts` installs, so a read never rebuilds a document
 * from a dozen tables. Stock figures change with every order and are read fresh from the variant.
 */
export const productListings = pgTable(
  'product_listings',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** `shownInShop`: enabled, and approved when a creator made it. */
    shown: boolean().notNull(),
    /** The enabled variant with the lowest position. */
    defaultVariantId: integer(),
    /** The default variant is not tracked or has stock on hand (the domain's `isListed`). */
    inStock: boolean().notNull(),
    /** In the shop's lists: shown and in stock. */
    listed: boolean().notNull().generatedAlwaysAs(sql`shown and in_stock`),
    /** Cents: the default variant's price in channel `token`. */
    price: integer(),
    creatorId: integer(),
    /** The product's enabled taxons (main and product taxons) and their enabled ancestors. */
    taxonIds: integer().array().notNull(),
    /** The German name and the English one (the list's name filter, German fallback). */
    nameDe: text(),
    nameEn: text(),
    /** The product's JSON document (`productJson`). */
    document: json().notNull(),
  },
  (t) => [
    index('product_listings_listed_order_idx').on(t.createdAt, t.productId).where(sql`listed`),
    index('product_listings_creator_idx').on(t.creatorId, t.createdAt, t.productId).where(sql`listed`),
    index('product_listings_price_idx').on(t.price).where(sql`listed`),
    index('product_listings_taxons_idx').using('gin', t.taxonIds).where(sql`listed`),
    index('product_listings_name_de_idx').using('gin', sql`${t.nameDe} gin_trgm_ops`).where(sql`listed`),
    index('product_listings_name_en_idx').using('gin', sql`${t.nameEn} gin_trgm_ops`).where(sql`listed`),
  ],
);

/**
 * Listed products counted by list, kept by a statement trigger on `product_listings`: `all`,
 * `taxon:<id>` (a taxon with everything below it) and `creator:<id>`. The totals of these lists
 * cost one row whatever the catalogue's size.
 */
export const productListingCounts = pgTable('product_listing_counts', {
  key: text().primaryKey(),
  count: integer().notNull(),
});

/** The definition (hash) a read model was built with; a new one rebuilds it at start-up. */
export const readModelVersions = pgTable('read_model_versions', {
  name: text().primaryKey(),
  definitionHash: text().notNull(),
  builtAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
