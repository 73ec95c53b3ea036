import { paymentGateways } from '@token/domain/payments';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { mediaFiles } from './media.ts';
import { locales } from './reference.ts';

export const taxons = pgTable(
  'taxons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull().unique(),
    parentId: integer().references((): AnyPgColumn => taxons.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
  },
  (t) => [index().on(t.parentId)],
);

export const taxonTranslations = pgTable(
  'taxon_translations',
  {
    taxonId: integer()
      .notNull()
      .references(() => taxons.id, { onDelete: 'cascade' }),
    locale: text()
      .notNull()
      .references(() => locales.code),
    name: text().notNull(),
    slug: text().notNull(),
    description: text(),
  },
  (t) => [primaryKey({ columns: [t.taxonId, t.locale] }), unique().on(t.locale, t.slug)],
);

/** VAT follows the tax category: bonds are exempt (UStG § 4 Nr. 8), collectibles carry 19 %. */
export const taxCategories = pgTable('tax_categories', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  /** Rate in basis points: 1900 = 19 %. */
  rateBasisPoints: integer().notNull(),
});

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull().unique(),
    enabled: boolean().notNull().default(true),
    /** false: an exclusive product that can only be enquired about (spec 6). */
    allowToBuy: boolean().notNull().default(true),
    /** Royalty in percent (0-100), marketplace resales. */
    royalties: integer().notNull().default(0),
    blockchainName: text(),
    tokenId: text(),
    whitelisting: boolean().notNull().default(false),
    mainTaxonId: integer().references(() => taxons.id, { onDelete: 'set null' }),
    creatorId: integer().references(() => customers.id, { onDelete: 'set null' }),
    taxCategoryId: integer().references(() => taxCategories.id),
    /** Investor restrictions (spec 5/6). */
    professionalOnly: boolean().notNull().default(false),
    /** e.g. 149: at most that many distinct investors may hold the bond. */
    investorLimit: integer(),
    minimumSubscriptionCents: integer(),
    maximumOrderCentsNonProfessional: integer(),
    /** spec 5/9: orders in multiples of this many tokens (decision 011; the demo bonds: 1,000). */
    quantityStep: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt, t.id), index().on(t.creatorId), index().on(t.mainTaxonId)],
);

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text()
      .notNull()
      .references(() => locales.code),
    name: text().notNull(),
    slug: text().notNull(),
    description: text(),
    shortDescription: text(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] }), unique().on(t.locale, t.slug)],
);

export const productTaxons = pgTable(
  'product_taxons',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    taxonId: integer()
      .notNull()
      .references(() => taxons.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.taxonId] }), index().on(t.taxonId)],
);

export const attributes = pgTable('attributes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  type: text({ enum: ['text', 'percent', 'integer', 'date', 'url', 'money'] }).notNull(),
  position: integer().notNull().default(0),
  translatable: boolean().notNull().default(false),
});

export const attributeTranslations = pgTable(
  'attribute_translations',
  {
    attributeId: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    locale: text()
      .notNull()
      .references(() => locales.code),
    name: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.attributeId, t.locale] })],
);

export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    /** null for values that hold in every language (ISIN, coupon rate). */
    locale: text().references(() => locales.code),
    value: text().notNull(),
  },
  (t) => [index().on(t.productId), unique().on(t.productId, t.attributeId, t.locale).nullsNotDistinct()],
);

/** spec 3: custom nft_metadata key/value entries; keys starting with `_` are ignored when read. */
export const productMetadata = pgTable(
  'product_metadata',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    value: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.productId)],
);

export const productMediaFiles = pgTable(
  'product_media_files',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaFileId: integer()
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.mediaFileId] })],
);

/** Legal documents of a product (information sheet, bond terms), downloadable as PDF. */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().unique().defaultRandom(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: text({ enum: ['information_sheet', 'bond_terms', 'prospectus', 'other'] }).notNull(),
    /** null: the document holds for every language. */
    locale: text().references(() => locales.code),
    title: text().notNull(),
    mediaFileId: integer()
      .notNull()
      .references(() => mediaFiles.id),
    position: integer().notNull().default(0),
    /** 1, 2, ... per product, type and locale: a new upload of the same type and locale is the next version. */
    version: integer().notNull().default(1),
    /**
     * Set when a newer version replaced this one: new investors see only current documents; a superseded
     * one stays stored and downloadable by its uuid for the orders that confirmed it.
     */
    supersededAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.productId)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull().unique(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The default variant is the enabled variant with the lowest position. */
    position: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    totalSupply: integer().notNull().default(0),
    onHand: integer().notNull().default(0),
    onHold: integer().notNull().default(0),
    tracked: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.productId, t.position)],
);

export const productVariantTranslations = pgTable(
  'product_variant_translations',
  {
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    locale: text()
      .notNull()
      .references(() => locales.code),
    name: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.locale] })],
);

/** Prices in cents per channel (spec 3: price, originalPrice, buyBackPrice). */
export const channelPricings = pgTable(
  'channel_pricings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    channelCode: text().notNull(),
    price: integer().notNull(),
    originalPrice: integer(),
    buyBackPrice: integer(),
  },
  (t) => [unique().on(t.variantId, t.channelCode), index().on(t.channelCode, t.price)],
);

export const paymentMethods = pgTable('payment_methods', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  /** `offline` (bank transfer to the channel's account) or `card` (card payment provider). */
  gateway: text({ enum: paymentGateways }).notNull(),
  enabled: boolean().notNull().default(true),
  position: integer().notNull().default(0),
});

export const paymentMethodTranslations = pgTable(
  'payment_method_translations',
  {
    paymentMethodId: integer()
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    locale: text()
      .notNull()
      .references(() => locales.code),
    name: text().notNull(),
    description: text(),
    instructions: text(),
  },
  (t) => [primaryKey({ columns: [t.paymentMethodId, t.locale] })],
);

/**
 * Which payment methods a product accepts and with which limits; a bond may be payable only by
 * bank transfer above a card limit, or collected on an escrow account other than the channel's.
 */
export const productPaymentConfigurations = pgTable(
  'product_payment_configurations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    paymentMethodId: integer()
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull().default(true),
    /** Upper limit of an order total for this method, in cents; null = no limit. */
    maximumAmountCents: integer(),
    /** Overrides of the channel's bank account for offline payments. */
    bankAccountHolder: text(),
    bankIban: text(),
    bankBic: text(),
    bankName: text(),
    /** Prefix of the payment reference the investor must quote on a transfer. */
    paymentReferencePrefix: text(),
  },
  (t) => [unique().on(t.productId, t.paymentMethodId)],
);

/**
 * One row whose revision grows with every committed change to what the shop's catalogue shows.
 * Deferred triggers (migration 0001) bump it at commit; API processes validate their in-memory
 * catalogue read caches against it with one tiny query, so no process serves stale data.
 */
export const catalogRevision = pgTable('catalog_revision', {
  id: integer().primaryKey(),
  revision: bigint({ mode: 'number' }).notNull().default(0),
  /**
   * Grows with every committed change of stock on hold (orders; migration 0006). The cached
   * catalogue answers keep their bodies and only have their stock figures refreshed (decision 011).
   */
  stockRevision: bigint({ mode: 'number' }).notNull().default(0),
});
