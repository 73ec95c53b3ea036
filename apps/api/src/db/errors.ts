/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), optionally of one constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const pg = e as { code?: string; constraint?: string; message?: string } | undefined;
  if (pg?.code !== '23505') return false;
  return !constraint || pg.constraint === constraint || Boolean(pg.message?.includes(constraint));
}

// SQLSTATE classes and codes that mean "the database is not there right now", not "this query is wrong":
// 08 connection exception, 57P01-57P03 admin/crash shutdown and "cannot connect now" (starting up),
// 53300 too many connections.
const unavailableStates = /^(08...|57P0[1-3]|53300)$/;
const unavailableNetCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
const unavailableMessages =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

/**
 * Whether an error (or one it wraps: drizzle wraps the driver's) says the database cannot be reached:
 * PostgreSQL restarting, its backend terminated, the pool unable to connect in time. Such a request
 * answers 503 and the next one may succeed; the pool reconnects by itself (decision 027).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; message?: unknown };
    if (typeof x.code === 'string' && (unavailableStates.test(x.code) || unavailableNetCodes.has(x.code))) {
      return true;
    }
    if (typeof x.message === 'string' && unavailableMessages.test(x.message)) return true;
  }
  return false;
}
