import { AppError } from '@token/domain/errors';
import type { PrivacyReauth } from '@token/domain/privacy';
import { eq } from 'drizzle-orm';
import type { SecretBox } from '../../crypto/secrets.ts';
import type { Database } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import { countAttempt } from '../accounts/throttles.ts';
import { checkSecondFactor } from '../accounts/two-factor.service.ts';

/** Password checks of data-protection requests per account and hour (a guessing brake, not a quota). */
const reauthLimit = { max: 20, windowMs: 60 * 60 * 1000 };

/**
 * Re-authentication before a data-protection request (regulatory notes: re-authenticate before
 * sensitive actions): the password, and with two-factor on a fresh code, as an e-mail change asks.
 * A wrong password is `bad_credentials` on the `password` field; attempts are throttled.
 */
export async function assertReauthenticated(opts: {
  db: Database;
  secretBox: SecretBox;
  customerId: number;
  input: PrivacyReauth;
}): Promise<typeof customers.$inferSelect> {
  const [c] = await opts.db.select().from(customers).where(eq(customers.id, opts.customerId));
  if (!c) throw new AppError('not_found');
  await countAttempt(opts.db, `privacy-reauth|${c.id}`, reauthLimit);
  if (!(await verifyPassword(c.passwordHash, opts.input.password))) {
    throw new AppError('bad_credentials', {
      status: 422,
      violations: [{ propertyPath: 'password', code: 'current_password_invalid' }],
    });
  }
  if (c.twoFactorEnabled) {
    if (!opts.input.code) throw new AppError('two_factor_required');
    await checkSecondFactor({
      db: opts.db,
      secretBox: opts.secretBox,
      customerId: c.id,
      code: opts.input.code,
    });
  }
  return c;
}
