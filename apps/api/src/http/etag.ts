import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Catalogue reads: send a weak ETag and answer 304 to a matching If-None-Match. */
    etag?: boolean;
  }
}

/** The documented answer of a read that sends an ETag to a matching If-None-Match. */
export const notModifiedResponse = z.null().describe('Not Modified: If-None-Match names the current ETag');

/** A weak ETag over the representation's bytes and whatever else it varies with. */
export function weakEtag(...parts: (string | Buffer)[]): string {
  const h = createHash('sha1');
  for (const p of parts) h.update(p);
  return `W/"${h.digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/"x"` and `"x"` match, `*` matches all. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((t) => t.trim() === '*' || opaque(t) === wanted);
}

/** Registers the ETag hook; must run before compression so the tag describes the identity body. */
export function registerEtags(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (!reply.routeOptions.config?.etag || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // The representation varies with Accept and the language, so they are part of the tag.
    const etag = weakEtag(payload, String(reply.getHeader('content-type') ?? ''), request.locale);
    reply.header('etag', etag);
    reply.header('cache-control', 'public, max-age=0, must-revalidate');
    reply.header('vary', 'Accept, Accept-Language');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      return '';
    }
    return payload;
  });
}
