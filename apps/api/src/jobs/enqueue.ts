import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/client.ts';
import { currentRequestId } from '../observability/request-context.ts';
import type { JobDefinition } from './job.ts';
import { bossSchema, drizzleExecutor } from './pg-boss-db.ts';

// Only builds pg-boss's insert statement, which each call runs on its own handle; this instance
// never connects, polls or keeps state.
const statements = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error('enqueueJob runs on the handle it is given')) },
  schema: bossSchema,
  migrate: false,
  schedule: false,
  supervise: false,
});

/**
 * Where a job's data carries what is not payload: the id of the request that enqueued it (decision
 * 027). The runner takes it off before the payload schema sees the data; jobs without it run as before.
 */
const metaKey = '__meta';

/** The request id a job's data carries, if any. */
export function requestIdOfJob(data: unknown): string | undefined {
  const meta = (data as Record<string, unknown> | null)?.[metaKey] as { reqId?: unknown } | undefined;
  return typeof meta?.reqId === 'string' ? meta.reqId : undefined;
}

/** A job's data without the runner's metadata: what the payload schema parses. */
export function withoutJobMeta(data: unknown): unknown {
  if (!data || typeof data !== 'object' || !(metaKey in data)) return data;
  const { [metaKey]: _meta, ...payload } = data as Record<string, unknown>;
  return payload;
}

export type EnqueueOptions = {
  /** Run no earlier than this moment, or this many seconds from now (database clock). */
  startAfter?: Date | number;
};

/**
 * Adds a job on the caller's handle: inside `db.transaction(async (tx) => enqueueJob(tx, ...))` the
 * job exists exactly when the change that causes it commits (ARCHITECTURE 5, outbox style).
 * Needs no running job runner, only the job's queue (created by `JobRunner.init`). Returns the job id.
 */
export async function enqueueJob<P>(
  db: Database | Tx,
  job: JobDefinition<P>,
  payload: P,
  opts: EnqueueOptions = {},
): Promise<string> {
  const parsed = job.payload.parse(payload) as object;
  const reqId = currentRequestId();
  const data = reqId ? { ...parsed, [metaKey]: { reqId } } : parsed;
  const id = randomUUID();
  const { startAfter } = opts;
  let inserted = 0;
  await statements.insert(
    [
      {
        id,
        name: job.name,
        data,
        // pg-boss fetches jobs with `start_after < now()`, and PGlite's clock ticks in milliseconds: a
        // job due "now" is written a millisecond earlier, so a fetch in the same tick finds it.
        startAfter:
          startAfter instanceof Date
            ? startAfter
            : startAfter && startAfter > 0
              ? `${startAfter} seconds`
              : '-1 milliseconds',
      },
    ],
    {
      db: drizzleExecutor(db, (n) => {
        inserted = n;
      }),
    },
  );
  // pg-boss's insert joins the queue table and silently inserts nothing for an unknown queue.
  if (inserted !== 1) {
    throw new Error(`job ${job.name} was not enqueued: no such queue (was the job runner initialised?)`);
  }
  return id;
}

/** pg-boss's insert statement and its parameters, as `statements.insert` sends them (read once). */
const bossInsert = (() => {
  let captured: { text: string; values: unknown[] } | null = null;
  void statements.insert([], {
    db: {
      executeSql: async (text, values = []) => {
        captured = { text, values };
        return { rows: [] };
      },
    },
  });
  if (!captured) throw new Error('pg-boss did not build its insert statement synchronously');
  return captured as { text: string; values: unknown[] };
})();

/**
 * pg-boss's insert of jobs of `job` as SQL that runs inside another statement (a data-modifying CTE,
 * `returning id`), so that a write and the job it causes cost one round trip: `data` is an SQL
 * expression of one payload as json, evaluated per row of `from` (an earlier CTE's name), e.g.
 * `json_build_object('instructionId', i.id)` from `instruction i`. No row, no job. The payload is not
 * checked by the job's schema here: the caller's test runs the job.
 */
export function jobInsertSql<P>(job: JobDefinition<P>, rows: { from: SQL; data: SQL }): SQL {
  const reqId = currentRequestId();
  const data = reqId
    ? sql`((${rows.data})::jsonb || jsonb_build_object(${metaKey}::text, jsonb_build_object('reqId', ${reqId}::text)))`
    : rows.data;
  const jobs = sql`(select json_agg(json_build_object('name', ${job.name}::text, 'data', ${data},
    'startAfter', '-1 milliseconds')) from ${rows.from})`;
  const parts = bossInsert.text.trim().split(/\$(\d+)/);
  const query = sql.empty();
  parts.forEach((part, i) => {
    if (i % 2 === 0) query.append(sql.raw(part));
    else if (part === '1') query.append(jobs);
    else query.append(sql`${bossInsert.values[Number(part) - 1] ?? null}`);
  });
  return query.append(sql` returning id`);
}
