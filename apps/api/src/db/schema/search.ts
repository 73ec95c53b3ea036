import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { locales } from './reference.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The full-text search document of one product translation, kept by a trigger on
 * `product_translations` (migration `search`): name (weight A), short description (B) and
 * description (C), normalised by `search_normalize` (umlauts and their transcriptions, ß and ss
 * alike) and stemmed by the translation's language. `nameNorm` serves the trigram typo fallback.
 */
export const productSearchDocuments = pgTable(
  'product_search_documents',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text()
      .notNull()
      .references(() => locales.code),
    document: tsvector().notNull(),
    nameNorm: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locale] }),
    index('product_search_documents_document_idx').using('gin', t.document),
    index('product_search_documents_name_trgm_idx').using('gin', sql`${t.nameNorm} gin_trgm_ops`),
  ],
);
