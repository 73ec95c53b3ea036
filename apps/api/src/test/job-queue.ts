import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bossSchema } from '../jobs/pg-boss-db.ts';

export type QueuedJob = {
  id: string;
  data: Record<string, unknown>;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  /** Seconds until the job is due (negative: overdue). */
  dueInSeconds: number;
  /** Seconds from the start of its last attempt until it is due: at least the retry's back-off. */
  dueAfterStartSeconds: number | null;
};

/** A queue's jobs as pg-boss stores them, oldest first: for tests of retries and back-off. */
export async function listQueuedJobs(db: Database, name: string): Promise<QueuedJob[]> {
  const result = await db.execute(sql`
    select id::text, data, state::text, retry_count as "retryCount",
      extract(epoch from start_after - now())::float8 as "dueInSeconds",
      extract(epoch from start_after - started_on)::float8 as "dueAfterStartSeconds"
    from ${sql.identifier(bossSchema)}.job where name = ${name} order by created_on, id`);
  return (result as unknown as { rows: QueuedJob[] }).rows;
}

/** Lets a job's waiting time pass: it is due now. */
export async function makeJobDue(db: Database, id: string): Promise<void> {
  // A millisecond back: pg-boss fetches `start_after < now()`, and PGlite's clock ticks in milliseconds.
  await db.execute(
    sql`update ${sql.identifier(bossSchema)}.job set start_after = now() - interval '1 millisecond'
      where id = ${id}::uuid`,
  );
}
