import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client.ts';
import { incrementCounter } from '../db/counters.ts';

type Counter = { current: number; ttl: number };

/**
 * @fastify/rate-limit on the fixed-window counters in PostgreSQL (db/counters.ts): one atomic upsert
 * per request, so every API process behind the load balancer counts against the same window.
 */
export function pgRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;
    constructor(_options?: unknown, prefix = '') {
      this.#prefix = prefix;
    }

    incr(key: string, callback: (error: Error | null, result?: Counter) => void, timeWindow: number) {
      const id = `${this.#prefix}|${key}`;
      incrementCounter(db, id, timeWindow)
        .then(({ count, retryAfterMs }) => {
          // Ended windows are deleted by the hourly purge job (jobs/purge.job.ts).
          callback(null, { current: count, ttl: retryAfterMs });
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
