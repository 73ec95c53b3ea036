import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Partners } from '../partners/create-partners.ts';
import type { JobDefinition } from './job.ts';

/** What a handler gets besides its payload. */
export type JobContext = {
  db: Database;
  partners: Partners;
  /** The process's configuration: `config.publicUrl` is the base of every link a job mails. */
  config: AppConfig;
  log: FastifyBaseLogger;
  /** This run: `attempt` counts from 1; the last one is `attempt === maxAttempts`. */
  job: { id: string; name: string; attempt: number; maxAttempts: number };
};

/**
 * A job the runner serves: its definition with its idempotent handler. A job runs at least once
 * (a handler that throws is retried by `retry`), so a handler checks whether its work is done.
 */
export type RunnableJob<P = unknown> = JobDefinition<P> & {
  // Method syntax keeps a list of differently typed jobs assignable to RunnableJob[].
  handler(ctx: JobContext, payload: P): Promise<void>;
};

/** Joins a definition to its handler; only `definitions.ts` (and tests of the runner) call it. */
export function withHandler<P>(
  definition: JobDefinition<P>,
  handler: (ctx: JobContext, payload: P) => Promise<void>,
): RunnableJob<P> {
  return { ...definition, handler };
}
