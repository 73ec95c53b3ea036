import { randomBytes } from 'node:crypto';
import { recoveryCodeCount, twoFactorLockMs, twoFactorMaxFailures } from '@token/domain/accounts';
import { AppError } from '@token/domain/errors';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { hashToken, type SecretBox } from '../../crypto/secrets.ts';
import type { Database, Tx } from '../../db/client.ts';
import { customers, recoveryCodes } from '../../db/schema/index.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import { greetingName, queueAccountMail } from './account-mail.service.ts';
import { tooManyRequests } from './throttles.ts';
import { checkTotp, newTotpSecret, totpUri } from './totp.ts';

/** Recovery codes look like `k7m2p-x9q4r`: 50 bits each, typed without ambiguity. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

function normalizeRecoveryCode(code: string): string {
  return code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Checks a second factor: a TOTP code (each time step accepted once) or an unused recovery code.
 * Five wrong codes lock the checks for 15 minutes (429). Throws `two_factor_invalid` on a wrong code.
 */
export async function checkSecondFactor(opts: {
  db: Database | Tx;
  secretBox: SecretBox;
  customerId: number;
  code: string;
  /** Check against the not yet confirmed secret (enabling). */
  pending?: boolean;
  now?: Date;
}): Promise<void> {
  const now = opts.now ?? new Date();
  const [c] = await opts.db
    .select({
      secret: opts.pending ? customers.twoFactorPendingSecret : customers.twoFactorSecret,
      lastStep: customers.twoFactorLastStep,
      lockedUntil: customers.twoFactorLockedUntil,
    })
    .from(customers)
    .where(eq(customers.id, opts.customerId));
  if (!c?.secret) throw new AppError('two_factor_invalid');
  if (c.lockedUntil && c.lockedUntil > now) throw tooManyRequests(c.lockedUntil.getTime() - now.getTime());

  const code = opts.code.trim();
  if (/^\d{6}$/.test(code)) {
    const step = await checkTotp({
      secret: opts.secretBox.open(c.secret),
      code,
      afterStep: c.lastStep,
      at: now,
    });
    if (step !== null) {
      // Atomic: of two requests with the same code, only one moves the step forward.
      const [accepted] = await opts.db
        .update(customers)
        .set({ twoFactorLastStep: step, twoFactorFailures: 0, twoFactorLockedUntil: null })
        .where(
          and(
            eq(customers.id, opts.customerId),
            or(isNull(customers.twoFactorLastStep), sql`${customers.twoFactorLastStep} < ${step}`),
          ),
        )
        .returning({ id: customers.id });
      if (accepted) return;
    }
  } else if (!opts.pending) {
    const [used] = await opts.db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.customerId, opts.customerId),
          eq(recoveryCodes.codeHash, hashToken(normalizeRecoveryCode(code))),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (used) {
      await opts.db
        .update(customers)
        .set({ twoFactorFailures: 0, twoFactorLockedUntil: null })
        .where(eq(customers.id, opts.customerId));
      return;
    }
  }
  await recordFailure(opts.db, opts.customerId, now);
  throw new AppError('two_factor_invalid');
}

async function recordFailure(db: Database | Tx, customerId: number, now: Date): Promise<void> {
  const lockUntil = new Date(now.getTime() + twoFactorLockMs);
  await db
    .update(customers)
    .set({
      twoFactorFailures: sql`case when ${customers.twoFactorFailures} + 1 >= ${twoFactorMaxFailures} then 0 else ${customers.twoFactorFailures} + 1 end`,
      twoFactorLockedUntil: sql`case when ${customers.twoFactorFailures} + 1 >= ${twoFactorMaxFailures} then ${lockUntil.toISOString()}::timestamptz else ${customers.twoFactorLockedUntil} end`,
    })
    .where(eq(customers.id, customerId));
}

/**
 * GET customers/{uuid}/2fa/qr-code: a new secret, not yet active, as a QR code (data-URL PNG) and as
 * text for manual entry. Enabling needs a valid code from it (PUT 2fa/verify).
 */
export async function startTwoFactorEnrolment(opts: {
  db: Database;
  secretBox: SecretBox;
  customerId: number;
  platform: string;
}): Promise<{ qrCodeFormat: string; secret: string; otpauthUri: string }> {
  const [c] = await opts.db
    .select({ email: customers.email, enabled: customers.twoFactorEnabled })
    .from(customers)
    .where(eq(customers.id, opts.customerId));
  if (!c) throw new AppError('not_found');
  if (c.enabled) throw new AppError('two_factor_already_enabled');
  const secret = newTotpSecret();
  await opts.db
    .update(customers)
    .set({ twoFactorPendingSecret: opts.secretBox.seal(secret) })
    .where(eq(customers.id, opts.customerId));
  const otpauthUri = totpUri({ issuer: opts.platform, account: c.email, secret });
  const qrCodeFormat = await QRCode.toDataURL(otpauthUri, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 240,
  });
  return { qrCodeFormat, secret, otpauthUri };
}

/**
 * PUT customers/{uuid}/2fa/verify: enables two-factor after a valid code from the pending secret and
 * answers ten single-use recovery codes (shown once, stored hashed).
 */
export async function confirmTwoFactorEnrolment(opts: {
  db: Database;
  secretBox: SecretBox;
  mailCtx: MailContext;
  customerId: number;
  code: string;
  now?: Date;
}): Promise<{ recoveryCodes: string[] }> {
  const now = opts.now ?? new Date();
  const [c] = await opts.db.select().from(customers).where(eq(customers.id, opts.customerId));
  if (!c) throw new AppError('not_found');
  if (c.twoFactorEnabled) throw new AppError('two_factor_already_enabled');
  const pendingSecret = c.twoFactorPendingSecret;
  if (!pendingSecret) throw new AppError('two_factor_not_started');
  // Outside the transaction: a wrong code must count towards the lock even though the request fails.
  await checkSecondFactor({
    db: opts.db,
    secretBox: opts.secretBox,
    customerId: c.id,
    code: opts.code,
    pending: true,
    now,
  });
  return opts.db.transaction(async (tx) => {
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    // Only the secret the code was checked against is enabled (a new QR code in between wins).
    const [enabled] = await tx
      .update(customers)
      .set({
        twoFactorEnabled: true,
        twoFactorSecret: pendingSecret,
        twoFactorPendingSecret: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(customers.id, c.id),
          eq(customers.twoFactorEnabled, false),
          eq(customers.twoFactorPendingSecret, pendingSecret),
        ),
      )
      .returning({ id: customers.id });
    if (!enabled) throw new AppError('two_factor_not_started');
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.customerId, c.id));
    await tx.insert(recoveryCodes).values(
      codes.map((code) => ({
        customerId: c.id,
        codeHash: hashToken(normalizeRecoveryCode(code)),
        createdAt: now,
      })),
    );
    await queueAccountMail(tx, opts.mailCtx, {
      to: c.email,
      locale: c.locale,
      kind: 'two_factor_enabled',
      name: greetingName(c),
      params: { at: now },
    });
    return { recoveryCodes: codes };
  });
}

/** PUT customers/{uuid}/2fa/status with `enabled: false`: turning it off needs a valid code. */
export async function disableTwoFactor(opts: {
  db: Database;
  secretBox: SecretBox;
  mailCtx: MailContext;
  customerId: number;
  code: string;
  now?: Date;
}): Promise<void> {
  const now = opts.now ?? new Date();
  // The code check commits on its own: a wrong code must count even though the request fails.
  const [c] = await opts.db.select().from(customers).where(eq(customers.id, opts.customerId));
  if (!c) throw new AppError('not_found');
  if (!c.twoFactorEnabled) throw new AppError('two_factor_not_enabled');
  await checkSecondFactor({ db: opts.db, secretBox: opts.secretBox, customerId: c.id, code: opts.code, now });
  return opts.db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({
        twoFactorEnabled: false,
        twoFactorSecret: null,
        twoFactorPendingSecret: null,
        twoFactorLastStep: null,
        updatedAt: now,
      })
      .where(eq(customers.id, c.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.customerId, c.id));
    await queueAccountMail(tx, opts.mailCtx, {
      to: c.email,
      locale: c.locale,
      kind: 'two_factor_disabled',
      name: greetingName(c),
      params: { at: now },
    });
  });
}
