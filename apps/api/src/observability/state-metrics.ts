import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { Gauge, Registry } from 'prom-client';
import { type DbHandle, rawRows } from '../db/client.ts';
import { bossSchema } from '../jobs/pg-boss-db.ts';
import { processRegistry } from './metrics.ts';

/**
 * The gauges read at scrape time from the app's database handle (decision 027): pool use, job
 * queue depth and age (all processes' jobs: they share the queues), and the outgoing mail backlog.
 * A failed read leaves the gauge empty for that scrape rather than failing the scrape.
 */
export function createStateRegistry(handle: DbHandle): Registry {
  const registry = new Registry();
  const registers = [registry];

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state: total and idle open, waiting = callers queued for one; max = pool size (PGlite: one embedded connection)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (handle.kind === 'pglite') {
        this.set({ state: 'total' }, 1);
        this.set({ state: 'max' }, 1);
        return;
      }
      const pool = handle.db.$client as pg.Pool;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    },
  });

  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs not finished, by queue and state (created, retry = waiting for a retry, active = running)',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      const rows = await readSafely(() =>
        rawRows<{ name: string; state: string; n: number }>(
          handle.db,
          sql`select name, state::text as state, count(*)::int as n from ${sql.identifier(bossSchema)}.job
            where state in ('created', 'retry', 'active') group by name, state`,
        ),
      );
      for (const r of rows) this.set({ queue: r.name, state: r.state }, r.n);
    },
  });

  new Gauge({
    name: 'job_queue_oldest_due_seconds',
    help: 'How long the oldest due job of each queue has waited to be run (0 when none is due)',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      const rows = await readSafely(() =>
        rawRows<{ name: string; age: number }>(
          handle.db,
          sql`select name, extract(epoch from now() - min(start_after))::float8 as age
            from ${sql.identifier(bossSchema)}.job
            where state in ('created', 'retry') and start_after <= now() group by name`,
        ),
      );
      for (const r of rows) this.set({ queue: r.name }, Math.max(0, r.age));
    },
  });

  new Gauge({
    name: 'job_failed_stored',
    help: 'Jobs whose last attempt failed, still kept by pg-boss (archived after a while), by queue',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      const rows = await readSafely(() =>
        rawRows<{ name: string; n: number }>(
          handle.db,
          sql`select name, count(*)::int as n from ${sql.identifier(bossSchema)}.job
            where state = 'failed' group by name`,
        ),
      );
      for (const r of rows) this.set({ queue: r.name }, r.n);
    },
  });

  new Gauge({
    name: 'mail_outbox_backlog',
    help: 'Outgoing mails not delivered, by status (pending = awaiting delivery, sending, failed = given up)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const rows = await readSafely(() =>
        rawRows<{ status: string; n: number; age: number | null }>(
          handle.db,
          sql`select status, count(*)::int as n,
              extract(epoch from now() - min(created_at))::float8 as age
            from mail_outbox where status in ('pending', 'sending', 'failed') group by status`,
        ),
      );
      for (const status of ['pending', 'sending', 'failed']) {
        this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      }
      oldestMail.set(rows.find((r) => r.status === 'pending')?.age ?? 0);
    },
  });
  const oldestMail = new Gauge({
    name: 'mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest mail awaiting delivery (0 when none)',
    registers,
  });
  return registry;
}

/** Every metric of this app for a scrape: the process's counters and the app's state gauges. */
export async function renderMetrics(state: Registry): Promise<{ contentType: string; body: string }> {
  const merged = Registry.merge([processRegistry, state]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}

async function readSafely<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch {
    return [];
  }
}
