import { createHash } from 'node:crypto';
import { shopChannelCode } from '@token/domain/channel';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { defaultVariantLateral, productJson, shownInShop } from './product-rows.ts';

/*
 * The catalogue's read model (decision 026): `product_listings` holds one row per product with the
 * columns the shop's lists filter, order and count by and the product's JSON document, so a page
 * of the list reads 12 rows instead of building 12 documents from a dozen tables.
 *
 * It is kept current inside the transaction of every change: a statement trigger on each table the
 * document is read from collects the products the statement touched (through its transition
 * tables) and calls `refresh_product_listings`, which recomputes their rows with the same SQL the
 * document is defined by (`productJson` in product-rows.ts). Two transactions refreshing the same
 * product take turns (an advisory lock per product, or a lock of the table for a bulk change), and
 * the second reads what the first committed, so neither overwrites the other's change.
 *
 * The functions and triggers are generated here from that one definition and installed by
 * `migrateDatabase` after the migrations; when the definition changes (its hash), the read model is
 * rebuilt from scratch at the next start.
 */

/** The one dialect that turns the definition into SQL text (the functions take no parameters). */
const dialect = new PgDialect();

function text(fragment: SQL): string {
  const { sql: out, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`read model SQL must not take parameters: ${out}`);
  return out;
}

/** Advisory lock namespace of listing refreshes (pg_advisory_xact_lock(namespace, product id)). */
const lockNamespace = 26_001;
/** Above this many products a refresh locks the table instead of each product. */
const bulkRefresh = 500;

/** The listing row of each product `p` (with its default variant `dv`). */
const listingColumns = sql`p.id as product_id, p.created_at,
  ${shownInShop} as shown,
  dv.id as default_variant_id,
  coalesce(not dv.tracked or dv.on_hand > 0, false) as in_stock,
  (select cp.price from channel_pricings cp
    where cp.variant_id = dv.id and cp.channel_code = ${sql.raw(`'${shopChannelCode}'`)}) as price,
  p.creator_id,
  coalesce((
    select array_agg(distinct up.id order by up.id) from (
      with recursive up(id, parent_id, depth) as (
        select t.id, t.parent_id, 0 from taxons t
        where t.enabled and (t.id = p.main_taxon_id
          or t.id in (select pt.taxon_id from product_taxons pt where pt.product_id = p.id))
        union all
        select t.id, t.parent_id, up.depth + 1 from taxons t join up on t.id = up.parent_id
        where t.enabled and up.depth < 32
      ) select id from up
    ) up), '{}') as taxon_ids,
  (select t.name from product_translations t where t.product_id = p.id and t.locale = 'de') as name_de,
  (select t.name from product_translations t where t.product_id = p.id and t.locale = 'en') as name_en,
  ${productJson(sql`dv.id`)} as document`;

const columnNames = [
  'product_id',
  'created_at',
  'shown',
  'default_variant_id',
  'in_stock',
  'price',
  'creator_id',
  'taxon_ids',
  'name_de',
  'name_en',
  'document',
];

/** Products under (or at) taxons `ids`, whatever their state: the ones a taxon's change can touch. */
const productsUnderTaxons = `
CREATE OR REPLACE FUNCTION products_under_taxons(ids int[]) RETURNS int[] LANGUAGE sql STABLE AS $$
  WITH RECURSIVE down(id, depth) AS (
    SELECT unnest(ids), 0
    UNION
    SELECT t.id, down.depth + 1 FROM taxons t JOIN down ON t.parent_id = down.id WHERE down.depth < 32
  )
  SELECT coalesce(array_agg(DISTINCT x), '{}') FROM (
    SELECT p.id AS x FROM products p WHERE p.main_taxon_id IN (SELECT id FROM down)
    UNION
    SELECT pt.product_id FROM product_taxons pt WHERE pt.taxon_id IN (SELECT id FROM down)
  ) s
$$`;

const refreshFunction = `
CREATE OR REPLACE FUNCTION refresh_product_listings(ids int[]) RETURNS void LANGUAGE plpgsql
-- no JIT: compiling the document's statement takes 0.1 to 1 s where running it takes milliseconds
SET jit = off AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  -- Take turns with other transactions refreshing these products; each statement below then reads
  -- what they committed (read committed: a new snapshot per statement).
  IF cardinality(ids) > ${bulkRefresh} THEN
    LOCK TABLE product_listings IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    PERFORM pg_advisory_xact_lock(${lockNamespace}, x) FROM (SELECT DISTINCT unnest(ids) AS x ORDER BY 1) s;
  END IF;
  DELETE FROM product_listings l WHERE l.product_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = l.product_id);
  INSERT INTO product_listings (${columnNames.join(', ')})
  SELECT ${text(listingColumns)}
  FROM products p LEFT JOIN ${text(defaultVariantLateral)} ON true
  WHERE p.id = ANY(ids)
  ON CONFLICT (product_id) DO UPDATE SET ${columnNames
    .filter((c) => c !== 'product_id')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')};
END $$`;

/**
 * The products a statement on each source table touched, from its transition tables (`r`: the new
 * rows of an insert or update, the old rows of an update or delete).
 */
const touched: Record<string, string> = {
  products: 'SELECT id FROM r',
  product_translations: 'SELECT product_id FROM r',
  product_metadata: 'SELECT product_id FROM r',
  product_taxons: 'SELECT product_id FROM r',
  product_attribute_values: 'SELECT product_id FROM r',
  product_media_files: 'SELECT product_id FROM r',
  legal_documents: 'SELECT product_id FROM r',
  creator_products: 'SELECT product_id FROM r',
  product_variants: 'SELECT product_id FROM r',
  product_variant_translations: 'SELECT v.product_id FROM r JOIN product_variants v ON v.id = r.variant_id',
  channel_pricings: 'SELECT v.product_id FROM r JOIN product_variants v ON v.id = r.variant_id',
  taxons: 'SELECT unnest(products_under_taxons(array(SELECT id FROM r)))',
  taxon_translations: 'SELECT unnest(products_under_taxons(array(SELECT taxon_id FROM r)))',
  attributes:
    'SELECT v.product_id FROM product_attribute_values v WHERE v.attribute_id IN (SELECT id FROM r)',
  attribute_translations:
    'SELECT v.product_id FROM product_attribute_values v WHERE v.attribute_id IN (SELECT attribute_id FROM r)',
  customers: 'SELECT p.id FROM products p WHERE p.creator_id IN (SELECT id FROM r)',
  customer_media_files: 'SELECT p.id FROM products p WHERE p.creator_id IN (SELECT customer_id FROM r)',
  media_files: `SELECT pm.product_id FROM product_media_files pm WHERE pm.media_file_id IN (SELECT id FROM r)
    UNION SELECT p.id FROM products p JOIN customer_media_files cm ON cm.customer_id = p.creator_id
      WHERE cm.media_file_id IN (SELECT id FROM r)`,
  tax_categories: 'SELECT p.id FROM products p WHERE p.tax_category_id IN (SELECT id FROM r)',
};

/**
 * A variant's reserved stock (`on_hold`) changes with every order and is read fresh by the lists;
 * an update that changes nothing else leaves the listing alone.
 */
const variantUpdateTouched = `SELECT n.product_id FROM n JOIN o ON o.id = n.id
  WHERE (to_jsonb(n) - 'on_hold') IS DISTINCT FROM (to_jsonb(o) - 'on_hold')
  UNION SELECT o.product_id FROM n JOIN o ON o.id = n.id WHERE n.product_id <> o.product_id`;

function triggersOf(table: string): string[] {
  const fn = (op: string) => `product_listings_after_${op}_${table}`;
  const body = (op: 'insert' | 'update' | 'delete') => {
    if (op === 'update' && table === 'product_variants') return variantUpdateTouched;
    const map = touched[table]!;
    if (op === 'insert') return map.replaceAll(/\br\b/g, 'n');
    if (op === 'delete') return map.replaceAll(/\br\b/g, 'o');
    return `${map.replaceAll(/\br\b/g, 'n')} UNION ${map.replaceAll(/\br\b/g, 'o')}`;
  };
  const referencing = {
    insert: 'REFERENCING NEW TABLE AS n',
    update: 'REFERENCING NEW TABLE AS n OLD TABLE AS o',
    delete: 'REFERENCING OLD TABLE AS o',
  } as const;
  return (['insert', 'update', 'delete'] as const).flatMap((op) => [
    `CREATE OR REPLACE FUNCTION ${fn(op)}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a bulk load refreshes once at its end (withListingsRefreshedOnce)
  IF current_setting('product_listings.bulk', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM refresh_product_listings(array(SELECT DISTINCT x FROM (${body(op)}) s(x) WHERE x IS NOT NULL));
  RETURN NULL;
END $$`,
    `DROP TRIGGER IF EXISTS ${fn(op)} ON ${table}`,
    `CREATE TRIGGER ${fn(op)} AFTER ${op.toUpperCase()} ON ${table} ${referencing[op]}
  FOR EACH STATEMENT EXECUTE FUNCTION ${fn(op)}()`,
  ]);
}

/** The count keys of a listing: every list it is counted in. */
const countKeysFunction = `
CREATE OR REPLACE FUNCTION product_listing_count_keys(creator_id int, taxon_ids int[]) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'all'
  UNION ALL SELECT 'creator:' || creator_id WHERE creator_id IS NOT NULL
  UNION ALL SELECT 'taxon:' || t FROM unnest(taxon_ids) t
$$`;

function countTriggers(): string[] {
  const delta = (rows: string, sign: 1 | -1) =>
    `SELECT k, ${sign} FROM ${rows} r CROSS JOIN LATERAL product_listing_count_keys(r.creator_id, r.taxon_ids) k WHERE r.listed`;
  const bodies = {
    insert: delta('n', 1),
    update: `${delta('n', 1)} UNION ALL ${delta('o', -1)}`,
    delete: delta('o', -1),
  } as const;
  const referencing = {
    insert: 'REFERENCING NEW TABLE AS n',
    update: 'REFERENCING NEW TABLE AS n OLD TABLE AS o',
    delete: 'REFERENCING OLD TABLE AS o',
  } as const;
  return (['insert', 'update', 'delete'] as const).flatMap((op) => [
    `CREATE OR REPLACE FUNCTION product_listing_counts_after_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_listing_counts (key, count)
  SELECT key, sum(d) FROM (${bodies[op]}) x(key, d) GROUP BY key HAVING sum(d) <> 0 ORDER BY key
  ON CONFLICT (key) DO UPDATE SET count = product_listing_counts.count + excluded.count;
  RETURN NULL;
END $$`,
    `DROP TRIGGER IF EXISTS product_listing_counts_after_${op} ON product_listings`,
    `CREATE TRIGGER product_listing_counts_after_${op} AFTER ${op.toUpperCase()} ON product_listings ${referencing[op]}
  FOR EACH STATEMENT EXECUTE FUNCTION product_listing_counts_after_${op}()`,
  ]);
}

/** Every statement of the read model's definition, in order. */
export function productListingStatements(): string[] {
  return [
    productsUnderTaxons,
    refreshFunction,
    countKeysFunction,
    ...countTriggers(),
    ...Object.keys(touched).flatMap(triggersOf),
  ];
}

type Executor = { execute: (query: SQL) => Promise<unknown> };

/**
 * Runs a bulk load in transaction `tx` with the listings refreshed once at its end, for every
 * product, instead of after each statement (a load of 100,000 products writes six tables). The
 * caller runs ANALYZE after its transaction, as after any bulk load.
 */
export async function withListingsRefreshedOnce<T>(tx: Executor, load: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('product_listings.bulk', 'on', true)`);
  const result = await load();
  await tx.execute(sql`select set_config('product_listings.bulk', 'off', true)`);
  await tx.execute(sql`select refresh_product_listings(array(select id from products order by id))`);
  return result;
}
type Transactional = Executor & { transaction: <T>(run: (tx: Executor) => Promise<T>) => Promise<T> };

const modelName = 'product_listings';

/**
 * Installs the read model's functions and triggers and, when their definition differs from the one
 * the database was built with (or on a new database), rebuilds every listing and the counts, then
 * ANALYZE: a change of the document's definition takes effect at the next start.
 */
export async function installProductListings(db: Transactional): Promise<{ rebuilt: boolean }> {
  const statements = productListingStatements();
  const hash = createHash('sha256').update(statements.join(';\n')).digest('hex');
  const current = async (ex: Executor) =>
    (
      (await ex.execute(sql`select definition_hash from read_model_versions where name = ${modelName}`)) as {
        rows: { definition_hash: string }[];
      }
    ).rows[0]?.definition_hash;
  if ((await current(db)) === hash) return { rebuilt: false };
  const rebuilt = await db.transaction(async (tx) => {
    // one instance installs; another starting at the same time waits and finds it done
    await tx.execute(sql`select pg_advisory_xact_lock(${lockNamespace}, 0)`);
    if ((await current(tx)) === hash) return false;
    for (const statement of statements) await tx.execute(sql.raw(statement));
    await tx.execute(sql`delete from product_listings`);
    await tx.execute(sql`delete from product_listing_counts`);
    await withListingsRefreshedOnce(tx, async () => {});
    await tx.execute(sql`insert into read_model_versions (name, definition_hash) values (${modelName}, ${hash})
      on conflict (name) do update set definition_hash = excluded.definition_hash, built_at = now()`);
    return true;
  });
  // Autovacuum may be off: the planner gets statistics of the rebuilt table at once.
  if (rebuilt) await db.execute(sql`analyze product_listings`);
  return { rebuilt };
}
