import { twoFactorPeriodSeconds } from '@token/domain/accounts';
import { generate, generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, steps of `twoFactorPeriodSeconds` (spec 9: 30). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(opts: { issuer: string; account: string; secret: string }): string {
  return generateURI({ issuer: opts.issuer, label: opts.account, secret: opts.secret });
}

/** The code for a moment (tests and the demo login hint compute codes as an app would). */
export function totpCode(secret: string | Uint8Array, at: Date = new Date()): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000), period: twoFactorPeriodSeconds });
}

/**
 * Checks a code with one step of tolerance either side. Returns the accepted time step, or null.
 * A step at or before `afterStep` is refused, so each code works once (replay).
 */
export async function checkTotp(opts: {
  secret: string;
  code: string;
  afterStep: number | null;
  at?: Date;
}): Promise<number | null> {
  if (!/^\d{6}$/.test(opts.code)) return null;
  const result = await verify({
    secret: opts.secret,
    token: opts.code,
    period: twoFactorPeriodSeconds,
    epoch: Math.floor((opts.at ?? new Date()).getTime() / 1000),
    epochTolerance: twoFactorPeriodSeconds,
    ...(opts.afterStep !== null ? { afterTimeStep: opts.afterStep } : {}),
  }).catch(() => null);
  // The functional API types TOTP and HOTP results together; a TOTP result carries `timeStep`.
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}
