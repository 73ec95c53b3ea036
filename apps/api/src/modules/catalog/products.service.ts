import { availableQuantity, isInStock, translatedField } from '@token/domain/catalog';
import {
  type CreatorView,
  type ProductVariantDetailView,
  productTransactionsShown,
} from '@token/domain/catalog-views';
import { shopChannelCode } from '@token/domain/channel';
import { notFound } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import type { ProductTransactionView } from '@token/domain/register';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rawRows } from '../../db/client.ts';
import { type Page, totalOfPage } from '../../db/paging.ts';
import {
  creatorJson,
  defaultVariantLateral,
  type ProductData,
  type ProductRow,
  productJson,
  shownInShop,
  toCreatorView,
  toProductData,
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
};

/** `%`, `_` and `\` in a user's phrase match themselves, not any text. */
function likePattern(phrase: string): string {
  return `%${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The FROM/WHERE of the product list: products the shop shows (`shownInShop`: enabled, and approved
 * when a creator made them) whose default variant is in stock
 * (the SQL form of the domain's `isListed`), narrowed by the filters. Needs the CTE `wanted`
 * when taxon codes are given.
 */
export function listedProducts(locale: Locale, f: ProductFilters): SQL {
  const where: SQL[] = [shownInShop, sql`(not dv.tracked or dv.on_hand > 0)`];
  if (f.name) {
    where.push(sql`coalesce(
      (select t.name from product_translations t where t.product_id = p.id and t.locale = ${locale}),
      (select t.name from product_translations t where t.product_id = p.id and t.locale = 'de')
    ) ilike ${likePattern(f.name)}`);
  }
  if (f.taxonCodes?.length) {
    where.push(sql`(p.main_taxon_id in (select id from wanted) or exists (
      select 1 from product_taxons pt where pt.product_id = p.id and pt.taxon_id in (select id from wanted)))`);
  }
  if (f.creatorUuid) {
    where.push(sql`p.creator_id = (select c.id from customers c where c.uuid = ${f.creatorUuid})`);
  }
  const price: SQL[] = [];
  if (f.priceGte) price.push(sql`cp.price >= ${f.priceGte}`);
  if (f.priceLte) price.push(sql`cp.price <= ${f.priceLte}`);
  if (f.priceGt) price.push(sql`cp.price > ${f.priceGt}`);
  if (f.priceLt) price.push(sql`cp.price < ${f.priceLt}`);
  if (price.length) {
    where.push(sql`exists (select 1 from channel_pricings cp
      where cp.variant_id = dv.id and cp.channel_code = ${shopChannelCode} and ${sql.join(price, sql` and `)})`);
  }
  return sql`from products p cross join ${defaultVariantLateral} where ${sql.join(where, sql` and `)}`;
}

function withTaxons(f: ProductFilters): SQL {
  if (!f.taxonCodes?.length) return sql``;
  // The chosen taxons and all their descendants (enabled ones only).
  return sql`with recursive wanted(id) as (
    select id from taxons where enabled and code in ${f.taxonCodes}
    union
    select t.id from taxons t join wanted w on t.parent_id = w.id where t.enabled
  ) `;
}

/**
 * Creators of listed products, in browse order (by their first listed product); spec 1's
 * "top creators" until a ranking signal exists (decision 004). One statement per page.
 */
export async function listCreators(opts: {
  db: Database;
  locale: Locale;
  page: Page;
}): Promise<{ items: CreatorView[]; totalItems: number }> {
  const { db, locale, page } = opts;
  const rows = await rawRows<{ total: number | string; data: NonNullable<ProductRow['creator']> }>(
    db,
    sql`with firsts as (
      select p.creator_id, min(p.created_at) as first_at
      ${listedProducts(locale, {})} and p.creator_id is not null
      group by p.creator_id
    )
    select count(*) over () as total, ${creatorJson} as data
    from firsts l join customers c on c.id = l.creator_id
    order by l.first_at, c.id
    limit ${page.itemsPerPage} offset ${(page.page - 1) * page.itemsPerPage}`,
  );
  const totalItems = await totalOfPage(rows, page, async () => {
    const [counted] = await rawRows<{ n: number | string }>(
      db,
      sql`select count(distinct p.creator_id) as n ${listedProducts(locale, {})}`,
    );
    return counted?.n;
  });
  return { items: rows.map((r) => toCreatorView(r.data)!), totalItems };
}

/**
 * One page of listed products, oldest first. One statement gathers the page and its total
 * (window count); only a page past the end needs a second, counting statement.
 */
export async function listProducts(opts: {
  db: Database;
  locale: Locale;
  page: Page;
  filters?: ProductFilters;
}): Promise<{ items: ProductData[]; totalItems: number }> {
  const { db, locale, page } = opts;
  const f = opts.filters ?? {};
  const dir = f.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await rawRows<{ total: number | string; data: ProductRow }>(
    db,
    sql`${withTaxons(f)}${f.taxonCodes?.length ? sql`, ` : sql`with `}page as (
      select p.id, p.created_at, dv.id as dv_id, count(*) over () as total
      ${listedProducts(locale, f)}
      order by p.created_at ${dir}, p.id ${dir}
      limit ${page.itemsPerPage} offset ${(page.page - 1) * page.itemsPerPage}
    )
    select pg.total, ${productJson(sql`pg.dv_id`)} as data
    from page pg join products p on p.id = pg.id
    order by pg.created_at ${dir}, pg.id ${dir}`,
  );
  const totalItems = await totalOfPage(rows, page, async () => {
    const [counted] = await rawRows<{ n: number | string }>(
      db,
      sql`${withTaxons(f)}select count(*) as n ${listedProducts(locale, f)}`,
    );
    return counted?.n;
  });
  return { items: rows.map((r) => toProductData(r.data, locale)), totalItems };
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
  const [row] = await rawRows<{ data: ProductRow; transactions: ProductTransactionView[] | null }>(
    db,
    sql`select ${productJson(sql`dv.id`)} as data,
      (select json_agg(json_build_object('hash', e.transaction_hash, 'fromAddress', e.from_address,
          'toAddress', e.to_address) order by e.sequence desc)
        from (select transaction_hash, from_address, to_address, sequence from register_entries
          where product_id = p.id and transaction_hash is not null
          order by sequence desc limit ${productTransactionsShown}) e) as transactions
    from products p left join ${defaultVariantLateral} on true
    where ${shownInShop} and ${match}
    order by (p.code = ${codeOrId}) desc
    limit 1`,
  );
  if (!row) throw notFound();
  return { ...toProductData(row.data, locale), transactions: row.transactions ?? [] };
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
