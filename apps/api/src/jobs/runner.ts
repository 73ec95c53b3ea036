import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../config.ts';
import type { Database, DbHandle, Tx } from '../db/client.ts';
import { withStartupLock } from '../db/startup-lock.ts';
import { jobDuration, jobRuns, jobsHandedBack } from '../observability/metrics.ts';
import { runWithRequestId } from '../observability/request-context.ts';
import type { Partners } from '../partners/create-partners.ts';
import { runnableJobs } from './definitions.ts';
import { type EnqueueOptions, enqueueJob, requestIdOfJob, withoutJobMeta } from './enqueue.ts';
import { defaultRetry, defaultTimeoutSeconds, type JobDefinition } from './job.ts';
import type { RunnableJob } from './job-handler.ts';
import { bossExecutor, bossSchema } from './pg-boss-db.ts';

export type JobRunner = {
  /** Installs or upgrades pg-boss's schema, creates a queue per job and registers the schedules; idempotent. */
  init: () => Promise<void>;
  /** `enqueueJob` for a job this runner knows. */
  enqueue: <P>(
    db: Database | Tx,
    job: JobDefinition<P>,
    payload: P,
    opts?: EnqueueOptions,
  ) => Promise<string>;
  /** Background work: polls every queue, runs the schedules (one process per due run), maintenance. */
  start: () => Promise<void>;
  /**
   * Stops fetching, lets running jobs finish within `timeoutMs` (default `stopTimeoutMs`) and hands
   * the rest back to their queue (fetched and not started, or still running at the deadline: they run
   * again, in this process after a restart or in another one), stops pg-boss; the database stays open.
   */
  stop: (opts?: { timeoutMs?: number }) => Promise<void>;
  /** For readiness: whether the runner is polling, and when a fetch last succeeded. */
  status: () => JobRunnerStatus;
  /**
   * Tests: runs due jobs in this process until none is left; returns how many ran. `includeDelayed`
   * also runs jobs waiting for a retry or a later start, as if their time had come.
   */
  drain: (opts?: { includeDelayed?: boolean }) => Promise<number>;
};

export type JobRunnerStatus = {
  state: 'idle' | 'running' | 'stopping' | 'stopped';
  /** Epoch ms of the last successful fetch of any queue (null before the first one). */
  lastFetchAt: number | null;
  /** The last fetch's error, cleared by a successful fetch. */
  lastError: string | null;
  pollingIntervalSeconds: number;
};

type FetchedJob = PgBoss.JobWithMetadata<unknown>;

/**
 * The background job runner (decision 005): pg-boss on the application's database, PostgreSQL or
 * embedded PGlite alike, with jobs fetched `FOR UPDATE SKIP LOCKED`, so any number of processes
 * share the queues and each job runs in one of them at a time.
 */
export function createJobRunner(opts: {
  dbHandle: DbHandle;
  log: FastifyBaseLogger;
  partners: Partners;
  config: AppConfig;
  /** The jobs served; default every job of `definitions.ts`. */
  definitions?: readonly RunnableJob[];
  /** How often an idle process looks for new jobs (and due schedules); default 2 s. */
  pollingIntervalSeconds?: number;
  /** Jobs fetched per queue and round; default 5. */
  batchSize?: number;
  /** How long `stop` waits for running jobs; default 8 s (main.ts exits after 10 s). */
  stopTimeoutMs?: number;
}): JobRunner {
  const definitions = opts.definitions ?? runnableJobs;
  const known = new Map(definitions.map((d) => [d.name, d]));
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;
  const batchSize = opts.batchSize ?? 5;
  const log = opts.log;
  const executor = bossExecutor(opts.dbHandle);
  const onBossError = (err: unknown) => log.error({ err }, 'job runner: pg-boss error');

  // Installs the schema and serves fetch/complete/fail; starts no timers.
  const boss = new PgBoss({
    db: executor,
    schema: bossSchema,
    migrate: true,
    schedule: false,
    supervise: false,
  });
  boss.on('error', onBossError);
  // Created by start(): cron (one process enqueues each due run) and maintenance (expiring jobs whose
  // process died, archiving finished ones), coordinated through pg-boss's tables.
  let background: PgBoss | undefined;
  let polling: { abort: AbortController; loops: Promise<void>[] } | undefined;
  let initialising: Promise<void> | undefined;
  let state: JobRunnerStatus['state'] = 'idle';
  let lastFetchAt: number | null = null;
  let lastError: string | null = null;
  // Jobs fetched by this process and not yet finished (id -> queue): handed back on stop.
  const unfinished = new Map<string, string>();

  async function install() {
    await boss.start();
    for (const d of definitions) {
      const retry = d.retry ?? defaultRetry;
      const queue = {
        name: d.name,
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: retry.backoff,
        expireInSeconds: d.timeoutSeconds ?? defaultTimeoutSeconds,
      };
      await boss.createQueue(d.name, queue);
      // A changed policy applies to jobs enqueued from now on.
      await boss.updateQueue(d.name, queue);
      if (d.schedule) await boss.schedule(d.name, d.schedule.cron, {}, { tz: 'UTC' });
    }
    for (const s of await boss.getSchedules()) {
      if (!known.get(s.name)?.schedule) await boss.unschedule(s.name);
    }
  }

  function init() {
    // Under the start-up lock: pg-boss's queue creation deadlocks when instances start together.
    initialising ??= withStartupLock(opts.dbHandle.db, install).catch((err) => {
      initialising = undefined;
      throw err;
    });
    return initialising;
  }

  async function runJob(definition: RunnableJob, job: FetchedJob) {
    const attempt = job.retryCount + 1;
    const maxAttempts = job.retryLimit + 1;
    // The request that enqueued the job: its id goes on with the job's log lines and partner calls.
    const reqId = requestIdOfJob(job.data);
    const jobLog = log.child({ job: definition.name, jobId: job.id, attempt, ...(reqId ? { reqId } : {}) });
    const started = Date.now();
    try {
      const payload = definition.payload.parse(withoutJobMeta(job.data));
      const run = runWithRequestId(reqId, () =>
        definition.handler(
          {
            db: opts.dbHandle.db,
            partners: opts.partners,
            config: opts.config,
            log: jobLog,
            job: { id: job.id, name: definition.name, attempt, maxAttempts },
          },
          payload,
        ),
      );
      await withTimeout(run, (definition.timeoutSeconds ?? defaultTimeoutSeconds) * 1000);
      await boss.complete(definition.name, job.id);
      observeRun(definition.name, 'completed', started);
      jobLog.debug({ ms: Date.now() - started }, 'job done');
    } catch (err) {
      const isLast = attempt >= maxAttempts;
      observeRun(definition.name, isLast ? 'failed' : 'retried', started);
      jobLog[isLast ? 'error' : 'warn'](
        { err, ms: Date.now() - started, maxAttempts },
        isLast ? 'job failed on its last attempt' : 'job failed; it will be retried',
      );
      const message = err instanceof Error ? err.message : String(err);
      await boss.fail(definition.name, job.id, { message: message.slice(0, 1000) });
    } finally {
      unfinished.delete(job.id);
    }
  }

  function observeRun(queue: string, outcome: 'completed' | 'failed' | 'retried', started: number) {
    jobRuns.inc({ queue, outcome });
    jobDuration.observe({ queue, outcome }, (Date.now() - started) / 1000);
  }

  /**
   * Hands jobs this process fetched but did not finish back to their queue, as if never started (a
   * first attempt) or due for its retry now, so another process (or this one after a restart) runs
   * them at once instead of after pg-boss's expiry.
   */
  async function handBack(ids: Map<string, string>) {
    if (ids.size === 0) return;
    const q = sql.identifier(bossSchema);
    await opts.dbHandle.db.execute(sql`update ${q}.job set
        state = (case when retry_count = 0 then 'created' else 'retry' end)::${q}.job_state,
        started_on = case when retry_count = 0 then null else started_on end,
        retry_count = greatest(retry_count - 1, 0),
        start_after = now()
      where id = any(${`{${[...ids.keys()].join(',')}}`}::uuid[]) and state = 'active'`);
    for (const queue of ids.values()) jobsHandedBack.inc({ queue });
    log.warn({ jobs: [...ids.keys()] }, 'job runner stopping: unfinished jobs handed back to their queues');
  }

  /** Fetches up to one batch of this queue's due jobs and runs them one after another. */
  async function runBatch(definition: RunnableJob, includeDelayed: boolean) {
    const jobs = (await boss.fetch(definition.name, {
      batchSize,
      includeMetadata: true,
      ignoreStartAfter: includeDelayed,
    })) as FetchedJob[];
    lastFetchAt = Date.now();
    lastError = null;
    for (const job of jobs) unfinished.set(job.id, definition.name);
    for (const job of jobs) {
      // Stopping: the rest of the batch is handed back instead of started.
      if (state === 'stopping') break;
      await runJob(definition, job);
    }
    return jobs.length;
  }

  async function poll(definition: RunnableJob, signal: AbortSignal) {
    while (!signal.aborted) {
      let ran = 0;
      try {
        ran = await runBatch(definition, false);
      } catch (err) {
        lastError = err instanceof Error ? err.message : String(err);
        log.error({ err, job: definition.name }, 'job runner: polling failed');
      }
      if (ran === 0) await sleep(pollingIntervalSeconds * 1000, undefined, { signal }).catch(() => {});
    }
  }

  return {
    init,

    status: () => ({ state, lastFetchAt, lastError, pollingIntervalSeconds }),

    async enqueue(db, job, payload, enqueueOpts) {
      if (!known.has(job.name)) throw new Error(`unknown job ${job.name}`);
      return enqueueJob(db, job, payload, enqueueOpts);
    },

    async start() {
      if (polling) return;
      await init();
      background = new PgBoss({
        db: executor,
        schema: bossSchema,
        migrate: false,
        schedule: true,
        supervise: true,
        cronWorkerIntervalSeconds: Math.max(1, Math.round(pollingIntervalSeconds)),
      });
      background.on('error', onBossError);
      await background.start();
      state = 'running';
      lastFetchAt = Date.now();
      const abort = new AbortController();
      // One listener per queue's idle sleep: more queues than Node's default warning threshold of 10.
      setMaxListeners(definitions.length + 10, abort.signal);
      polling = { abort, loops: definitions.map((d) => poll(d, abort.signal)) };
    },

    async stop(stopOpts = {}) {
      const current = polling;
      polling = undefined;
      if (current) {
        state = 'stopping';
        current.abort.abort();
        const timeout = stopOpts.timeoutMs ?? opts.stopTimeoutMs ?? 8_000;
        const waited = await Promise.race([
          Promise.all(current.loops).then(() => true),
          sleep(timeout, false, { ref: false }),
        ]);
        if (!waited) log.warn({ timeoutMs: timeout }, 'job runner stopped with jobs still running');
        // Fetched and not started, or still running at the deadline: back to the queue, to run again.
        try {
          await handBack(new Map(unfinished));
        } catch (err) {
          log.error({ err }, 'job runner: handing back unfinished jobs failed; pg-boss expires them');
        }
        unfinished.clear();
      }
      state = 'stopped';
      await background?.stop({ graceful: false, wait: true });
      background = undefined;
      if (initialising) await boss.stop({ graceful: false, wait: true });
    },

    async drain(drainOpts = {}) {
      await init();
      let total = 0;
      for (;;) {
        let ran = 0;
        for (const d of definitions) ran += await runBatch(d, drainOpts.includeDelayed ?? false);
        total += ran;
        if (ran === 0) return total;
        if (total > 10_000) throw new Error('drain: still busy after 10,000 jobs (a job enqueuing itself?)');
      }
    },
  };
}

/** Rejects when `run` takes longer than `ms`; a late outcome of `run` is then ignored, not unhandled. */
async function withTimeout(run: Promise<void>, ms: number): Promise<void> {
  const timer = new AbortController();
  const late = sleep(ms, undefined, { signal: timer.signal, ref: false }).then(() => {
    throw new Error(`job took longer than ${Math.round(ms / 1000)} s`);
  });
  late.catch(() => {});
  run.catch(() => {});
  try {
    await Promise.race([run, late]);
  } finally {
    timer.abort();
  }
}
