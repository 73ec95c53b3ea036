import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { accountTokens, authSessions, rateLimitCounters, refreshTokens } from '../db/schema/index.ts';
import type { JobContext } from './job-handler.ts';

type PurgeTarget = { table: PgTable; expired: SQL };

/** What the hourly purge deletes: one line per table, with the condition that makes a row expired. */
export const purgeTargets: PurgeTarget[] = [
  // Windows last minutes; a day-old one has certainly ended.
  { table: rateLimitCounters, expired: sql`${rateLimitCounters.windowStartedAt} < now() - interval '1 day'` },
  // Mailed links: kept 30 days past their end, so an old link still hears "already verified".
  { table: accountTokens, expired: sql`${accountTokens.expiresAt} < now() - interval '30 days'` },
  // No session outlives 12 hours, so a refresh token older than 13 hours can no longer be presented.
  { table: refreshTokens, expired: sql`${refreshTokens.createdAt} < now() - interval '13 hours'` },
  // Ended sessions stay 90 days: the account's sign-in history and its known devices.
  { table: authSessions, expired: sql`${authSessions.expiresAt} < now() - interval '90 days'` },
];

/** Deletes expired rows (rate-limit windows, tokens, sessions). Idempotent by nature. */
export async function handlePurge({ db, log }: JobContext): Promise<void> {
  for (const target of purgeTargets) {
    const result = (await db.delete(target.table).where(target.expired)) as unknown as {
      rowCount?: number | null;
      affectedRows?: number;
    };
    const deleted = result.rowCount ?? result.affectedRows ?? 0;
    if (deleted > 0) log.info({ table: getTableName(target.table), deleted }, 'purged expired rows');
  }
}
