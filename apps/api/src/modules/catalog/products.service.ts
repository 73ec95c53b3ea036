import { availableQuantity, isInStock, listTotalCap, translatedField } from '@token/domain/catalog';
import {
  type CreatorView,
  type ProductVariantDetailView,
  productTransactionsShown,
} from '@token/domain/catalog-views';
import { notFound } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import type { ProductTransactionView } from '@token/domain/register';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rawRows } from '../../db/client.ts';
import { type Page, totalOfPage } from '../../db/paging.ts';
import {
  creatorJson,
  type ListingRow,
  listedProductData,
  listingFields,
  listingStock,
  type ProductData,
  type ProductRow,
  shownInShop,
  toCreatorView,
} from './product-rows.ts';

/** A variant as the service returns it: `product` is the product's code (the API makes it an IRI). */
export type ProductVariantDetailData = ProductVariantDetailView;

export type ProductFilters = {
  /** Case-insensitive phrase in the product name (wanted language, German fallback). */
  name?: string | undefined;
  /** Products in any of these taxons or their descendants (main taxon or product taxons). */
  taxonCodes?: string[] | undefined;
  creatorUuid?: string | undefined;
  /** Cents, on the default variant's price in channel `token`; bounds are inclusive. */
  priceGte?: number | undefined;
  priceLte?: number | undefined;
  /** Cents; exclusive bounds. */
  priceGt?: number | undefined;
  priceLt?: number | undefined;
  order?: 'asc' | 'desc' | undefined;
  /** Keyset paging: the products after this one in the list's order (`listCursor`). */
  after?: ListCursor | undefined;
};

/** A place in the product list: a product's creation time (microseconds since 1970) and id. */
export type ListCursor = { createdAtMicros: bigint; id: number };

/** The opaque text of a list cursor (the `after` of the next page). */
export function encodeListCursor(c: ListCursor): string {
  return Buffer.from(`${c.createdAtMicros}.${c.id}`).toString('base64url');
}

/** The cursor an `after` names, or null when it is not one. */
export function decodeListCursor(text: string): ListCursor | null {
  const m = /^(-?\d{1,17})\.(\d{1,9})$/.exec(Buffer.from(text, 'base64url').toString('latin1'));
  return m ? { createdAtMicros: BigInt(m[1]!), id: Number(m[2]) } : null;
}

/** `%`, `_` and `\\` in a user's phrase match themselves, not any text. */
function likePattern(phrase: string): string {
  return `%${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The ids of enabled taxons with these codes (a product in one of them or below is listed). */
const taxonIdsOf = (codes: string[]) => sql`array(select id from taxons where enabled and code in ${codes})`;

/**
 * The WHERE of the product list over listings `l` (product-listings.ts): listed products (shown in
 * the shop, default variant in stock), narrowed by the filters.
 */
export function listedWhere(locale: Locale, f: ProductFilters): SQL {
  const where: SQL[] = [sql`l.listed`];
  if (f.name) {
    const pattern = likePattern(f.name);
    // the name in the wanted language, German where it has none
    where.push(
      locale === 'de'
        ? sql`l.name_de ilike ${pattern}`
        : sql`(l.name_${sql.raw(locale)} ilike ${pattern} or (l.name_${sql.raw(locale)} is null and l.name_de ilike ${pattern}))`,
    );
  }
  if (f.taxonCodes?.length) where.push(sql`l.taxon_ids && ${taxonIdsOf(f.taxonCodes)}`);
  if (f.creatorUuid) {
    where.push(sql`l.creator_id = (select c.id from customers c where c.uuid = ${f.creatorUuid})`);
  }
  if (f.priceGte) where.push(sql`l.price >= ${f.priceGte}`);
  if (f.priceLte) where.push(sql`l.price <= ${f.priceLte}`);
  if (f.priceGt) where.push(sql`l.price > ${f.priceGt}`);
  if (f.priceLt) where.push(sql`l.price < ${f.priceLt}`);
  if (f.after) {
    const at = sql`(timestamptz 'epoch' + ${String(f.after.createdAtMicros)}::bigint * interval '1 microsecond')`;
    where.push(
      f.order === 'desc'
        ? sql`(l.created_at, l.product_id) < (${at}, ${f.after.id}::int)`
        : sql`(l.created_at, l.product_id) > (${at}, ${f.after.id}::int)`,
    );
  }
  return sql.join(where, sql` and `);
}

/**
 * The list's total as one scalar: a kept count for the catalogue, one category or one creator
 * (one row whatever their size); else the matches counted up to one more than `listTotalCap`.
 */
function listTotal(locale: Locale, f: ProductFilters): SQL {
  const kept = (key: SQL) =>
    sql`coalesce((select k.count from product_listing_counts k where k.key = ${key}), 0)`;
  // the total of the list a cursor pages through, not of what is left after it
  const { taxonCodes, creatorUuid, after: _after, order: _order, ...rest } = f;
  const others = Object.values(rest).some((v) => v !== undefined && v !== '');
  if (!others && !creatorUuid && !taxonCodes?.length) return kept(sql`'all'`);
  if (!others && !creatorUuid && taxonCodes?.length === 1) {
    return kept(sql`(select 'taxon:' || t.id from taxons t where t.enabled and t.code = ${taxonCodes[0]})`);
  }
  if (!others && creatorUuid && !taxonCodes?.length) {
    return kept(sql`(select 'creator:' || c.id from customers c where c.uuid = ${creatorUuid})`);
  }
  return sql`(select count(*) from (select 1 from product_listings l
    where ${listedWhere(locale, { ...f, after: undefined })} limit ${listTotalCap + 1}) c)`;
}

/**
 * Creators of listed products, in browse order (by their first listed product); spec 1's
 * "top creators" until a ranking signal exists (decision 004). One statement per page, from the
 * kept counts of creators' listed products.
 */
export async function listCreators(opts: {
  db: Database;
  locale: Locale;
  page: Page;
}): Promise<{ items: CreatorView[]; totalItems: number }> {
  const { db, page } = opts;
  const creatorKeys = sql`k.key like 'creator:%' and k.count > 0`;
  const rows = await rawRows<{ total: number | string; data: NonNullable<ProductRow['creator']> }>(
    db,
    sql`select (select count(*) from product_listing_counts k where ${creatorKeys}) as total,
      ${creatorJson} as data
    from product_listing_counts k
    join customers c on c.id = substring(k.key from 9)::int
    cross join lateral (
      select min(l.created_at) as first_at from product_listings l where l.listed and l.creator_id = c.id
    ) f
    where ${creatorKeys}
    order by f.first_at, c.id
    limit ${page.itemsPerPage} offset ${(page.page - 1) * page.itemsPerPage}`,
  );
  const totalItems = await totalOfPage(rows, page, async () => {
    const [counted] = await rawRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from product_listing_counts k where ${creatorKeys}`,
    );
    return counted?.n;
  });
  return { items: rows.map((r) => toCreatorView(r.data)!), totalItems };
}

/**
 * One page of listed products, oldest first, with its total: one statement over the listings. A
 * full page gives the cursor of the page after it (keyset paging, `filters.after`).
 */
export async function listProducts(opts: {
  db: Database;
  locale: Locale;
  page: Page;
  filters?: ProductFilters;
}): Promise<{ items: ProductData[]; totalItems: number; nextCursor: string | null }> {
  const { db, locale, page } = opts;
  const f = opts.filters ?? {};
  const dir = f.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await rawRows<ListingRow & { total: number | string; at: string }>(
    db,
    sql`select ${listTotal(locale, f)} as total, ${listingFields},
      (extract(epoch from l.created_at) * 1000000)::bigint::text as at
    from product_listings l ${listingStock}
    where ${listedWhere(locale, f)}
    order by l.created_at ${dir}, l.product_id ${dir}
    limit ${page.itemsPerPage} offset ${(page.page - 1) * page.itemsPerPage}`,
  );
  const totalItems = await totalOfPage(rows, page, async () => {
    const [counted] = await rawRows<{ n: number | string }>(db, sql`select ${listTotal(locale, f)} as n`);
    return counted?.n;
  });
  const last = rows.length === page.itemsPerPage ? rows[rows.length - 1] : undefined;
  return {
    items: rows.map((r) => listedProductData(r, locale)),
    totalItems,
    nextCursor: last ? encodeListCursor({ createdAtMicros: BigInt(last.at), id: last.data.id }) : null,
  };
}

const productCodePattern = /^[\p{L}\p{N}_.:-]{1,200}$/u;

/**
 * One product the shop shows (`shownInShop`) by code or numeric id, whether in stock or not: the details page of a sold-out
 * or out-of-stock bond shows it as unavailable.
 */
export async function getProduct(opts: {
  db: Database;
  locale: Locale;
  codeOrId: string;
}): Promise<ProductData> {
  const { db, locale, codeOrId } = opts;
  if (!productCodePattern.test(codeOrId)) throw notFound();
  const id = /^\d{1,9}$/.test(codeOrId) ? Number(codeOrId) : null;
  const match = id === null ? sql`p.code = ${codeOrId}` : sql`(p.code = ${codeOrId} or p.id = ${id})`;
  // spec 3 `transactions` (decision 016): part of the same statement, newest confirmed entries first.
  const [row] = await rawRows<ListingRow & { transactions: ProductTransactionView[] | null }>(
    db,
    sql`select ${listingFields},
      (select json_agg(json_build_object('hash', e.transaction_hash, 'fromAddress', e.from_address,
          'toAddress', e.to_address) order by e.sequence desc)
        from (select transaction_hash, from_address, to_address, sequence from register_entries
          where product_id = p.id and transaction_hash is not null
          order by sequence desc limit ${productTransactionsShown}) e) as transactions
    from products p join product_listings l on l.product_id = p.id ${listingStock}
    where l.shown and ${match}
    order by (p.code = ${codeOrId}) desc
    limit 1`,
  );
  if (!row) throw notFound();
  return { ...listedProductData(row, locale), transactions: row.transactions ?? [] };
}

type VariantDetailRow = {
  id: number;
  code: string;
  position: number;
  totalSupply: number;
  onHand: number;
  onHold: number;
  tracked: boolean;
  productCode: string;
  translations: Partial<Record<Locale, { name: string }>> | null;
  productTranslations: Partial<Record<Locale, { name: string }>> | null;
  channelPricings: ProductVariantDetailView['channelPricings'] | null;
};

/** One enabled variant of an enabled product, by code. */
export async function getProductVariant(opts: {
  db: Database;
  locale: Locale;
  code: string;
}): Promise<ProductVariantDetailData> {
  const { db, locale, code } = opts;
  if (!productCodePattern.test(code)) throw notFound();
  const [v] = await rawRows<VariantDetailRow>(
    db,
    sql`select v.id, v.code, v.position, v.total_supply as "totalSupply", v.on_hand as "onHand",
      v.on_hold as "onHold", v.tracked, p.code as "productCode",
      (select json_object_agg(vt.locale, json_build_object('name', vt.name))
        from product_variant_translations vt where vt.variant_id = v.id) as translations,
      (select json_object_agg(t.locale, json_build_object('name', t.name))
        from product_translations t where t.product_id = p.id) as "productTranslations",
      (select json_object_agg(cp.channel_code, json_build_object('channelCode', cp.channel_code,
          'price', cp.price, 'originalPrice', cp.original_price, 'buyBackPrice', cp.buy_back_price))
        from channel_pricings cp where cp.variant_id = v.id) as "channelPricings"
    from product_variants v join products p on p.id = v.product_id
    where v.code = ${code} and v.enabled and ${shownInShop}`,
  );
  if (!v) throw notFound();
  const figures = { tracked: v.tracked, onHand: v.onHand, onHold: v.onHold };
  return {
    id: v.id,
    code: v.code,
    name:
      translatedField(v.translations ?? {}, locale, 'name') ??
      translatedField(v.productTranslations ?? {}, locale, 'name') ??
      v.code,
    totalSupply: v.totalSupply,
    onHand: v.onHand,
    onHold: v.onHold,
    availableQuantity: availableQuantity(figures),
    inStock: isInStock(figures),
    tracked: v.tracked,
    channelPricings: v.channelPricings ?? {},
    position: v.position,
    product: v.productCode,
  };
}
