import {
  type ChangeEmailInput,
  type ChangePasswordInput,
  emailChangeTokenTtlMs,
  normalizeEmail,
} from '@token/domain/accounts';
import { AppError } from '@token/domain/errors';
import { and, eq, isNull } from 'drizzle-orm';
import type { SecretBox } from '../../crypto/secrets.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { accountTokens, customers } from '../../db/schema/index.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import { loginFailures } from '../../observability/metrics.ts';
import { greetingName, queueAccountMail } from './account-mail.service.ts';
import { claimAccountToken, issueAccountToken } from './accounts.service.ts';
import { assertNotCommonPassword, hashPassword, verifyPassword } from './passwords.ts';
import { revokeSessions } from './sessions.service.ts';
import { accountLimits, countAttempt } from './throttles.ts';
import { checkSecondFactor } from './two-factor.service.ts';

/** spec 7: a wrong current password is reported as bad credentials (400/422). */
function wrongCurrentPassword(field: string): AppError {
  loginFailures.inc({ reason: 'current_password_invalid' });
  return new AppError('bad_credentials', {
    status: 422,
    violations: [{ propertyPath: field, code: 'current_password_invalid' }],
  });
}

/**
 * PUT customers/{uuid}/password: needs the current password; success signs out every other
 * session and mails 'password changed'.
 */
export async function changePassword(opts: {
  db: Database;
  mailCtx: MailContext;
  customerId: number;
  sessionId: string;
  input: ChangePasswordInput;
  now?: Date;
}): Promise<void> {
  const now = opts.now ?? new Date();
  const [c] = await opts.db.select().from(customers).where(eq(customers.id, opts.customerId));
  if (!c) throw new AppError('not_found');
  if (!(await verifyPassword(c.passwordHash, opts.input.currentPassword)))
    throw wrongCurrentPassword('currentPassword');
  assertNotCommonPassword(opts.input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(opts.input.newPassword);
  return opts.db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(customers.id, c.id));
    await revokeSessions({
      db: tx,
      customerId: c.id,
      except: opts.sessionId,
      reason: 'password_changed',
      now,
    });
    await queueAccountMail(tx, opts.mailCtx, {
      to: c.email,
      locale: c.locale,
      kind: 'password_changed',
      name: greetingName(c),
      params: { at: now },
    });
  });
}

/**
 * PATCH reset-password-requests/{token}: sets the new password, uses the link up, signs out every
 * session. The link proves the address, so an unconfirmed account counts as confirmed afterwards.
 */
export async function resetPassword(opts: {
  db: Database;
  mailCtx: MailContext;
  token: string;
  newPassword: string;
  now?: Date;
}): Promise<void> {
  const now = opts.now ?? new Date();
  assertNotCommonPassword(opts.newPassword, 'newPassword');
  const passwordHash = await hashPassword(opts.newPassword);
  return opts.db.transaction(async (tx) => {
    const claimed = await claimAccountToken(tx, { token: opts.token, purpose: 'reset_password', now });
    const [c] = await tx
      .update(customers)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(customers.id, claimed.customerId))
      .returning();
    if (!c!.verifiedAt) await tx.update(customers).set({ verifiedAt: now }).where(eq(customers.id, c!.id));
    // Other reset links of the account die with this one.
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.customerId, c!.id),
          eq(accountTokens.purpose, 'reset_password'),
          isNull(accountTokens.usedAt),
        ),
      );
    await revokeSessions({ db: tx, customerId: c!.id, reason: 'password_reset', now });
    await queueAccountMail(tx, opts.mailCtx, {
      to: c!.email,
      locale: c!.locale,
      kind: 'password_changed',
      name: greetingName(c!),
      params: { at: now },
    });
  });
}

/**
 * Starts an e-mail change: needs the password (and the code with two-factor on). The new address
 * gets a confirmation link, the old one a notice; nothing changes until the link is opened.
 */
export async function requestEmailChange(opts: {
  db: Database;
  secretBox: SecretBox;
  mailCtx: MailContext;
  customerId: number;
  input: ChangeEmailInput;
  now?: Date;
}): Promise<void> {
  const now = opts.now ?? new Date();
  const newEmail = normalizeEmail(opts.input.newEmail);
  const [c] = await opts.db.select().from(customers).where(eq(customers.id, opts.customerId));
  if (!c) throw new AppError('not_found');
  await countAttempt(opts.db, `mail-link|email-change|${c.id}`, accountLimits.mailLinksPerAddress);
  if (!(await verifyPassword(c.passwordHash, opts.input.password))) throw wrongCurrentPassword('password');
  if (c.twoFactorEnabled) {
    if (!opts.input.code) throw new AppError('two_factor_required');
    await checkSecondFactor({
      db: opts.db,
      secretBox: opts.secretBox,
      customerId: c.id,
      code: opts.input.code,
      now,
    });
  }
  if (newEmail === c.email) {
    throw new AppError('validation_failed', {
      violations: [{ propertyPath: 'newEmail', code: 'email_unchanged' }],
    });
  }
  await assertEmailFree(opts.db, newEmail);
  return opts.db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, {
      customerId: c.id,
      purpose: 'change_email',
      ttlMs: emailChangeTokenTtlMs,
      newEmail,
      now,
    });
    const name = greetingName(c);
    await queueAccountMail(tx, opts.mailCtx, {
      to: newEmail,
      locale: c.locale,
      kind: 'email_change_confirm',
      name,
      params: { newEmail, link: `${opts.mailCtx.publicUrl}/confirm-email/${token}` },
    });
    await queueAccountMail(tx, opts.mailCtx, {
      to: c.email,
      locale: c.locale,
      kind: 'email_change_notice',
      name,
      params: { newEmail },
    });
  });
}

async function assertEmailFree(db: Database, email: string) {
  const [taken] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  if (taken) {
    throw new AppError('validation_failed', {
      violations: [{ propertyPath: 'newEmail', code: 'email_already_used' }],
    });
  }
}

/** Opens the confirmation link of an e-mail change: the new address applies, the old one is told. */
export async function confirmEmailChange(opts: {
  db: Database;
  mailCtx: MailContext;
  token: string;
  now?: Date;
}): Promise<{ email: string }> {
  const now = opts.now ?? new Date();
  try {
    return await opts.db.transaction(async (tx) => {
      const claimed = await claimAccountToken(tx, { token: opts.token, purpose: 'change_email', now });
      if (!claimed.newEmail) throw new AppError('token_invalid');
      const [before] = await tx.select().from(customers).where(eq(customers.id, claimed.customerId));
      await tx
        .update(customers)
        .set({ email: claimed.newEmail, verifiedAt: before!.verifiedAt ?? now, updatedAt: now })
        .where(eq(customers.id, claimed.customerId));
      await queueAccountMail(tx, opts.mailCtx, {
        to: before!.email,
        locale: before!.locale,
        kind: 'email_changed',
        name: greetingName(before!),
        params: { newEmail: claimed.newEmail },
      });
      return { email: claimed.newEmail };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('validation_failed', {
        violations: [{ propertyPath: 'email', code: 'email_already_used' }],
      });
    }
    throw err;
  }
}
