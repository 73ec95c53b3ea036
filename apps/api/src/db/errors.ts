/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), optionally of one constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const pg = e as { code?: string; constraint?: string; message?: string } | undefined;
  if (pg?.code !== '23505') return false;
  return !constraint || pg.constraint === constraint || Boolean(pg.message?.includes(constraint));
}
