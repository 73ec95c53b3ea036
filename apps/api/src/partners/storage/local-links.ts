import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links of the local store (the S3 adapter's presigned URLs, done by the platform itself):
 * `{expires}.{base64url key}.{signature}` in the path, the signature an HMAC-SHA256 over the method,
 * key, expiry and what the request must carry (the content type of a PUT, the download name of a GET).
 * A link is refused once expired or when any of these differ.
 */
export type LinkSigner = {
  sign: (link: { method: 'PUT' | 'GET'; key: string; expiresAt: Date; bound: string }) => string;
  /** The key of a valid, unexpired token for `method` and `bound`, else null. */
  verify: (token: string, opts: { method: 'PUT' | 'GET'; bound: string; now?: Date }) => string | null;
};

/** The signer of local storage links, keyed by a secret derived from the app secret. */
export function createLinkSigner(appSecret: string): LinkSigner {
  const key = createHmac('sha256', appSecret).update('local-storage-links/v1').digest();
  const mac = (method: string, objectKey: string, expires: number, bound: string) =>
    createHmac('sha256', key).update(`${method}\n${objectKey}\n${expires}\n${bound}`).digest();
  return {
    sign({ method, key: objectKey, expiresAt, bound }) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const sig = mac(method, objectKey, expires, bound).toString('base64url');
      return `${expires}.${Buffer.from(objectKey).toString('base64url')}.${sig}`;
    },
    verify(token, { method, bound, now = new Date() }) {
      const m = /^(\d{1,12})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return null;
      const expires = Number(m[1]);
      if (expires * 1000 < now.getTime()) return null;
      const objectKey = Buffer.from(m[2]!, 'base64url').toString('utf8');
      const given = Buffer.from(m[3]!, 'base64url');
      // One spelling per signature: the last of 43 characters carries 2 unused bits, so other
      // spellings would decode to the same bytes (the tests forge a link by its last character).
      if (given.toString('base64url') !== m[3]) return null;
      const expected = mac(method, objectKey, expires, bound);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return objectKey;
    },
  };
}

/** The local store's upload and download routes (served by the media module). */
export const localUploadPath = '/api/v2/shop/uploads';
export const localFilePath = '/api/v2/shop/files';

/** The headers a presigned PUT must carry: its signed content type, if any. */
export function headersOf(contentType: string | undefined): Record<string, string> {
  return contentType ? { 'content-type': contentType } : {};
}

/** `attachment` with the file name in both forms (RFC 6266), for signed downloads. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
