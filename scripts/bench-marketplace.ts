// Part of `npm run bench` (scripts/bench.mjs runs it with tsx, BENCH_ONLY=marketplace): the collectibles
// marketplace's reads at scale (issue 18), on the database of DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite).
//   load        the demo platform as `npm start` seeds it, then BENCH_PRODUCTS (1,000) collectibles in one
//               transaction of bulk INSERT ... SELECT generate_series statements (products, German and
//               English translations from generated words with a few umlauts, taxons, variants, prices,
//               one picture each): the search documents are filled by the trigger on
//               product_translations; then ANALYZE. Prints the time of each step.
//   statements  the SQL statements of each GraphQL list query (12 and 50 items), counted at the driver
//               in this process (as graphql.test.ts 'statements per list query' does).
//   reads       the real server (production) under autocannon: REST GET products (12), the GraphQL
//               products query (12, with creator and media), GraphQL with a name phrase, and GET search
//               with a common word, a rare word and a typo: req/s, p50, p99.
// Figures only; nothing here fails on a time.
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig } from '../apps/api/src/config.ts';
import { type DbHandle, migrateDatabase, openDatabase } from '../apps/api/src/db/client.ts';
import { demoAccountsFor, seedIfEmpty } from '../apps/api/src/db/seed/seed-if-empty.ts';
import { createJobRunner } from '../apps/api/src/jobs/runner.ts';
import { withListingsRefreshedOnce } from '../apps/api/src/modules/catalog/product-listings.ts';
import { encodeListCursor, listProducts } from '../apps/api/src/modules/catalog/products.service.ts';
import { searchProducts } from '../apps/api/src/modules/search/search.service.ts';
import { createPartners } from '../apps/api/src/partners/create-partners.ts';
import { buildApp } from '../apps/api/src/server.ts';
import { freePort, startServerProcess, stopServerProcess } from '../apps/api/src/test/server-process.ts';

const label = process.argv[2] ?? 'database';
const productCount = Number(process.env.BENCH_PRODUCTS ?? 1_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// issue 19's targets are p99 at 10 connections
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const appSecret = process.env.APP_SECRET ?? randomBytes(32).toString('hex');

// Generated words: names are adjective + noun (+ a second noun in the description); the rare word
// stands in the name of one product in 50,000, the common word in about one name in twelve.
const words = {
  de: {
    adjectives: [
      'Stiller',
      'Goldener',
      'Blauer',
      'Früher',
      'Später',
      'Grüner',
      'Heller',
      'Dunkler',
      'Weiter',
      'Kühler',
      'Warmer',
      'Leiser',
      'Roter',
      'Schräger',
      'Wilder',
      'Müder',
      'Klarer',
      'Offener',
    ],
    nouns: [
      'Wald',
      'Horizont',
      'Hafen',
      'Garten',
      'Fluss',
      'Morgen',
      'Abend',
      'Strand',
      'Turm',
      'Platz',
      'Himmel',
      'Klang',
      'Spiegel',
      'Bogen',
      'Straßenzug',
      'Nebel',
      'Schatten',
      'Übergang',
      'Kreis',
      'Würfel',
      'Sommer',
      'Winter',
      'Bahnhof',
      'Feldweg',
    ],
    places: ['Berlin', 'Dessau', 'Köln', 'Hamburg', 'Leipzig', 'München', 'Lübeck', 'Görlitz'],
    kinds: ['Malerei', 'Fotografie', 'Klangstück', 'Videoarbeit', 'Grafik', 'Collage'],
    rare: 'Flussuferläufer',
  },
  en: {
    adjectives: [
      'Quiet',
      'Golden',
      'Blue',
      'Early',
      'Late',
      'Green',
      'Bright',
      'Dark',
      'Wide',
      'Cool',
      'Warm',
      'Soft',
      'Red',
      'Slanted',
      'Wild',
      'Tired',
      'Clear',
      'Open',
    ],
    nouns: [
      'Forest',
      'Horizon',
      'Harbour',
      'Garden',
      'River',
      'Morning',
      'Evening',
      'Beach',
      'Tower',
      'Square',
      'Sky',
      'Sound',
      'Mirror',
      'Arch',
      'Street',
      'Fog',
      'Shadow',
      'Crossing',
      'Circle',
      'Cube',
      'Summer',
      'Winter',
      'Station',
      'Field Path',
    ],
    places: ['Berlin', 'Dessau', 'Cologne', 'Hamburg', 'Leipzig', 'Munich', 'Lübeck', 'Görlitz'],
    kinds: ['painting', 'photograph', 'sound piece', 'video work', 'print', 'collage'],
    rare: 'sandpiper',
  },
} as const;

/** The queries of the read figures: the common word is a noun of every 24th name, the typo misspells one. */
const phrases = { common: 'Wald', rare: 'Flussuferläufer', typo: 'Horizomt' } as const;

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const textArray = (xs: readonly string[]) => `array[${xs.map(literal).join(',')}]::text[]`;
/** `xs[1 + (g * prime) % n]`: a word picked by the product's number, spread over the list. */
const pick = (xs: readonly string[], prime: number) =>
  `(${textArray(xs)})[1 + ((g * ${prime}) % ${xs.length})]`;

/** The database; closing it twice is harmless (the in-process app closes it too). */
async function open(): Promise<DbHandle> {
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ?? 'memory://',
    poolSize: 4,
  });
  let closed: Promise<void> | null = null;
  const close = handle.close;
  handle.close = () => {
    closed ??= close();
    return closed;
  };
  return handle;
}

const ms = (t0: number) => `${(performance.now() - t0).toFixed(0)} ms`;

/** The demo platform, as `npm start` seeds an empty database. */
async function seedDemo(handle: DbHandle) {
  await migrateDatabase(handle);
  const config = loadConfig({ ...process.env, APP_SECRET: appSecret });
  const partners = createPartners({ config });
  const jobs = createJobRunner({ dbHandle: handle, log: pino({ level: 'silent' }), partners, config });
  await jobs.init();
  await seedIfEmpty({ db: handle.db, storage: partners.storage, demoAccounts: demoAccountsFor(config) });
  await jobs.stop();
}

/** BENCH_PRODUCTS listed collectibles (19 % VAT category) in bulk: one transaction, one statement a table. */
async function loadCollectibles(handle: DbHandle) {
  const db = handle.db;
  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    (await db.execute<T>(q)).rows[0]!;
  const taxons = await db.execute<{ id: number }>(
    sql`select id from taxons where code in ('collectibles_art', 'collectibles_music', 'collectibles_video') order by code`,
  );
  const creators = await db.execute<{ id: number }>(
    sql`select distinct creator_id as id from products where creator_id is not null order by 1`,
  );
  const tax = await one<{ id: number }>(sql`select id from tax_categories where code = 'standard'`);
  // one picture of the demo's collectibles serves every generated one (media are not what is measured)
  const picture = await one<{ id: number }>(sql`select pm.media_file_id as id from product_media_files pm
    join products p on p.id = pm.product_id join media_files m on m.id = pm.media_file_id
    where p.code = 'NFT_KIEFERNWALD_ABENDLICHT' and m.media_type = 'image' limit 1`);
  const ids = (rows: { id: number }[]) => `array[${rows.map((r) => r.id).join(',')}]::int[]`;
  const taxonIds = ids(taxons.rows);
  const creatorIds = ids(creators.rows);
  const generated = `from products p cross join lateral (select substring(p.code from 11)::int as g) n
    where p.code like 'BENCH_NFT_%'`;
  const name = (l: 'de' | 'en') =>
    `${pick(words[l].adjectives, 7)} || ' ' || ${pick(words[l].nouns, 13)}` +
    ` || case when g % 50000 = 7 then ' ' || ${literal(words[l].rare)} else '' end`;
  const description = (l: 'de' | 'en') =>
    l === 'de'
      ? `'Eine ' || ${pick(words.de.kinds, 5)} || ' aus ' || ${pick(words.de.places, 11)} || ': ' || ${pick(words.de.nouns, 17)} || ' und ' || ${pick(words.de.nouns, 19)} || ' im Wechsel des Lichts. Edition Nummer ' || g || '.'`
      : `'A ' || ${pick(words.en.kinds, 5)} || ' from ' || ${pick(words.en.places, 11)} || ': ' || ${pick(words.en.nouns, 17)} || ' and ' || ${pick(words.en.nouns, 19)} || ' in changing light. Edition number ' || g || '.'`;
  const steps: string[] = [];
  const step = async (what: string, q: string) => {
    const t0 = performance.now();
    await tx.execute(sql.raw(q));
    steps.push(`${what} ${ms(t0)}`);
  };
  let tx: Pick<typeof db, 'execute'> = db;
  const t0 = performance.now();
  await db.transaction(async (t) => {
    tx = t;
    // the catalogue's read model is refreshed once, at the end of the load
    await withListingsRefreshedOnce(t, () => loadTables(step));
  });
  async function loadTables(step: (what: string, q: string) => Promise<void>) {
    await step(
      'products',
      `insert into products (code, enabled, allow_to_buy, royalties, blockchain_name, token_id, main_taxon_id,
         creator_id, tax_category_id, created_at, updated_at)
       select 'BENCH_NFT_' || lpad(g::text, 6, '0'), true, true, g % 20, 'Polygon', (200000 + g)::text,
         (${taxonIds})[1 + g % ${taxons.rows.length}], (${creatorIds})[1 + g % ${creators.rows.length}],
         ${tax.id}, timestamptz '2026-02-01T00:00:00Z' + g * interval '1 second',
         timestamptz '2026-02-01T00:00:00Z' + g * interval '1 second'
       from generate_series(1, ${productCount}) g`,
    );
    await step(
      'translations (search documents by trigger)',
      `insert into product_translations (product_id, locale, name, slug, description, short_description)
       select p.id, 'de', ${name('de')}, 'bench-werk-' || g, ${description('de')}, ${pick(words.de.kinds, 5)} || ' aus ' || ${pick(words.de.places, 11)} ${generated}
       union all
       select p.id, 'en', ${name('en')}, 'bench-work-' || g, ${description('en')}, initcap(${pick(words.en.kinds, 5)}) || ' from ' || ${pick(words.en.places, 11)} ${generated}`,
    );
    await step(
      'taxons',
      `insert into product_taxons (product_id, taxon_id, position)
       select id, main_taxon_id, 0 from products where code like 'BENCH_NFT_%'`,
    );
    await step(
      'variants',
      `insert into product_variants (code, product_id, position, enabled, total_supply, on_hand, on_hold, tracked, created_at)
       select code, id, 0, true, 10, 10, 0, true, created_at from products where code like 'BENCH_NFT_%'`,
    );
    await step(
      'prices',
      `insert into channel_pricings (variant_id, channel_code, price)
       select v.id, 'token', 1000 + (v.product_id * 37) % 200000 from product_variants v where v.code like 'BENCH_NFT_%'`,
    );
    await step(
      'pictures',
      `insert into product_media_files (product_id, media_file_id, position)
       select id, ${picture.id}, 0 from products where code like 'BENCH_NFT_%'`,
    );
  }
  const loaded = ms(t0);
  const t1 = performance.now();
  await db.execute(sql`analyze`);
  const analyzed = ms(t1);
  const counts = await one<{ products: number; documents: number; rare: number }>(
    sql`select (select count(*)::int from products where code like 'BENCH_NFT_%') as products,
      (select count(*)::int from product_search_documents d join products p on p.id = d.product_id
        where p.code like 'BENCH_NFT_%') as documents,
      (select count(*)::int from product_translations where name like '%' || ${words.de.rare}) as rare`,
  );
  if (counts.products !== productCount || counts.documents !== 2 * productCount) {
    throw new Error(`loaded ${counts.products} products with ${counts.documents} search documents`);
  }
  process.stdout.write(
    `  loaded ${productCount} collectibles in ${loaded} (${steps.join(', ')}); ANALYZE ${analyzed}; ${counts.documents} search documents, ${counts.rare} with the rare word\n`,
  );
}

/** The GraphQL queries measured, at `n` items a page. */
const graphqlQueries = {
  products: (n: number) =>
    `{ products(itemsPerPage: ${n}) { totalCount items { code name slug creator { uuid fullName profileName mediaFiles { path } } mediaFiles { path mediaType } defaultVariant { code channelPricings } } } }`,
  phrase: (n: number) =>
    `{ products(itemsPerPage: ${n}, translatedName: "wald") { totalCount items { code name creator { uuid fullName } mediaFiles { path } } } }`,
};

/** Statements per GraphQL list query (12 and 50 items), counted at the driver, in this process. */
async function countStatements(handle: DbHandle) {
  const config = loadConfig({
    ...process.env,
    APP_SECRET: appSecret,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, db: handle, partners: createPartners({ config }), logger: false });
  let count = 0;
  const restore =
    handle.kind === 'postgres'
      ? (() => {
          const original = pg.Client.prototype.query;
          pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
            count += 1;
            return (original as (...a: unknown[]) => unknown).apply(this, args);
          } as typeof original;
          return () => {
            pg.Client.prototype.query = original;
          };
        })()
      : (() => {
          const client = handle.db.$client as unknown as PGlite;
          const original = client._runExclusiveQuery;
          client._runExclusiveQuery = function <T>(this: PGlite, fn: () => Promise<T>): Promise<T> {
            count += 1;
            return original.call(this, fn) as Promise<T>;
          };
          return () => {
            client._runExclusiveQuery = original;
          };
        })();
  try {
    const lines: string[] = [];
    for (const [name, query] of Object.entries(graphqlQueries)) {
      const counted: string[] = [];
      for (const n of [12, 50]) {
        count = 0;
        const res = await app.inject({
          method: 'POST',
          url: '/api/v2/shop/graphql',
          headers: { 'accept-language': 'de' },
          payload: { query: query(n) },
        });
        const body = res.json() as { errors?: unknown; data?: { products: { items: unknown[] } } };
        if (res.statusCode !== 200 || body.errors)
          throw new Error(`GraphQL ${name}: ${res.body.slice(0, 500)}`);
        counted.push(`${count} for ${body.data?.products.items.length} items`);
      }
      lines.push(`${name}: ${counted.join(', ')}`);
    }
    process.stdout.write(`  statements per GraphQL list query: ${lines.join('; ')}\n`);
    // each REST read once, uncached (a new URL; the cache's revision read included)
    const rest: string[] = [];
    for (const t of targets.filter((x) => !x.method && x.path.startsWith('/api/v2/shop/'))) {
      count = 0;
      const res = await app.inject({ url: `${t.path}${t.uncached?.(1) ?? ''}`, headers: t.headers });
      if (res.statusCode !== 200) throw new Error(`${t.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      rest.push(`${t.name.replace(/^(REST )?GET /, '')} ${count}`);
    }
    process.stdout.write(`  statements per REST read: ${rest.join('; ')}\n`);
  } finally {
    restore();
    await app.close();
  }
}

/**
 * The services behind the reads, called in this process one after the other (no cache, no HTTP):
 * what one uncached request costs the database. Median and slowest of `rounds` calls.
 */
async function timeServices(handle: DbHandle, rounds = 20) {
  const page = { page: 1, itemsPerPage: 12 };
  const calls: [string, () => Promise<unknown>][] = [
    ['listProducts (12)', () => listProducts({ db: handle.db, locale: 'de', page })],
    [
      'listProducts (12), name "wald"',
      () => listProducts({ db: handle.db, locale: 'de', page, filters: { name: 'wald' } }),
    ],
    ...Object.entries(phrases).map(
      ([kind, phrase]) =>
        [`searchProducts ${kind}`, () => searchProducts({ db: handle.db, locale: 'de', phrase, page })] as [
          string,
          () => Promise<unknown>,
        ],
    ),
  ];
  const out: string[] = [];
  for (const [name, call] of calls) {
    await call(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      await call();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    out.push(`${name} ${times[Math.floor(rounds / 2)]!.toFixed(1)} / ${times.at(-1)!.toFixed(1)} ms`);
  }
  process.stdout.write(
    `  services in process, uncached (median / slowest of ${rounds}): ${out.join('; ')}\n`,
  );
}

type Target = {
  name: string;
  path: string;
  method?: 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Every request a new URL (this suffix of the n-th request): the catalogue cache never hits. */
  uncached?: (n: number) => string;
};

const ld = { 'accept-language': 'de', accept: 'application/ld+json' };
const gqlTarget = (name: string, query: string): Target => ({
  name,
  path: '/api/v2/shop/graphql',
  method: 'POST',
  body: JSON.stringify({ query }),
  headers: { 'accept-language': 'de', 'content-type': 'application/json' },
});
/** A cursor into the generated products (created one a second from 2026-02-01): a new page each time. */
const cursorAt = (g: number) =>
  encodeListCursor({ createdAtMicros: BigInt(Date.parse('2026-02-01T00:00:00Z') + g * 1000) * 1000n, id: 0 });

const targets: Target[] = [
  { name: 'ceiling: GET /api/health (SELECT 1)', path: '/api/health' },
  {
    name: 'REST GET products (12), cached',
    path: '/api/v2/shop/products?page=1&itemsPerPage=12',
    headers: ld,
  },
  {
    name: 'REST GET products (12), uncached',
    path: '/api/v2/shop/products?page=1&itemsPerPage=12',
    headers: ld,
    uncached: (n) => `&price[lte]=${100_000_000 + n}`,
  },
  {
    name: 'REST GET products, a new page (after)',
    path: '/api/v2/shop/products?itemsPerPage=12',
    headers: ld,
    uncached: (n) => `&after=${cursorAt((n * 7919) % productCount)}`,
  },
  {
    name: 'REST GET products, category, uncached',
    path: '/api/v2/shop/products?itemsPerPage=12&taxon.code=collectibles_art',
    headers: ld,
    uncached: (n) => `&price[lte]=${100_000_000 + n}`,
  },
  {
    name: 'REST GET products/{code}',
    path: '/api/v2/shop/products/NFT_KIEFERNWALD_ABENDLICHT',
    headers: ld,
  },
  gqlTarget('GraphQL products (12, creator, media)', graphqlQueries.products(12)),
  gqlTarget('GraphQL products, name phrase "wald"', graphqlQueries.phrase(12)),
  ...Object.entries(phrases).map(([kind, phrase]) => ({
    name: `GET search ${kind} "${phrase}"`,
    path: `/api/v2/shop/search?phrase=${encodeURIComponent(phrase)}&itemsPerPage=12`,
    headers: ld,
  })),
];

/** The real server (production) under autocannon, one target after the other. */
async function measureReads() {
  const port = await freePort();
  const { proc } = await startServerProcess({
    port,
    env: {
      NODE_ENV: 'production',
      APP_SECRET: appSecret,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    timeoutMs: 180_000,
  });
  const base = `http://127.0.0.1:${port}`;
  let n = 0;
  try {
    const found: string[] = [];
    for (const t of targets) {
      const res = await fetch(`${base}${t.path}`, {
        method: t.method ?? 'GET',
        headers: t.headers,
        body: t.body,
      });
      const text = await res.text();
      if (!res.ok || text.includes('"errors"'))
        throw new Error(`${t.name} answered ${res.status}: ${text.slice(0, 300)}`);
      const total = /"(?:hydra:totalItems|totalCount)":(\d+)/.exec(text)?.[1];
      if (total !== undefined) found.push(`${t.name.replace(/^GET search /, '')}: ${total}`);
    }
    process.stdout.write(
      `  hits: ${found.filter((f) => f.startsWith('common') || f.startsWith('rare') || f.startsWith('typo')).join(', ')}\n`,
    );
    const run = (t: Target, duration: number) =>
      autocannon({
        url: `${base}${t.path}`,
        method: t.method ?? 'GET',
        headers: t.headers ?? {},
        ...(t.body ? { body: t.body } : {}),
        ...(t.uncached
          ? {
              requests: [
                {
                  setupRequest: (req: { path: string }) => ({
                    ...req,
                    path: `${t.path}${t.uncached?.(++n) ?? ''}`,
                  }),
                },
              ],
            }
          : {}),
        connections,
        duration,
      });
    process.stdout.write(
      `  ${'read'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'of ceiling'.padStart(10)}\n`,
    );
    let ceiling = 0;
    for (const t of targets) {
      await run(t, 2); // warm-up: JIT, pool, caches
      const r = await run(t, seconds);
      const errors = r.errors + r.non2xx;
      ceiling ||= r.requests.average;
      const share = `${((r.requests.average / ceiling) * 100).toFixed(1)} %`;
      process.stdout.write(
        `  ${t.name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(8)} ${String(r.latency.p50).padStart(7)} ${String(r.latency.p99).padStart(7)} ${share.padStart(10)}${errors ? `  (${errors} errors)` : ''}\n`,
      );
    }
  } finally {
    await stopServerProcess(proc);
  }
}

async function main() {
  process.stdout.write(
    `\n━━ marketplace, ${label}, ${productCount} collectibles (${connections} connections, ${seconds} s each)\n`,
  );
  const handle = await open();
  try {
    const t0 = performance.now();
    await seedDemo(handle);
    process.stdout.write(`  demo platform seeded in ${ms(t0)}\n`);
    await loadCollectibles(handle);
    await timeServices(handle);
    await countStatements(handle);
  } finally {
    await handle.close();
  }
  await measureReads();
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`${(e instanceof Error ? (e.stack ?? e.message) : String(e)).slice(0, 3000)}\n`);
    process.exit(1);
  },
);
