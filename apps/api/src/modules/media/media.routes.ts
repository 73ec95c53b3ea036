import { z } from 'zod';
import { sendProblem } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { getPublicMediaFile, isInlineMediaType, parseByteRange } from './media.service.ts';

/** Public media proxy (/media/...) for files in the public bucket. */
export async function mediaRoutes(app: App) {
  app.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary: 'A public media file by storage key (`/media/public/products/...`); single byte ranges',
        params: z.object({ '*': z.string().max(1000) }),
      },
    },
    async (request, reply) => {
      const file = await getPublicMediaFile({
        db: app.db,
        storage: app.storage,
        storageKey: request.params['*'],
      });
      const size = file.bytes.length;
      const etag = `"${file.sha256}"`;
      // Keys contain a content hash: a changed file gets a new key, so this one never changes.
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff');
      const inline = isInlineMediaType(file.mimeType);
      reply.type(inline ? file.mimeType : 'application/octet-stream');
      if (!inline) reply.header('content-disposition', 'attachment');

      const inm = request.headers['if-none-match'];
      if (inm?.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}` || t.trim() === '*')) {
        reply.removeHeader('content-type');
        return reply.code(304).send();
      }
      // If-Range with another validator: the client's partial copy is stale, send everything.
      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
      const range = parseByteRange(rangeHeader, size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        return sendProblem(request, reply, 'bad_request', 416);
      }
      if (range) {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .send(file.bytes.subarray(range.start, range.end + 1));
      }
      return reply.send(file.bytes);
    },
  );
}
