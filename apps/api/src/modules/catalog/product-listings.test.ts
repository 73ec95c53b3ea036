import { listTotalCap } from '@token/domain/catalog';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../db/client.ts';
import {
  attributeTranslations,
  channelPricings,
  customers,
  mediaFiles,
  products,
  productTranslations,
  productVariants,
  taxons,
  taxonTranslations,
} from '../../db/schema/index.ts';
import { seedCreator, seedProduct } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { withListingsRefreshedOnce } from './product-listings.ts';
import { defaultVariantLateral, productJson, shownInShop } from './product-rows.ts';
import { decodeListCursor, encodeListCursor } from './products.service.ts';

/*
 * The catalogue's read model (product-listings.ts, decision 026) against the tables it is read
 * from: after every kind of change, each listing equals what the document's definition builds live,
 * and the kept counts equal the counts of the listed products.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const base = '/api/v2/shop';

/** A document without its reserved stock, which the lists read fresh from the variant. */
const withoutHold = (document: ReturnType<typeof sql>) =>
  sql`((${document})::jsonb #- '{defaultVariant,onHold}')`;

/** Listings that differ from what the tables say now (document, listed state, filters' columns). */
async function staleListings(): Promise<{ code: string; what: string }[]> {
  return t.app.db.transaction(async (tx) => {
    // no JIT for the document built live (as the refresh runs it)
    await tx.execute(sql`select set_config('jit', 'off', true)`);
    return rawRows<{ code: string; what: string }>(
      tx,
      sql`select p.code, case
        when l.product_id is null then 'missing'
        when ${withoutHold(sql`l.document`)} is distinct from ${withoutHold(productJson(sql`dv.id`))} then 'document'
        when l.shown is distinct from ${shownInShop} then 'shown'
        when l.default_variant_id is distinct from dv.id then 'default variant'
        when l.in_stock is distinct from coalesce(not dv.tracked or dv.on_hand > 0, false) then 'in stock'
        when l.price is distinct from (select cp.price from channel_pricings cp
          where cp.variant_id = dv.id and cp.channel_code = 'token') then 'price'
        when l.name_de is distinct from (select name from product_translations
          where product_id = p.id and locale = 'de') then 'name'
        else null end as what
      from products p left join ${defaultVariantLateral} on true
      left join product_listings l on l.product_id = p.id
      where l.product_id is null or ${withoutHold(sql`l.document`)} is distinct from ${withoutHold(productJson(sql`dv.id`))}
        or l.shown is distinct from ${shownInShop} or l.default_variant_id is distinct from dv.id
        or l.in_stock is distinct from coalesce(not dv.tracked or dv.on_hand > 0, false)
        or l.price is distinct from (select cp.price from channel_pricings cp
          where cp.variant_id = dv.id and cp.channel_code = 'token')
        or l.name_de is distinct from (select name from product_translations where product_id = p.id and locale = 'de')`,
    );
  });
}

/** Kept counts that differ from counting the listed products. */
async function wrongCounts(): Promise<{ key: string; kept: number; actual: number }[]> {
  return rawRows(
    t.app.db,
    sql`with actual as (
        select k as key, count(*)::int as n from product_listings l
        cross join lateral product_listing_count_keys(l.creator_id, l.taxon_ids) k
        where l.listed group by k
      )
      select coalesce(a.key, c.key) as key, coalesce(c.count, 0) as kept, coalesce(a.n, 0) as actual
      from actual a full join product_listing_counts c on c.key = a.key
      where coalesce(c.count, 0) <> coalesce(a.n, 0)`,
  );
}

async function expectCurrent() {
  expect(await staleListings()).toEqual([]);
  expect(await wrongCounts()).toEqual([]);
}

describe('the product listings follow every table a document is read from', () => {
  it('hold every demo product as the document is built live, counts included', async () => {
    const [{ n } = { n: 0 }] = await rawRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from product_listings`,
    );
    expect(n).toBeGreaterThan(10);
    await expectCurrent();
  });

  it('a new product, its translations, price and stock; then sold out and removed', async () => {
    const seeded = await seedProduct(t.app.db, {
      taxonCode: 'collectibles_art',
      translations: { de: { name: 'Lesemodell Test' }, en: { name: 'Read model test' } },
      variant: { price: 4_200, totalSupply: 3 },
    });
    await expectCurrent();
    const variantId = seeded.variant!.id;
    await t.app.db
      .update(channelPricings)
      .set({ price: 4_300 })
      .where(eq(channelPricings.variantId, variantId));
    await t.app.db
      .update(productTranslations)
      .set({ name: 'Lesemodell geändert' })
      .where(and(eq(productTranslations.productId, seeded.product.id), eq(productTranslations.locale, 'de')));
    await expectCurrent();
    await t.app.db.update(productVariants).set({ onHand: 0 }).where(eq(productVariants.id, variantId));
    await expectCurrent();
    await t.app.db.delete(products).where(eq(products.id, seeded.product.id));
    await expectCurrent();
  });

  it('a bulk load refreshes once at its end and leaves every listing current', async () => {
    await t.app.db.transaction(async (tx) => {
      await withListingsRefreshedOnce(tx, async () => {
        await tx.execute(sql`insert into products (code, enabled, created_at, updated_at)
          select 'BULK_' || g, true, now(), now() from generate_series(1, 30) g`);
        await tx.execute(sql`insert into product_translations (product_id, locale, name, slug)
          select id, 'de', 'Stapel ' || code, lower(code) from products where code like 'BULK_%'`);
        await tx.execute(sql`insert into product_variants (code, product_id, position, enabled, total_supply, on_hand, on_hold, tracked)
          select code, id, 0, true, 5, 5, 0, true from products where code like 'BULK_%'`);
        // nothing refreshed yet, inside the load
        const [{ n } = { n: -1 }] = await rawRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from product_listings l join products p on p.id = l.product_id
            where p.code like 'BULK_%'`,
        );
        expect(n).toBe(0);
      });
    });
    await expectCurrent();
  });

  it('a reservation (on_hold) leaves the document alone; the list shows it fresh', async () => {
    const seeded = await seedProduct(t.app.db, { variant: { price: 1_000, totalSupply: 10 } });
    const before = await rawRows<{ document: unknown }>(
      t.app.db,
      sql`select document::text as document from product_listings where product_id = ${seeded.product.id}`,
    );
    await t.app.db
      .update(productVariants)
      .set({ onHold: 4 })
      .where(eq(productVariants.id, seeded.variant!.id));
    const after = await rawRows<{ document: unknown }>(
      t.app.db,
      sql`select document::text as document from product_listings where product_id = ${seeded.product.id}`,
    );
    expect(after).toEqual(before);
    const res = await t.app.inject({ url: `${base}/products/${seeded.product.code}` });
    expect(res.json().defaultVariant.onHold).toBe(4);
    expect(res.json().defaultVariant.availableQuantity).toBe(6);
  });

  it('taxons: a renamed, disabled and moved category; an attribute renamed', async () => {
    const [art] = await t.app.db.select().from(taxons).where(eq(taxons.code, 'collectibles_art'));
    await t.app.db
      .update(taxonTranslations)
      .set({ name: 'Kunst (neu)' })
      .where(and(eq(taxonTranslations.taxonId, art!.id), eq(taxonTranslations.locale, 'de')));
    await expectCurrent();
    await t.app.db.update(taxons).set({ enabled: false }).where(eq(taxons.id, art!.id));
    await expectCurrent();
    await t.app.db.update(taxons).set({ enabled: true, parentId: null }).where(eq(taxons.id, art!.id));
    await expectCurrent();
    await t.app.db.update(taxons).set({ parentId: art!.parentId }).where(eq(taxons.id, art!.id));
    await t.app.db.update(attributeTranslations).set({ name: 'Laufzeit (neu)' });
    await expectCurrent();
  });

  it('a creator renamed, an avatar and a picture rendition changed', async () => {
    const creator = await seedCreator(t.app.db, { displayName: 'Erste Fassung' });
    await seedProduct(t.app.db, { creatorId: creator.id, variant: { price: 2_000 } });
    await t.app.db
      .update(customers)
      .set({ displayName: 'Zweite Fassung' })
      .where(eq(customers.id, creator.id));
    await t.app.db.update(mediaFiles).set({ fileName: sql`'x-' || ${mediaFiles.fileName}` });
    await expectCurrent();
    const res = await t.app.inject({
      url: `${base}/products?creator.uuid=${creator.uuid}`,
      headers: { accept: 'application/ld+json' },
    });
    expect(res.json()['hydra:totalItems']).toBe(1);
    expect(res.json()['hydra:member'][0].creator.fullName).toBe('Zweite Fassung');
  });
});

describe('keyset paging and totals', () => {
  it('pages through the whole list by `after` as by page numbers, in both orders', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const all = await t.app.inject({
        url: `${base}/products?itemsPerPage=100&order[createdAt]=${order}`,
        headers: { accept: 'application/json' },
      });
      const expected = (all.json() as { code: string }[]).map((p) => p.code);
      const seen: string[] = [];
      // a cursor before the first product of the order, then the answers' hydra:next
      const start =
        order === 'asc' ? { createdAtMicros: -1n, id: 0 } : { createdAtMicros: 10n ** 16n, id: 0 };
      let url: string | undefined =
        `${base}/products?itemsPerPage=5&order[createdAt]=${order}&after=${encodeListCursor(start)}`;
      // an empty cursor starts the list the same way
      const fromStart = await t.app.inject({
        url: `${base}/products?itemsPerPage=5&order[createdAt]=${order}&after=`,
        headers: { accept: 'application/ld+json' },
      });
      expect(fromStart.json()['hydra:member'].map((p: { code: string }) => p.code)).toEqual(
        expected.slice(0, 5),
      );
      expect(fromStart.json()['hydra:view']['hydra:next']).toContain('after=');
      let total: number | undefined;
      while (url) {
        const res = await t.app.inject({ url, headers: { accept: 'application/ld+json' } });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as {
          'hydra:member': { code: string }[];
          'hydra:totalItems': number;
          'hydra:view': { 'hydra:next'?: string };
        };
        total ??= body['hydra:totalItems'];
        expect(body['hydra:totalItems']).toBe(total);
        seen.push(...body['hydra:member'].map((p) => p.code));
        url = body['hydra:view']['hydra:next'];
      }
      expect(seen).toEqual(expected);
      expect(total).toBe(expected.length);
    }
  });

  it('refuses a cursor that is not one with 400 and names the field', async () => {
    for (const after of ['nonsense', 'AAAA', Buffer.from('12.x').toString('base64url')]) {
      const res = await t.app.inject({ url: `${base}/products?after=${after}` });
      expect(res.statusCode, after).toBe(400);
      expect(JSON.stringify(res.json())).toContain('after');
    }
  });

  it('a cursor reads back as written', () => {
    const c = { createdAtMicros: 1_795_953_600_123_456n, id: 42 };
    expect(decodeListCursor(encodeListCursor(c))).toEqual(c);
    expect(decodeListCursor('')).toBeNull();
  });

  it('totals: kept for the catalogue, a category and a creator; counted otherwise (capped)', async () => {
    const total = async (query: string) =>
      (
        await t.app.inject({
          url: `${base}/products?itemsPerPage=1${query}`,
          headers: { accept: 'application/ld+json' },
        })
      ).json()['hydra:totalItems'];
    const count = async (query: string) =>
      (
        (
          await t.app.inject({
            url: `${base}/products?itemsPerPage=100${query}`,
            headers: { accept: 'application/json' },
          })
        ).json() as unknown[]
      ).length;
    for (const q of [
      '',
      '&taxon.code=collectibles',
      '&taxon.code=collectibles_art',
      '&taxon.code[]=collectibles_art&taxon.code[]=bonds',
      '&price[lte]=100000000',
      '&name=wald',
      '&taxon.code=nothing_like_this',
    ]) {
      expect(await total(q), q).toBe(await count(q));
    }
  });
});

describe('a filtered list longer than the cap', () => {
  it('counts to one more than the cap; the catalogue and a category stay exact', async () => {
    await t.app.db.transaction(async (tx) => {
      await withListingsRefreshedOnce(tx, async () => {
        await tx.execute(sql`insert into products (code, enabled, main_taxon_id, created_at, updated_at)
          select 'MANY_' || g, true, (select id from taxons where code = 'collectibles_music'), now(), now()
          from generate_series(1, ${listTotalCap + 5}) g`);
        await tx.execute(sql`insert into product_variants (code, product_id, position, enabled, total_supply, on_hand, on_hold, tracked)
          select code, id, 0, true, 5, 5, 0, true from products where code like 'MANY_%'`);
        await tx.execute(sql`insert into channel_pricings (variant_id, channel_code, price)
          select v.id, 'token', 777 from product_variants v where v.code like 'MANY_%'`);
      });
    });
    const total = async (query: string) =>
      (
        await t.app.inject({
          url: `${base}/products?itemsPerPage=1${query}`,
          headers: { accept: 'application/ld+json' },
        })
      ).json()['hydra:totalItems'];
    expect(await total('&price[lte]=777&price[gte]=777')).toBe(listTotalCap + 1);
    const [{ n } = { n: 0 }] = await rawRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from product_listings where listed`,
    );
    expect(await total('')).toBe(n);
    expect(await total('&taxon.code=collectibles_music')).toBeGreaterThan(listTotalCap + 5);
    await expectCurrent();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two transactions changing one product', () => {
  it('keep both changes in the listing (neither overwrites the other)', async () => {
    const seeded = await seedProduct(t.app.db, {
      translations: { de: { name: 'Parallel A' } },
      variant: { price: 1_000 },
    });
    const url = process.env.TEST_DATABASE_URL!;
    const dbName = (await rawRows<{ name: string }>(t.app.db, sql`select current_database() as name`))[0]!
      .name;
    const target = new URL(url);
    target.pathname = `/${dbName}`;
    const a = new pg.Client({ connectionString: target.toString() });
    const b = new pg.Client({ connectionString: target.toString() });
    await a.connect();
    await b.connect();
    try {
      await a.query('begin');
      await b.query('begin');
      await a.query(
        `update product_translations set name = 'Parallel B' where product_id = $1 and locale = 'de'`,
        [seeded.product.id],
      );
      // b's change waits for a's refresh (the product's advisory lock) and reads a's name once a commits
      const bDone = b.query(`update channel_pricings set price = 2000 where variant_id = $1`, [
        seeded.variant!.id,
      ]);
      await new Promise((r) => setTimeout(r, 200));
      await a.query('commit');
      await bDone;
      await b.query('commit');
    } finally {
      await a.end();
      await b.end();
    }
    const [row] = await rawRows<{ name: string; price: number }>(
      t.app.db,
      sql`select document->'translations'->'de'->>'name' as name, price from product_listings
        where product_id = ${seeded.product.id}`,
    );
    expect(row).toEqual({ name: 'Parallel B', price: 2000 });
    await expectCurrent();
  });
});
