import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../crypto/secrets.ts';

/** How long a link to open a file stays valid: enough for the browser to open the new tab. */
export const operatorLinkTtlSeconds = 120;

export type OperatorLinkClaims = { resource: string; customerUuid: string; sessionId: string };

export type OperatorLinks = {
  /** A token for `?access=` that opens exactly `resource` for this operator's session until it expires. */
  sign: (claims: OperatorLinkClaims, now?: Date) => { token: string; expiresAt: Date };
  /** The claims of an unexpired, untampered token for `resource`; null for anything else. */
  verify: (token: string, resource: string, now?: Date) => OperatorLinkClaims | null;
};

const tokenPattern = /^[A-Za-z0-9_-]{10,600}\.[A-Za-z0-9_-]{43}$/;

/**
 * Signed, short-lived links for operator routes a browser opens itself (a document in a new tab
 * sends no Authorization header). A link names one resource and the operator's session, so it opens
 * nothing else, and ends with the session (logout) or after `operatorLinkTtlSeconds`. HMAC-SHA256
 * with a key of its own derived from APP_SECRET; compared in constant time.
 */
export function createOperatorLinks(appSecret: string): OperatorLinks {
  const key = deriveKey(appSecret, 'operator-link-v1');
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    sign(claims, now = new Date()) {
      const exp = Math.floor(now.getTime() / 1000) + operatorLinkTtlSeconds;
      const body = Buffer.from(
        JSON.stringify({ r: claims.resource, c: claims.customerUuid, s: claims.sessionId, e: exp }),
      ).toString('base64url');
      return { token: `${body}.${mac(body)}`, expiresAt: new Date(exp * 1000) };
    },
    verify(token, resource, now = new Date()) {
      if (!tokenPattern.test(token)) return null;
      const [body, signature] = token.split('.') as [string, string];
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let payload: { r?: unknown; c?: unknown; s?: unknown; e?: unknown };
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const { r, c, s, e } = payload;
      if (typeof r !== 'string' || typeof c !== 'string' || typeof s !== 'string' || typeof e !== 'number') {
        return null;
      }
      if (r !== resource || e * 1000 <= now.getTime()) return null;
      return { resource: r, customerUuid: c, sessionId: s };
    },
  };
}
