import type { Locale } from '@token/domain/i18n';
import type { OrderView } from '@token/domain/orders';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, productTranslations } from '../../db/schema/index.ts';

/**
 * The order views with each item's product named in the reader's language. An item keeps the name
 * it was placed under (the invoice and the mails use it); the customer's pages read the product's
 * current name in `locale`, so an order placed in German reads in English on English pages
 * (issue 15). A product without a name in `locale` keeps the stored one.
 */
export async function withProductNamesIn(db: Db, views: OrderView[], locale: Locale): Promise<OrderView[]> {
  const codes = [...new Set(views.flatMap((v) => v.items.map((i) => i.productCode)))];
  if (codes.length === 0) return views;
  const rows = await db
    .select({ code: products.code, name: productTranslations.name })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .where(and(inArray(products.code, codes), eq(productTranslations.locale, locale)));
  const names = new Map(rows.filter((r) => r.name !== '').map((r) => [r.code, r.name]));
  return views.map((v) => ({
    ...v,
    items: v.items.map((i) => ({ ...i, productName: names.get(i.productCode) ?? i.productName })),
  }));
}
