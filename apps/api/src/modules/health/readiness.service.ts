import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type DbHandle, rawRows } from '../../db/client.ts';
import type { JobRunnerStatus } from '../../jobs/runner.ts';

/** What readiness looks at besides the database: the job runner and whether shutdown has begun. */
export type ReadinessSources = {
  /** The process's job runner; absent where the process runs no jobs (API tests). */
  jobs?: { status: () => JobRunnerStatus } | undefined;
  isShuttingDown: () => boolean;
};

export type Readiness = {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; jobs: boolean | null; shuttingDown: boolean };
  /** Why the instance is not ready, one short phrase each (empty when ready). */
  reasons: string[];
};

const journalFile = join(dirname(fileURLToPath(import.meta.url)), '../../db/migrations/meta/_journal.json');

/** The newest migration this code ships (drizzle records it by the journal entry's `when`). */
const newestMigrationMillis = Math.max(
  ...(JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] }).entries.map(
    (e) => e.when,
  ),
);

/**
 * Whether this instance should receive traffic (decision 027): the database answers, every
 * migration this code ships is applied, the job runner is fetching, and shutdown has not begun.
 * A load balancer takes an instance that is not ready out of rotation.
 */
export async function checkReadiness(opts: { handle: DbHandle } & ReadinessSources): Promise<Readiness> {
  const reasons: string[] = [];
  const shuttingDown = opts.isShuttingDown();
  if (shuttingDown) reasons.push('shutting down');

  let database = false;
  let migrations = false;
  try {
    await opts.handle.ping();
    database = true;
    const [last] = await rawRows<{ at: number | string | null }>(
      opts.handle.db,
      sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
    );
    migrations = Number(last?.at ?? 0) >= newestMigrationMillis;
    if (!migrations) reasons.push('database migrations pending');
  } catch {
    reasons.push(database ? 'database migrations unreadable' : 'database unreachable');
  }

  let jobs: boolean | null = null;
  if (opts.jobs) {
    const s = opts.jobs.status();
    // Fetches run every polling interval (sooner when busy); a few missed ones mean it is stuck.
    const staleAfterMs = Math.max(30_000, s.pollingIntervalSeconds * 5_000);
    const fresh = s.lastFetchAt !== null && Date.now() - s.lastFetchAt < staleAfterMs;
    jobs = s.state === 'running' && fresh;
    if (s.state !== 'running') reasons.push(`job runner ${s.state}`);
    else if (!fresh) reasons.push(`job runner not fetching${s.lastError ? `: ${s.lastError}` : ''}`);
  }

  return {
    ready: reasons.length === 0,
    checks: { database, migrations, jobs, shuttingDown },
    reasons,
  };
}
