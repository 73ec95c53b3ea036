import { randomBytes } from 'node:crypto';
import { recoveryCodeCount, twoFactorLockMs, twoFactorMaxFailures } from '@token/domain/accounts';
import { AppError } from '@token/domain/errors';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
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

/** What a code is checked against: the sealed secret, the last accepted step and the lock. */
export type SecondFactorFacts = { secret: string | null; lastStep: number | null; lockedUntil: Date | null };

/**
 * What a code is, before anything is written: a TOTP code of `step` (accepted only if the step moves
 * forward, which the caller's write decides atomically), a recovery code (accepted only if unused), or
 * wrong. `trusted`: a judge that a test or the benchmark injects, which checks nothing and records
 * nothing (50 valid codes of one holder at one moment do not exist).
 */
export type CodeVerdict =
  | { type: 'totp'; step: number }
  | { type: 'recovery'; codeHash: string }
  | { type: 'wrong' }
  | { type: 'trusted' };

/** Judges a code against its facts; throws `two_factor_invalid` without a secret, 429 while locked. */
export type CodeJudge = (facts: SecondFactorFacts, code: string) => Promise<CodeVerdict>;

/**
 * The real judge: a six-digit code is TOTP (each time step accepted once, so a step at or before the
 * last one used is wrong), anything else a recovery code unless the secret is a pending one.
 */
export function codeJudge(
  secretBox: SecretBox,
  opts: { pending?: boolean; now?: () => Date } = {},
): CodeJudge {
  return async (facts, given) => {
    const now = opts.now?.() ?? new Date();
    if (!facts.secret) throw new AppError('two_factor_invalid');
    if (facts.lockedUntil && facts.lockedUntil > now) {
      throw tooManyRequests(facts.lockedUntil.getTime() - now.getTime(), 'two-factor');
    }
    const code = given.trim();
    if (/^\d{6}$/.test(code)) {
      const step = await checkTotp({
        secret: secretBox.open(facts.secret),
        code,
        afterStep: facts.lastStep,
        at: now,
      });
      return step === null ? { type: 'wrong' } : { type: 'totp', step };
    }
    if (opts.pending) return { type: 'wrong' };
    return { type: 'recovery', codeHash: hashToken(normalizeRecoveryCode(code)) };
  };
}

/**
 * Moves the customer's last TOTP step to `step` when it is later than the last one used, resetting
 * the failures; as a condition that one statement of the caller's evaluates atomically (of two
 * requests with the same code, only one moves the step). `customerId` and `step` are SQL (values or
 * placeholders).
 */
export function acceptTotpStepSql(customerId: SQL, step: SQL): SQL {
  return sql`update ${customers} set two_factor_last_step = ${step}::bigint, two_factor_failures = 0,
      two_factor_locked_until = null
    where id = ${customerId} and (two_factor_last_step is null or two_factor_last_step < ${step}::bigint)
    returning id`;
}

/** Uses up an unused recovery code of the customer; false when there is none with this hash. */
export async function acceptRecoveryCode(
  db: Database | Tx,
  opts: { customerId: number; codeHash: string; now: Date },
): Promise<boolean> {
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: opts.now })
    .where(
      and(
        eq(recoveryCodes.customerId, opts.customerId),
        eq(recoveryCodes.codeHash, opts.codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (!used) return false;
  await db
    .update(customers)
    .set({ twoFactorFailures: 0, twoFactorLockedUntil: null })
    .where(eq(customers.id, opts.customerId));
  return true;
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
  const [facts] = await opts.db
    .select({
      secret: opts.pending ? customers.twoFactorPendingSecret : customers.twoFactorSecret,
      lastStep: customers.twoFactorLastStep,
      lockedUntil: customers.twoFactorLockedUntil,
    })
    .from(customers)
    .where(eq(customers.id, opts.customerId));
  if (!facts) throw new AppError('two_factor_invalid');
  const verdict = await codeJudge(opts.secretBox, { pending: opts.pending, now: () => now })(
    facts,
    opts.code,
  );
  if (verdict.type === 'trusted') return;
  if (verdict.type === 'totp') {
    const { rows } = (await opts.db.execute(
      acceptTotpStepSql(sql`${opts.customerId}`, sql`${verdict.step}`),
    )) as unknown as { rows: unknown[] };
    if (rows.length > 0) return;
  } else if (verdict.type === 'recovery') {
    if (await acceptRecoveryCode(opts.db, { customerId: opts.customerId, codeHash: verdict.codeHash, now })) {
      return;
    }
  }
  await recordFailure(opts.db, opts.customerId, now);
  throw new AppError('two_factor_invalid');
}

/** Counts a wrong code; the fifth in a row locks the checks for `twoFactorLockMs`. */
export async function recordFailure(db: Database | Tx, customerId: number, now: Date): Promise<void> {
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
