import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client.ts';
import { preparedSql } from './prepared.ts';

/** A fixed window's count and the milliseconds until it ends. */
export type CounterState = { count: number; retryAfterMs: number };

/**
 * Counts one event under `key` in a fixed window, atomically in PostgreSQL (`rate_limit_counters`),
 * so every API process shares the count. Returns the count including this event.
 */
export async function incrementCounter(
  db: Database | Tx,
  key: string,
  windowMs: number,
): Promise<CounterState> {
  const ms = Math.max(1, Math.floor(windowMs));
  const [row] = await counterIncremented(db).execute({ key, ms });
  return { count: Number(row?.count ?? 1), retryAfterMs: Number(row?.retryAfterMs ?? ms) };
}

// Prepared: it runs on every rate-limited request (decision 011).
const counterIncremented = preparedSql<{ count: number; retryAfterMs: number }>('counter_incremented', () => {
  const ends = sql`c.window_started_at + ${sql.placeholder('ms')}::int * interval '1 millisecond'`;
  return sql`
    insert into rate_limit_counters as c (key, count, window_started_at)
    values (${sql.placeholder('key')}::text, 1, now())
    on conflict (key) do update set
      count = case when ${ends} <= now() then 1 else c.count + 1 end,
      window_started_at = case when ${ends} <= now() then now() else c.window_started_at end
    returning count,
      greatest(0, ceil(extract(epoch from (${ends} - now())) * 1000))::integer as "retryAfterMs"`;
});

/** The current count under `key` without counting (0 once its window has ended). */
export async function peekCounter(db: Database | Tx, key: string, windowMs: number): Promise<CounterState> {
  const ms = Math.max(1, Math.floor(windowMs));
  const result = await db.execute(sql`
    select count,
      greatest(0, ceil(extract(epoch from
        (window_started_at + ${ms} * interval '1 millisecond' - now())) * 1000))::integer as retry_after_ms
    from rate_limit_counters
    where key = ${key} and window_started_at + ${ms} * interval '1 millisecond' > now()`);
  const [row] = (result as unknown as { rows: { count: number; retry_after_ms: number }[] }).rows;
  return row
    ? { count: Number(row.count), retryAfterMs: Number(row.retry_after_ms) }
    : { count: 0, retryAfterMs: 0 };
}

/** Forgets a count (a successful login clears its failures). */
export async function resetCounter(db: Database | Tx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
}
