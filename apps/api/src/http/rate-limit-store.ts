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
          // Ended windows are deleted by the hourly purge job (jobs/purge.job.ts).
          callback(null, { current: Number(row?.current ?? 1), ttl: Number(row?.ttl ?? windowMs) });
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
