import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Catalogue reads: send a weak ETag and answer 304 to a matching If-None-Match. */
    etag?: boolean;
  }
}

/** Registers the ETag hook; must run before compression so the tag describes the identity body. */
export function registerEtags(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (!reply.routeOptions.config?.etag || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // The representation varies with Accept and the language, so they are part of the tag.
    const hash = createHash('sha1')
      .update(payload)
      .update(String(reply.getHeader('content-type') ?? ''))
      .update(request.locale)
      .digest('base64url');
    const etag = `W/"${hash}"`;
    reply.header('etag', etag);
    reply.header('cache-control', 'public, max-age=0, must-revalidate');
    reply.header('vary', 'Accept, Accept-Language');
    const inm = request.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      reply.code(304);
      reply.removeHeader('content-type');
      return '';
    }
    return payload;
  });
}
