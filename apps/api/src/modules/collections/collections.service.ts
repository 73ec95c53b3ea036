import { AppError, notFound } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import {
  collectibleVatBasisPoints,
  isEditableCollection,
  type ProductCollectionType,
} from '@token/domain/marketplace';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Page, totalOfPage } from '../../db/paging.ts';
import {
  type ListingRow,
  listedProductData,
  listingFields,
  listingStock,
  type ProductData,
} from '../catalog/product-rows.ts';

/** An item as the service gives it: the route adds its IRI and the product's IRIs. */
export type CollectionItemData = { id: number; amount: number; position: number; product: ProductData };

export type ProductCollectionData = {
  id: number;
  type: ProductCollectionType;
  totalItems: number;
  items: CollectionItemData[];
};

type ItemRow = ListingRow & { id: number; amount: number; position: number; total: number | string };

/** Runs raw SQL on either driver (pg and PGlite both answer `{ rows }`). */
async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** The customer's collection of `type`, created on first read: one statement. */
async function ensureCollection(db: Db, customerId: number, type: ProductCollectionType): Promise<number> {
  const [row] = await query<{ id: number }>(
    db,
    sql`with ins as (
      insert into product_collections (customer_id, type) values (${customerId}, ${type})
      on conflict (customer_id, type) do nothing returning id
    )
    select id from ins
    union all
    select id from product_collections where customer_id = ${customerId} and type = ${type}
    limit 1`,
  );
  return row!.id;
}

/** One page of favourites (hand-picked, newest first within a position): one statement. */
async function favouriteItems(db: Db, collectionId: number, page: Page): Promise<ItemRow[]> {
  return query<ItemRow>(
    db,
    sql`with page as (
      select i.id, i.amount, i.position, i.product_id, count(*) over () as total
      from product_collection_items i join products p on p.id = i.product_id
      where i.collection_id = ${collectionId} and p.enabled
      order by i.position, i.id desc
      limit ${page.itemsPerPage} offset ${(page.page - 1) * page.itemsPerPage}
    )
    select pg.id, pg.amount, pg.position, pg.total, ${listingFields}
    from page pg join product_listings l on l.product_id = pg.product_id ${listingStock}
    order by pg.position, pg.id desc`,
  );
}

/**
 * The collectibles the customer bought and holds: the products of 19 % VAT (not bonds, which the
 * register's depot shows) from the customer's paid orders, amounts summed, first bought first.
 */
function heldCollectibles(customerId: number): SQL {
  return sql`select v.product_id, sum(oi.quantity)::int as amount, min(o.checkout_completed_at) as first_at
    from orders o
    join order_items oi on oi.order_id = o.id
    join product_variants v on v.id = oi.variant_id
    join products p on p.id = v.product_id
    join tax_categories tc on tc.id = p.tax_category_id
    where o.customer_id = ${customerId} and o.payment_state = 'paid'
      and tc.rate_basis_points = ${collectibleVatBasisPoints}
    group by v.product_id`;
}

/**
 * One page of my-items, computed from the paid orders in one statement (not stored: the orders are
 * the one record of what was bought, so nothing can drift from them). The item id is the product's.
 */
async function myItems(db: Db, customerId: number, page: Page): Promise<ItemRow[]> {
  return query<ItemRow>(
    db,
    sql`with held as (${heldCollectibles(customerId)}),
    page as (
      select h.product_id, h.amount, h.first_at, count(*) over () as total
      from held h order by h.first_at, h.product_id
      limit ${page.itemsPerPage} offset ${(page.page - 1) * page.itemsPerPage}
    )
    select pg.product_id as id, pg.amount, (row_number() over (order by pg.first_at, pg.product_id))::int - 1
        + ${(page.page - 1) * page.itemsPerPage} as position,
      pg.total, ${listingFields}
    from page pg join product_listings l on l.product_id = pg.product_id ${listingStock}
    order by pg.first_at, pg.product_id`,
  );
}

/**
 * GET product-collections?type=: the customer's collections of that type (one each), with one page
 * of items. Three statements at most whatever the page size: the collection, the page, and a count
 * only for a page past the end.
 */
export async function listProductCollections(opts: {
  db: Db;
  customerId: number;
  type: ProductCollectionType;
  locale: Locale;
  page: Page;
}): Promise<ProductCollectionData[]> {
  const { db, customerId, type, locale, page } = opts;
  const collectionId = await ensureCollection(db, customerId, type);
  const rows =
    type === 'favourites'
      ? await favouriteItems(db, collectionId, page)
      : await myItems(db, customerId, page);
  const totalItems = await totalOfPage(rows, page, async () => {
    const [counted] = await query<{ n: number | string }>(
      db,
      type === 'favourites'
        ? sql`select count(*) as n from product_collection_items i join products p on p.id = i.product_id
            where i.collection_id = ${collectionId} and p.enabled`
        : sql`select count(*) as n from (${heldCollectibles(customerId)}) h`,
    );
    return counted?.n;
  });
  return [
    {
      id: collectionId,
      type,
      totalItems,
      items: rows.map((r) => ({
        id: r.id,
        amount: r.amount,
        position: r.position,
        product: listedProductData(r, locale),
      })),
    },
  ];
}

/** The item `id` of a collection the customer owns, with its product: one statement. */
async function readItem(db: Db, id: number, locale: Locale): Promise<CollectionItemData> {
  const [row] = await query<Omit<ItemRow, 'total'>>(
    db,
    sql`select i.id, i.amount, i.position, ${listingFields}
    from product_collection_items i join product_listings l on l.product_id = i.product_id ${listingStock}
    where i.id = ${id}`,
  );
  if (!row) throw notFound();
  return { id: row.id, amount: row.amount, position: row.position, product: listedProductData(row, locale) };
}

/**
 * POST product-collection-items: adds a product to one of the customer's collections. Adding it
 * again answers the item already there (`created: false`). Another customer's collection and an
 * unknown product are 404; my-items follows the paid orders and is refused (409).
 */
export async function addCollectionItem(opts: {
  db: Db;
  customerId: number;
  collectionId: number;
  productCode: string;
  position?: number | undefined;
  locale: Locale;
}): Promise<{ item: CollectionItemData; created: boolean }> {
  const { db, customerId, collectionId, productCode, locale } = opts;
  const [target] = await query<{ type: ProductCollectionType; product_id: number | null }>(
    db,
    sql`select c.type, (select p.id from products p where p.code = ${productCode} and p.enabled) as product_id
    from product_collections c where c.id = ${collectionId} and c.customer_id = ${customerId}`,
  );
  if (!target) throw notFound();
  assertEditable(target.type);
  if (target.product_id === null) throw notFound();
  const [inserted] = await query<{ id: number }>(
    db,
    sql`with ins as (
      insert into product_collection_items (collection_id, product_id, position)
      values (${collectionId}, ${target.product_id}, ${opts.position ?? 0})
      on conflict (collection_id, product_id) do nothing returning id, true as created
    )
    select id, created from ins
    union all
    select id, false from product_collection_items
    where collection_id = ${collectionId} and product_id = ${target.product_id}
    limit 1`,
  );
  const created = (inserted as unknown as { created: boolean }).created;
  return { item: await readItem(db, inserted!.id, locale), created };
}

/** Only favourites are edited by hand (spec 3: my-items is what the customer bought). */
export function assertEditable(type: ProductCollectionType): void {
  if (!isEditableCollection(type)) throw new AppError('collection_not_editable');
}

/** DELETE product-collection-items/{id}: another customer's item is 404. */
export async function removeCollectionItem(opts: { db: Db; customerId: number; id: number }): Promise<void> {
  const rows = await query<{ id: number }>(
    opts.db,
    sql`delete from product_collection_items i using product_collections c
    where i.id = ${opts.id} and c.id = i.collection_id and c.customer_id = ${opts.customerId}
    returning i.id`,
  );
  if (rows.length === 0) throw notFound();
}
