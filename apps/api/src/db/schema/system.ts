import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit windows shared by every API process (ARCHITECTURE: nothing in process memory that a
 * second process would need). One row per route and client key.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  count: integer().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
});
