import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's event metrics (decision 027): counted where things happen (HTTP hooks, the job
 * runner, the partner wrapper, the login service), read by `/metrics` together with the state
 * gauges that each app collects at scrape time (`state-metrics.ts`). One registry per process:
 * counters are about this process, as Prometheus expects of a scrape target.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from receiving a request to sending its answer, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: latencyBuckets,
  registers: [processRegistry],
});

export const httpRequestsInFlight = new Gauge({
  name: 'http_requests_in_flight',
  help: 'Requests received and not yet answered',
  registers: [processRegistry],
});

export const httpErrors = new Counter({
  name: 'http_errors_total',
  help: 'Error answers (problem+json), by method, route pattern, status and machine code',
  labelNames: ['method', 'route', 'status', 'code'] as const,
  registers: [processRegistry],
});

export const dbPoolAcquire = new Histogram({
  name: 'db_pool_acquire_seconds',
  help: 'Time waited for a PostgreSQL pool connection (queries and transactions)',
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
  registers: [processRegistry],
});

export const dbPoolErrors = new Counter({
  name: 'db_pool_errors_total',
  help: 'Errors of idle pooled connections (the server ended them, e.g. a PostgreSQL restart)',
  registers: [processRegistry],
});

export const jobRuns = new Counter({
  name: 'jobs_runs_total',
  help: 'Job attempts run by this process, by queue and outcome (completed, retried, failed = last attempt)',
  labelNames: ['queue', 'outcome'] as const,
  registers: [processRegistry],
});

export const jobDuration = new Histogram({
  name: 'job_duration_seconds',
  help: 'Duration of job attempts, by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
  registers: [processRegistry],
});

export const jobsHandedBack = new Counter({
  name: 'jobs_handed_back_total',
  help: 'Jobs fetched but not finished when the runner stopped, returned to their queue',
  labelNames: ['queue'] as const,
  registers: [processRegistry],
});

export const partnerCallDuration = new Histogram({
  name: 'partner_call_duration_seconds',
  help: 'Calls to partners (mail, storage, KYC, custody, bank, card, registrar, rates), by partner, operation and outcome',
  labelNames: ['partner', 'operation', 'outcome'] as const,
  buckets: latencyBuckets,
  registers: [processRegistry],
});

export const partnerCallFailures = new Counter({
  name: 'partner_call_failures_total',
  help: 'Partner calls that threw, by partner and operation',
  labelNames: ['partner', 'operation'] as const,
  registers: [processRegistry],
});

export const loginFailures = new Counter({
  name: 'login_failures_total',
  help: 'Refused logins, by reason (bad_credentials, two_factor_invalid)',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});

export const throttled = new Counter({
  name: 'throttled_total',
  help: 'Attempts refused by a throttle (429), by what was throttled (login-fail, signup, mail-link, ...)',
  labelNames: ['scope'] as const,
  registers: [processRegistry],
});

/** A throttle key's first part (`login-fail|ip|…` -> `login-fail`): a label that never names a person. */
export function throttleScope(key: string): string {
  return key.split(/[|:]/, 1)[0] || 'other';
}
