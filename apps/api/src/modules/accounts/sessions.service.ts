import {
  isSessionActive,
  type SessionView,
  sessionIdleTimeoutMs,
  sessionMaxLifetimeMs,
} from '@token/domain/accounts';
import { AppError, notFound } from '@token/domain/errors';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken, randomToken } from '../../crypto/secrets.ts';
import type { Database, Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { authSessions, customers, refreshTokens } from '../../db/schema/index.ts';
import type { AccessTokens } from './access-tokens.ts';
import { describeDevice, deviceHash } from './devices.ts';

/** What a login or refresh hands the client (POST authentication-token, POST token/refresh). */
export type IssuedTokens = {
  token: string;
  refreshToken: string;
  expiresAt: Date;
  customerUuid: string;
  sessionId: string;
};

export type Client = { ip: string | null; userAgent: string | null };

/**
 * Opens a session (one refresh-token family) for a customer who has just proven who they are;
 * `secondFactorPassed` records whether that proof included a TOTP or recovery code (operators need it).
 */
export async function openSession(opts: {
  db: Database | Tx;
  tokens: AccessTokens;
  customer: { id: number; uuid: string };
  client: Client;
  secondFactorPassed: boolean;
  now?: Date;
}): Promise<IssuedTokens & { isNewDevice: boolean }> {
  const now = opts.now ?? new Date();
  const device = deviceHash(opts.client.userAgent);
  const [known] = await opts.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.customerId, opts.customer.id), eq(authSessions.deviceHash, device)))
    .limit(1);
  const [anyBefore] = known
    ? [known]
    : await opts.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.customerId, opts.customer.id))
        .limit(1);
  const [session] = await opts.db
    .insert(authSessions)
    .values({
      customerId: opts.customer.id,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + sessionMaxLifetimeMs),
      ip: opts.client.ip?.slice(0, 64) ?? null,
      userAgent: opts.client.userAgent?.slice(0, 400) ?? null,
      deviceHash: device,
      secondFactorPassed: opts.secondFactorPassed,
    })
    .returning({ id: authSessions.id });
  const refreshToken = randomToken();
  await opts.db
    .insert(refreshTokens)
    .values({ sessionId: session!.id, tokenHash: hashToken(refreshToken), createdAt: now });
  const access = await opts.tokens.sign({ customerUuid: opts.customer.uuid, sessionId: session!.id }, now);
  return {
    token: access.token,
    expiresAt: access.expiresAt,
    refreshToken,
    customerUuid: opts.customer.uuid,
    sessionId: session!.id,
    // The very first login is no "new device"; a later one from an unseen browser is.
    isNewDevice: !known && Boolean(anyBefore),
  };
}

/**
 * Rotates a refresh token: each works once. Presenting one that was already used revokes its whole
 * session (RFC 9700 §4.14.2 reuse detection), since either the client or an attacker holds a copy.
 */
export async function refreshSession(opts: {
  db: Database;
  tokens: AccessTokens;
  refreshToken: string;
  now?: Date;
}): Promise<IssuedTokens> {
  const now = opts.now ?? new Date();
  const hash = hashToken(opts.refreshToken);
  const outcome = await opts.db.transaction(async (tx) => {
    // The conditional update is the lock: of concurrent presentations exactly one gets the row.
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (!claimed) {
      const [seen] = await tx
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hash));
      if (seen) {
        await tx
          .update(authSessions)
          .set({ revokedAt: now, revokedReason: 'refresh_token_reuse' })
          .where(and(eq(authSessions.id, seen.sessionId), isNull(authSessions.revokedAt)));
      }
      return null;
    }
    const [row] = await tx
      .select({ session: authSessions, customerUuid: customers.uuid })
      .from(authSessions)
      .innerJoin(customers, eq(customers.id, authSessions.customerId))
      .where(eq(authSessions.id, claimed.sessionId));
    if (!row || !isSessionActive(row.session, now)) return null;
    await tx.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, row.session.id));
    const refreshToken = randomToken();
    await tx
      .insert(refreshTokens)
      .values({ sessionId: row.session.id, tokenHash: hashToken(refreshToken), createdAt: now });
    return { refreshToken, customerUuid: row.customerUuid, sessionId: row.session.id };
  });
  if (!outcome) throw new AppError('refresh_token_invalid');
  const access = await opts.tokens.sign(
    { customerUuid: outcome.customerUuid, sessionId: outcome.sessionId },
    now,
  );
  return { ...outcome, token: access.token, expiresAt: access.expiresAt };
}

/** Who is behind an access token whose session is still active; null otherwise. */
export type Authenticated = {
  customerId: number;
  customerUuid: string;
  sessionId: string;
  /** The login that opened the session passed a second factor (kept by every refresh of it). */
  secondFactorPassed: boolean;
  /** What the operator guard checks (ARCHITECTURE 3), read in the same lookup. */
  email: string;
  roles: string[];
  twoFactorEnabled: boolean;
};

/** The session behind an access token and its customer: read by every authenticated request. */
const sessionOwner = prepared('session_owner', (db) =>
  db
    .select({
      customerId: customers.id,
      customerUuid: customers.uuid,
      email: customers.email,
      roles: customers.roles,
      twoFactorEnabled: customers.twoFactorEnabled,
      revokedAt: authSessions.revokedAt,
      lastUsedAt: authSessions.lastUsedAt,
      expiresAt: authSessions.expiresAt,
      secondFactorPassed: authSessions.secondFactorPassed,
    })
    .from(authSessions)
    .innerJoin(customers, eq(customers.id, authSessions.customerId))
    .where(
      and(
        eq(authSessions.id, sql.placeholder('sessionId')),
        eq(customers.uuid, sql.placeholder('customerUuid')),
      ),
    ),
);

/**
 * The customer of a session that is still active, found by the session id and the customer's uuid
 * (an access token's or an operator link's claims); null otherwise. The one session lookup of the
 * auth guard: a prepared statement, as it runs on every authenticated request.
 */
export async function findActiveSessionOwner(opts: {
  db: Database;
  sessionId: string;
  customerUuid: string;
  now?: Date;
}): Promise<(Authenticated & { lastUsedAt: Date }) | null> {
  const [row] = await sessionOwner(opts.db).execute({
    sessionId: opts.sessionId,
    customerUuid: opts.customerUuid,
  });
  if (!row || !isSessionActive(row, opts.now ?? new Date())) return null;
  return {
    customerId: row.customerId,
    customerUuid: row.customerUuid,
    sessionId: opts.sessionId,
    secondFactorPassed: row.secondFactorPassed,
    email: row.email,
    roles: row.roles,
    twoFactorEnabled: row.twoFactorEnabled,
    lastUsedAt: row.lastUsedAt,
  };
}

/** The customer behind an access token whose session is still active; null otherwise. */
export async function authenticate(opts: {
  db: Database;
  tokens: AccessTokens;
  accessToken: string;
  now?: Date;
}): Promise<Authenticated | null> {
  const now = opts.now ?? new Date();
  const claims = await opts.tokens.verify(opts.accessToken, now);
  if (!claims) return null;
  const owner = await findActiveSessionOwner({
    db: opts.db,
    sessionId: claims.sessionId,
    customerUuid: claims.customerUuid,
    now,
  });
  if (!owner) return null;
  // Use keeps a session alive; writing once a minute is precise enough for a 30-minute idle limit.
  if (now.getTime() - owner.lastUsedAt.getTime() > 60_000) {
    await opts.db
      .update(authSessions)
      .set({ lastUsedAt: now })
      .where(and(eq(authSessions.id, claims.sessionId), isNull(authSessions.revokedAt)));
  }
  const { lastUsedAt: _, ...who } = owner;
  return who;
}

/** Ends sessions of a customer: one, all, or all but the current one. */
export async function revokeSessions(opts: {
  db: Database | Tx;
  customerId: number;
  reason: string;
  only?: string;
  except?: string;
  now?: Date;
}): Promise<number> {
  const conditions = [eq(authSessions.customerId, opts.customerId), isNull(authSessions.revokedAt)];
  if (opts.only) conditions.push(eq(authSessions.id, opts.only));
  if (opts.except) conditions.push(sql`${authSessions.id} <> ${opts.except}`);
  const rows = await opts.db
    .update(authSessions)
    .set({ revokedAt: opts.now ?? new Date(), revokedReason: opts.reason })
    .where(and(...conditions))
    .returning({ id: authSessions.id });
  return rows.length;
}

/** The customer's active sessions, most recently used first (device, IP, last use). */
export async function listSessions(opts: {
  db: Database;
  customerId: number;
  currentSessionId: string;
  now?: Date;
}): Promise<SessionView[]> {
  const now = opts.now ?? new Date();
  const rows = await opts.db
    .select()
    .from(authSessions)
    .where(
      and(
        eq(authSessions.customerId, opts.customerId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
        gt(authSessions.lastUsedAt, new Date(now.getTime() - sessionIdleTimeoutMs)),
      ),
    )
    .orderBy(desc(authSessions.lastUsedAt));
  return rows.map((s) => ({
    id: s.id,
    device: describeDevice(s.userAgent),
    ip: s.ip,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    current: s.id === opts.currentSessionId,
  }));
}

/** Signs out one of the customer's sessions; another customer's session is "not found". */
export async function revokeSession(opts: {
  db: Database;
  customerId: number;
  sessionId: string;
}): Promise<void> {
  const n = await revokeSessions({
    db: opts.db,
    customerId: opts.customerId,
    only: opts.sessionId,
    reason: 'signed_out',
  });
  if (n === 0) throw notFound();
}

/** Logout: ends the session a refresh token belongs to (unknown tokens are ignored, RFC 7009). */
export async function endSessionOfRefreshToken(opts: { db: Database; refreshToken: string }): Promise<void> {
  await opts.db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(
      and(
        isNull(authSessions.revokedAt),
        sql`${authSessions.id} = (select ${refreshTokens.sessionId} from ${refreshTokens} where ${refreshTokens.tokenHash} = ${hashToken(opts.refreshToken)})`,
      ),
    );
}
