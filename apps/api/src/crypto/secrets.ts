import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** A random one-time token for links and refresh tokens: 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256: a database leak does not reveal a usable link or session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 256-bit key for one purpose, derived from APP_SECRET (HKDF-SHA256), so keys never repeat across uses. */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'tokenwerk', purpose, 32));
}

export type SecretBox = { seal: (plain: string) => string; open: (sealed: string) => string };

/** AES-256-GCM for secrets at rest (TOTP secrets): `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function createSecretBox(appSecret: string, purpose: string): SecretBox {
  const key = deriveKey(appSecret, purpose);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** The box that seals TOTP secrets (one purpose, one key). */
export function createTotpSecretBox(appSecret: string): SecretBox {
  return createSecretBox(appSecret, 'totp-v1');
}
