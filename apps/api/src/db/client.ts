import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { installProductListings } from '../modules/catalog/product-listings.ts';
import { dbPoolAcquire, dbPoolErrors } from '../observability/metrics.ts';
import { withStartupLock } from './startup-lock.ts';

/**
 * The database handle. Built without drizzle's relational schema: the code uses the query builder
 * only, and a schema makes every transaction build a relational query builder per table (decision
 * 011, Measured: about 3 % of the API's CPU per order call).
 */
export type Database = ReturnType<typeof drizzlePg>;
/** A transaction handle; services accept `Database | Tx` where they may run inside one. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a service or seed factory takes as `db`: the database, or the transaction it runs in. */
export type Db = Database | Tx;

/** Runs raw SQL on either driver and answers its rows (pg and PGlite both answer `{ rows }`). */
export async function rawRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

export type DbHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** A raw round trip for health checks and the bench ceiling. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

// PostgreSQL returns bigint/numeric as strings by default; counts and sums of cents fit in JS numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * A transaction runs on one pooled client, and a service may start several of its reads at once
 * (`Promise.all`) inside the caller's transaction. pg runs a client's queries one after another
 * anyway, but queueing them inside pg is deprecated (pg 9 refuses it): this chains the promise-style
 * queries of one client here, in call order, so each starts when the previous one has finished.
 * Callback and submittable queries (the pool's own `pool.query`, cursors) pass straight through.
 */
export function queueQueriesInOrder(client: pg.ClientBase): void {
  // Looked up at each call, not bound once: whatever wraps `Client.prototype.query` later (the tests
  // that count statements at the driver) still sees every query.
  const own = Object.hasOwn(client, 'query') ? client.query : null;
  const query = (...args: unknown[]) =>
    ((own ?? Object.getPrototypeOf(client).query) as (...a: unknown[]) => Promise<unknown>).apply(
      client,
      args,
    );
  let previous: Promise<unknown> = Promise.resolve();
  const queued = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') return query(...args);
    const run = previous.then(() => query(...args));
    previous = run.catch(() => undefined);
    return run;
  };
  client.query = queued as typeof client.query;
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (or in memory for `memory://`). */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // The server gone (restarting, unreachable): a request waits this long for a connection, then
      // answers 503 (http/errors.ts) instead of hanging; the pool reconnects by itself afterwards.
      connectionTimeoutMillis: 5_000,
    });
    // A connection's error (PostgreSQL restarted, its backend terminated) must not crash the process,
    // whether the client is idle in the pool (the pool's 'error') or checked out between two queries of
    // a transaction (its own 'error', else unhandled): the query in hand fails (503), the pool drops
    // the dead client and opens a new one on the next query (decision 027).
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => dbPoolErrors.inc());
      queueQueriesInOrder(client);
    });
    timePoolAcquire(pool);
    const db = drizzlePg(pool, { casing: 'snake_case' }) as Database;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  // The contrib extensions the search migration creates (PostgreSQL ships them as contrib).
  const extensions = { pg_trgm, unaccent };
  let client: PGlite;
  if (dataDir === 'memory://') {
    client = new PGlite({ extensions });
  } else {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** `db_pool_acquire_seconds`: how long each query and transaction waited for a pool connection. */
function timePoolAcquire(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    cb?: (...a: unknown[]) => void,
  ) => Promise<pg.PoolClient> | undefined;
  (pool as { connect: unknown }).connect = (cb?: (...a: unknown[]) => void) => {
    const end = dbPoolAcquire.startTimer();
    if (typeof cb === 'function') {
      return connect((...args: unknown[]) => {
        end();
        cb(...args);
      });
    }
    return connect()!.finally(end);
  };
}

/**
 * Applies the committed migrations; identical SQL on PGlite and PostgreSQL. Under the start-up lock:
 * instances started together on one database migrate one after another (the others find it done).
 */
export function migrateDatabase(handle: DbHandle): Promise<void> {
  return withStartupLock(handle.db, () => applyMigrations(handle));
}

async function applyMigrations(handle: DbHandle): Promise<void> {
  if (handle.kind === 'postgres') {
    await migratePg(handle.db, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite migrator wants its own driver type
    await migratePglite(handle.db as any, { migrationsFolder });
  }
  // the catalogue's read model: its triggers and functions come from the product document's definition
  await installProductListings(handle.db);
}
