import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

type Counter = { current: number; ttl: number };

/**
 * A fixed-window counter in PostgreSQL for @fastify/rate-limit: one atomic upsert per request,
 * so every API process behind the load balancer counts against the same window.
 */
export function pgRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;
    constructor(_options?: unknown, prefix = '') {
      this.#prefix = prefix;
    }

    incr(key: string, callback: (error: Error | null, result?: Counter) => void, timeWindow: number) {
      const id = `${this.#prefix}|${key}`;
      const windowMs = Math.max(1, Math.floor(timeWindow));
      db.execute(sql`
        insert into rate_limit_counters as c (key, count, window_started_at) values (${id}, 1, now())
        on conflict (key) do update set
          count = case when c.window_started_at + ${windowMs} * interval '1 millisecond' <= now()
            then 1 else c.count + 1 end,
          window_started_at = case when c.window_started_at + ${windowMs} * interval '1 millisecond' <= now()
            then now() else c.window_started_at end
        returning count as current,
          greatest(0, ceil(extract(epoch from
            (window_started_at + ${windowMs} * interval '1 millisecond' - now())) * 1000))::integer as ttl`)
        .then((result) => {
          const [row] = (result as unknown as { rows: Counter[] }).rows;
          callback(null, { current: Number(row?.current ?? 1), ttl: Number(row?.ttl ?? windowMs) });
          // Now and then, forget windows that ended long ago so the table stays small.
          if (Math.random() < 0.01) {
            void db
              .execute(
                sql`delete from rate_limit_counters where window_started_at < now() - interval '1 day'`,
              )
              .catch(() => {});
          }
        })
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: { method?: string | string[]; url?: string; path?: string }) {
      const method = [routeOptions.method ?? ''].flat().join(',');
      return new PgRateLimitStore(undefined, `${method} ${routeOptions.url ?? routeOptions.path ?? ''}`);
    }
  }
  return PgRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
