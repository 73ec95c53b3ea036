import { boolean, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { locales } from './reference.ts';

export const cmsBlocks = pgTable('cms_blocks', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  enabled: boolean().notNull().default(true),
});

export const cmsBlockTranslations = pgTable(
  'cms_block_translations',
  {
    blockId: integer()
      .notNull()
      .references(() => cmsBlocks.id, { onDelete: 'cascade' }),
    locale: text()
      .notNull()
      .references(() => locales.code),
    name: text(),
    /** Sanitised HTML. */
    content: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.locale] })],
);

export const cmsPages = pgTable('cms_pages', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  enabled: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const cmsPageTranslations = pgTable(
  'cms_page_translations',
  {
    pageId: integer()
      .notNull()
      .references(() => cmsPages.id, { onDelete: 'cascade' }),
    locale: text()
      .notNull()
      .references(() => locales.code),
    name: text().notNull(),
    slug: text().notNull(),
    title: text().notNull(),
    /** Sanitised HTML. */
    content: text().notNull(),
    metaDescription: text(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.locale] }), unique().on(t.locale, t.slug)],
);
