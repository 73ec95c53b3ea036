import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeJwt, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { webhookToleranceSeconds } from '../webhook-signatures.ts';
import type { IdentificationWebhookVerification, IncomingWebhook } from './port.ts';

/**
 * How IDnow's webhooks are verified (decision 029). IDnow's platform documentation ("Secure
 * webhooks", "Webhook events") describes:
 * - the webhook as a JWT signed by IDnow: as the request body (`Content-Type: application/jwt`), the
 *   event under the `data` claim; an older revision of the page puts the JWT in an
 *   `X-Idnow-Signature` header instead. Verified against IDnow's published JWKS (key by `kid`), with
 *   `exp`, `iss` and `aud` checked;
 * - custom headers the company configures for its webhook (e.g. a static `X-Auth-Token`);
 * - IP allow-listing (ranges from the account manager; done at the load balancer, not here).
 * The sandbox partner signs its webhooks the same way with its own key, so this code runs there too.
 *
 * What is trusted is the JWT's `data` claim only: with the header variant nothing documented binds
 * the raw body to the signature, so the body is never read from a header-signed request.
 */

/** The header of the older documented variant (the JWT beside a JSON body). */
export const idnowSignatureHeader = 'x-idnow-signature';
/** The custom header the shared secret may be configured in (IDnow's own example). */
export const idnowSecretHeader = 'x-auth-token';

const compactJws = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const transactionNumberPattern = /^[A-Za-z0-9_.:-]{1,100}$/;

export type JwtWebhookKeys = {
  /** The signer's public keys: IDnow's JWKS (`createRemoteJWKSet`) or the sandbox's own. */
  keys: JWTVerifyGetKey;
  issuer: string;
  /** Checked when set (IDnow: the audience configured for the company). */
  audience?: string;
  /** The signature algorithms accepted (never `none` or an HMAC). */
  algorithms: string[];
};

const header = (webhook: IncomingWebhook, name: string) => {
  const v = webhook.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/** The JWT of a webhook: the body itself (`application/jwt`) or the signature header. */
function webhookJwt(webhook: IncomingWebhook): { token: string; inBody: boolean } | null {
  const body = webhook.rawBody.toString('utf8').trim();
  if (compactJws.test(body)) return { token: body, inBody: true };
  const signature = header(webhook, idnowSignatureHeader)?.trim();
  return signature && compactJws.test(signature) ? { token: signature, inBody: false } : null;
}

/** Verifies a JWT-signed webhook; the trusted payload is its `data` claim. */
export async function verifyJwtWebhook(
  webhook: IncomingWebhook,
  keys: JwtWebhookKeys,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<IdentificationWebhookVerification> {
  const jwt = webhookJwt(webhook);
  const hint = transactionNumberHint(webhook.rawBody);
  if (!jwt) return { ok: false, reason: 'missing', transactionNumber: hint };
  try {
    const { payload } = await jwtVerify(jwt.token, keys.keys, {
      issuer: keys.issuer,
      ...(keys.audience ? { audience: keys.audience } : {}),
      algorithms: keys.algorithms,
      requiredClaims: ['exp'],
      currentDate: new Date(nowSeconds * 1000),
      clockTolerance: 30,
    });
    // The replay window of every webhook (convention 4), when the token says when it was made.
    if (typeof payload.iat === 'number' && nowSeconds - payload.iat > webhookToleranceSeconds) {
      return { ok: false, reason: 'expired', transactionNumber: hint };
    }
    if (!payload.data || typeof payload.data !== 'object' || Array.isArray(payload.data)) {
      return { ok: false, reason: 'malformed', transactionNumber: hint };
    }
    return { ok: true, payload: payload.data };
  } catch (err) {
    const reason =
      err instanceof errors.JWTExpired
        ? 'expired'
        : err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey
          ? 'mismatch'
          : 'malformed';
    return { ok: false, reason, transactionNumber: hint };
  }
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * The configured custom header (`X-Auth-Token`), compared in constant time; the JSON body is then the
 * payload. Null when the header is absent, so the caller goes on to the JWT.
 */
export function verifySharedSecret(
  webhook: IncomingWebhook,
  secret: string,
): IdentificationWebhookVerification | null {
  const given = header(webhook, idnowSecretHeader);
  if (!given) return null;
  if (!timingSafeEqual(digest(given), digest(secret))) {
    return { ok: false, reason: 'mismatch', transactionNumber: transactionNumberHint(webhook.rawBody) };
  }
  try {
    return { ok: true, payload: JSON.parse(webhook.rawBody.toString('utf8')) };
  } catch {
    return { ok: false, reason: 'malformed', transactionNumber: null };
  }
}

/**
 * The transaction number an unverified webhook names, read without trusting it: it only says which
 * identification's result to fetch from the partner's API (a forged one makes the platform ask the
 * partner, nothing more). Looks into a JSON body, or the unverified payload of a JWT body.
 */
export function transactionNumberHint(rawBody: Buffer): string | null {
  const text = rawBody.toString('utf8').trim();
  let value: unknown;
  try {
    value = compactJws.test(text) ? decodeJwt(text) : JSON.parse(text);
  } catch {
    return null;
  }
  // A result itself, or inside the event envelope (`data`, `payload`), at most three levels deep.
  let node = value as Record<string, unknown> | null;
  for (let depth = 0; depth < 3 && node && typeof node === 'object'; depth++) {
    const process = node.identificationprocess as { transactionnumber?: unknown } | undefined;
    const tx = process?.transactionnumber;
    if (typeof tx === 'string' && transactionNumberPattern.test(tx)) return tx;
    node = (node.data ?? node.payload ?? null) as Record<string, unknown> | null;
  }
  return null;
}
