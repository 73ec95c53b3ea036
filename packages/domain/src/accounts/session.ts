/** Session lifetimes (issue 6): short access tokens, a session ends when idle or at the latest. */
/** Access tokens (JWT `exp`) live 15 minutes (ARCHITECTURE: JWT access tokens, 15 min). */
export const accessTokenTtlSeconds = 15 * 60;
/** A session ends 30 minutes after its last use… */
export const sessionIdleTimeoutMs = 30 * 60_000;
/** …and 12 hours after the login at the latest. */
export const sessionMaxLifetimeMs = 12 * 60 * 60_000;

/** Whether a session is still usable at `now`. */
export function isSessionActive(
  s: { revokedAt: Date | null; lastUsedAt: Date; expiresAt: Date },
  now: Date = new Date(),
): boolean {
  if (s.revokedAt) return false;
  if (s.expiresAt.getTime() <= now.getTime()) return false;
  return now.getTime() - s.lastUsedAt.getTime() < sessionIdleTimeoutMs;
}

/** spec 9: two-factor codes change every 30 seconds. */
export const twoFactorPeriodSeconds = 30;
/** Wrong two-factor codes before checks are locked, and for how long. */
export const twoFactorMaxFailures = 5;
export const twoFactorLockMs = 15 * 60_000;
export const recoveryCodeCount = 10;

/** Lifetimes of mailed links. */
export const verificationTokenTtlMs = 24 * 60 * 60_000;
export const resetTokenTtlMs = 60 * 60_000;
export const emailChangeTokenTtlMs = 24 * 60 * 60_000;
