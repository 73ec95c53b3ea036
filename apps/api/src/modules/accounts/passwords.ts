import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '@token/domain/errors';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, t=2, p=1). @node-rs/argon2 hashes on
 * libuv's thread pool, so logins never block the event loop.
 */
const argonOptions = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most (cores - 1) hashes at once: argon2 is CPU-bound, and with every core hashing the event
 * loop starves and every other request waits. Extra logins queue here instead (measured in
 * `npm run bench`: /api/health p99 beside 20 concurrent logins).
 */
const maxConcurrentHashes = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrentHashes) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, argonOptions));
}

// Verified when the e-mail is unknown, so an unknown address costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/** Checks a password against a stored hash; with no hash it still does the work and answers false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-Aa1!');
    const dummy = await dummyHash;
    await limited(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  try {
    return await limited(() => verify(stored, password));
  } catch {
    return false;
  }
}

let common: Set<string> | undefined;

/**
 * Whether a password is on the list of ~49,000 most common passwords of breach corpora
 * (@zxcvbn-ts/language-common, offline), compared without case.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary.passwords.map((p) => p.toLowerCase()));
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  // "Password1!" is "password" with the policy's decorations: strip trailing digits and symbols.
  const core = lower.replace(/[\d\W_]+$/u, '');
  return core.length >= 4 && core !== lower && common.has(core) && core.length >= lower.length - 4;
}

/** Refuses a password from the breach lists (the spec 5 policy itself is checked by the schema). */
export function assertNotCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('validation_failed', {
      violations: [{ propertyPath: field, code: 'common_password' }],
    });
  }
}
