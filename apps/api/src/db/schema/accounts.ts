import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * Mailed one-time tokens: e-mail verification (24 h), password reset (1 h), e-mail change. Only the
 * SHA-256 of the token is stored; a token works once (`usedAt`).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verify_email', 'reset_password', 'change_email'] }).notNull(),
    tokenHash: text().notNull().unique(),
    /** The address an e-mail change moves to. */
    newEmail: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.customerId, t.purpose), index().on(t.expiresAt)],
);

/**
 * A login session = one refresh-token family (RFC 9700). It ends 30 minutes after its last use and
 * 12 hours after the login at the latest, or when revoked (logout, password change, token reuse).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    ip: text(),
    userAgent: text(),
    /** SHA-256 of the user agent: a sign-in from a device never seen before is mailed. */
    deviceHash: text(),
    /**
     * The login that opened the session passed a second factor (TOTP or recovery code). Operator
     * calls need it: a session opened before two-factor was enabled does not count. Refreshing keeps it.
     */
    secondFactorPassed: boolean().notNull().default(false),
  },
  (t) => [index().on(t.customerId, t.revokedAt), index().on(t.expiresAt)],
);

/** Refresh tokens of a session; each works once, a second use revokes the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.sessionId)],
);

/** Two-factor recovery codes: ten per enabling, shown once, stored hashed, each usable once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.customerId)],
);
