import pg from 'pg';

/** The advisory lock key of start-up work (migrations, the first seeding): any fixed bigint of ours. */
const startupLockKey = 7_290_431_001;

/**
 * Runs `fn` while this process holds the database's start-up lock, so instances started together on
 * one PostgreSQL database migrate and seed one after another instead of racing (the second finds the
 * work done). The lock is a session-level advisory lock on a connection of its own, outside the pool
 * (a pool of one would otherwise wait for itself); closing that connection releases it, also when
 * the process dies. PGlite serves one process only: no lock.
 */
export async function withStartupLock<T>(db: object, fn: () => Promise<T>): Promise<T> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return fn();
  const client = new pg.Client(pool.options);
  client.on('error', () => {}); // a lost lock connection surfaces through fn's own queries
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [startupLockKey]);
    return await fn();
  } finally {
    await client.end().catch(() => {});
  }
}
