import type { z } from 'zod';

/** Retries after a thrown error: `delaySeconds` doubles per attempt (with jitter) when `backoff`. */
export type RetryPolicy = { limit: number; delaySeconds: number; backoff: boolean };

/**
 * One kind of background work (ARCHITECTURE 5), as those who enqueue it see it: the queue's name, a
 * zod payload schema and the queue's policy. Its handler lives apart (`<name>.handler.ts`, wired in
 * `definitions.ts`), so a service or partner that enqueues never imports what the handler imports.
 */
export type JobDefinition<P = unknown> = {
  /** Queue name, `<area>.<verb>`. */
  name: string;
  payload: z.ZodType<P>;
  retry?: RetryPolicy;
  /** A run that takes longer counts as failed (and its job is retried); default 15 minutes. */
  timeoutSeconds?: number;
  /** Cron in UTC (`0 * * * *` = hourly); one process enqueues each due run, with payload `{}`. */
  schedule?: { cron: string };
};

/** Declares a job; the payload type of its handler and of `enqueueJob` follows from the schema. */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export const defaultRetry: RetryPolicy = { limit: 2, delaySeconds: 30, backoff: true };
export const defaultTimeoutSeconds = 15 * 60;

/** The payload type of a job definition. */
export type JobPayload<J> = J extends JobDefinition<infer P> ? P : never;
