import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { createLocalJWKSet, type JWK, type JWTVerifyGetKey, jwtVerify, SignJWT } from 'jose';

/**
 * The sandbox identification partner's keys (decision 029). Its webhooks are JWTs like IDnow's, so
 * the platform's JWT verification (`idnow-webhook.ts`) runs against the sandbox too; the key pair
 * derives from a secret of the app (every API process signs and verifies with the same key, nothing
 * to store). Ed25519 (EdDSA) because a key derives from a seed directly; IDnow itself signs RS256.
 * Its API's login tokens are HS256 JWTs with an `exp`, like IDnow's `authToken`.
 */

export const sandboxWebhookAlgorithm = 'EdDSA';

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows. */
const ed25519Pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

export type SandboxSigningKey = {
  privateKey: KeyObject;
  /** The public key as the JWKS publishes it (with `kid`, `alg`, `use`). */
  jwk: JWK;
  /** The JWKS as a key getter for `jwtVerify`. */
  keys: JWTVerifyGetKey;
};

/** The signing key of a 32-byte seed (hashed from any secret). */
export function sandboxSigningKey(secret: string | Buffer): SandboxSigningKey {
  const seed = createHash('sha256').update(secret).digest();
  const privateKey = createPrivateKey({
    key: Buffer.concat([ed25519Pkcs8Prefix, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const exported = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK;
  const kid = createHash('sha256').update(String(exported.x)).digest('base64url').slice(0, 16);
  const jwk: JWK = { ...exported, kid, alg: sandboxWebhookAlgorithm, use: 'sig' };
  return { privateKey, jwk, keys: createLocalJWKSet({ keys: [jwk] }) };
}

/** A webhook as the JWT IDnow sends: the event under `data`, valid five minutes. */
export async function signSandboxWebhook(opts: {
  key: SandboxSigningKey;
  issuer: string;
  audience: string;
  data: Record<string, unknown>;
  nowSeconds?: number;
}): Promise<string> {
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ data: opts.data })
    .setProtectedHeader({ alg: sandboxWebhookAlgorithm, kid: String(opts.key.jwk.kid), typ: 'JWT' })
    .setIssuer(opts.issuer)
    .setAudience(opts.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(opts.key.privateKey);
}

/** A login token of the sandbox API, valid `seconds` (its `exp`). */
export async function signSandboxLoginToken(opts: {
  secret: Buffer;
  companyId: string;
  seconds: number;
  nowSeconds?: number;
}): Promise<string> {
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(opts.companyId)
    .setIssuedAt(now)
    .setExpirationTime(now + opts.seconds)
    .sign(opts.secret);
}

/** Whether a login token of the sandbox API is valid now (signature, company, `exp`). */
export async function isSandboxLoginTokenValid(opts: {
  secret: Buffer;
  companyId: string;
  token: string | undefined;
  nowSeconds?: number;
}): Promise<boolean> {
  if (!opts.token) return false;
  try {
    await jwtVerify(opts.token, opts.secret, {
      algorithms: ['HS256'],
      subject: opts.companyId,
      requiredClaims: ['exp'],
      ...(opts.nowSeconds ? { currentDate: new Date(opts.nowSeconds * 1000) } : {}),
    });
    return true;
  } catch {
    return false;
  }
}
