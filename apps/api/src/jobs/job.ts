import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Partners } from '../partners/create-partners.ts';

/** What a handler gets besides its payload. */
export type JobContext = {
  db: Database;
  partners: Partners;
  log: FastifyBaseLogger;
  /** This run: `attempt` counts from 1; the last one is `attempt === maxAttempts`. */
  job: { id: string; name: string; attempt: number; maxAttempts: number };
};

/** Retries after a thrown error: `delaySeconds` doubles per attempt (with jitter) when `backoff`. */
export type RetryPolicy = { limit: number; delaySeconds: number; backoff: boolean };

/**
 * One kind of background work (ARCHITECTURE 5): a zod payload schema and an idempotent handler.
 * A handler that throws is retried by `retry`; a job runs at least once, so a handler must check
 * whether its work is already done.
 */
export type JobDefinition<P = unknown> = {
  /** Queue name, `<area>.<verb>`. */
  name: string;
  payload: z.ZodType<P>;
  // Method syntax keeps a list of differently typed definitions assignable to JobDefinition[].
  handler(ctx: JobContext, payload: P): Promise<void>;
  retry?: RetryPolicy;
  /** A run that takes longer counts as failed (and its job is retried); default 15 minutes. */
  timeoutSeconds?: number;
  /** Cron in UTC (`0 * * * *` = hourly); one process enqueues each due run, with payload `{}`. */
  schedule?: { cron: string };
};

/** Declares a job; the payload type of `handler` and of `enqueueJob` follows from the schema. */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export const defaultRetry: RetryPolicy = { limit: 2, delaySeconds: 30, backoff: true };
export const defaultTimeoutSeconds = 15 * 60;
