import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Partner webhooks (convention 4): the signature is checked over the raw body, in constant time,
 * within a 5-minute replay window (each event is then recorded once by `recordPartnerEvent`).
 *
 * Signature scheme of the sandbox partners (the Stripe scheme): header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`; several `v1` entries may appear
 * while a secret is being rotated. Real adapters verify their vendor's own scheme and may reuse
 * `hmacSha256Hex` and `safeEqualHex`.
 */

export const webhookToleranceSeconds = 300;

/** The header that carries the sandbox partners' signature (identification, custody, card payments). */
export const sandboxSignatureHeader = 'webhook-signature';

/** HMAC-SHA256 of `data` under `secret`, as hex: the partners' signing primitive. */
export function hmacSha256Hex(secret: string | Buffer, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of two hex strings (false for different lengths or non-hex). */
export function safeEqualHex(a: string, b: string): boolean {
  if (!/^[0-9a-f]*$/i.test(a) || !/^[0-9a-f]*$/i.test(b)) return false;
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** The signature header for a body (what a sandbox partner sends). */
export function signWebhook(
  secret: string,
  rawBody: string | Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
) {
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  return `t=${nowSeconds},v1=${hmacSha256Hex(secret, `${nowSeconds}.${body}`)}`;
}

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed' | 'mismatch' | 'expired' };

/** Checks a `t=…,v1=…` header against the raw body: right secret, not older or newer than the window. */
export function verifyWebhookSignature(opts: {
  secret: string;
  rawBody: Buffer | string;
  header: string | undefined;
  nowSeconds?: number;
  toleranceSeconds?: number;
}): SignatureCheck {
  if (!opts.header) return { ok: false, reason: 'malformed' };
  const parts = opts.header.split(',').map((p) => p.trim().split('=', 2) as [string, string | undefined]);
  const t = parts.find(([k]) => k === 't')?.[1];
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v as string);
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const timestamp = Number(t);
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = opts.toleranceSeconds ?? webhookToleranceSeconds;
  const body = typeof opts.rawBody === 'string' ? opts.rawBody : opts.rawBody.toString('utf8');
  const expected = hmacSha256Hex(opts.secret, `${t}.${body}`);
  if (!signatures.some((s) => safeEqualHex(s, expected))) return { ok: false, reason: 'mismatch' };
  if (Math.abs(now - timestamp) > tolerance) return { ok: false, reason: 'expired' };
  return { ok: true, timestamp };
}
