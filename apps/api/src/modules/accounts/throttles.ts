import { AppError } from '@token/domain/errors';
import type { Database, Tx } from '../../db/client.ts';
import { incrementCounter, peekCounter, resetCounter } from '../../db/counters.ts';
import { throttled, throttleScope } from '../../observability/metrics.ts';

type Limit = { max: number; windowMs: number };
const minutes = (n: number) => n * 60_000;

/**
 * Throttles of the account flows, counted in PostgreSQL so they hold across API processes.
 * Failed logins count per account and per IP; mailed links per address and per IP.
 */
export const accountLimits = {
  loginFailuresPerAccount: { max: 10, windowMs: minutes(15) },
  loginFailuresPerIp: { max: 50, windowMs: minutes(15) },
  signUpsPerIp: { max: 10, windowMs: minutes(60) },
  mailLinksPerAddress: { max: 3, windowMs: minutes(60) },
  mailLinksPerIp: { max: 20, windowMs: minutes(60) },
} as const satisfies Record<string, Limit>;

/** The 429 of a throttle; `scope` names what was throttled for /metrics (`throttled_total`). */
export function tooManyRequests(retryAfterMs: number, scope = 'other'): AppError {
  throttled.inc({ scope });
  return new AppError('too_many_requests', {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

/** Refuses with 429 when `key` has reached its limit, without counting. */
export async function assertBelowLimit(db: Database | Tx, key: string, limit: Limit): Promise<void> {
  const state = await peekCounter(db, key, limit.windowMs);
  if (state.count >= limit.max) throw tooManyRequests(state.retryAfterMs, throttleScope(key));
}

/** Counts one attempt; refuses with 429 when it goes over the limit. */
export async function countAttempt(db: Database | Tx, key: string, limit: Limit): Promise<void> {
  const state = await incrementCounter(db, key, limit.windowMs);
  if (state.count > limit.max) throw tooManyRequests(state.retryAfterMs, throttleScope(key));
}

/** Counts a failure without refusing (the caller answers the failure itself). */
export async function countFailure(db: Database | Tx, key: string, limit: Limit): Promise<void> {
  await incrementCounter(db, key, limit.windowMs);
}

export { resetCounter };
