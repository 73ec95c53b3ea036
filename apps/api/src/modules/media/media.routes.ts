import { z } from 'zod';
import { sendProblem } from '../../http/errors.ts';
import { matchesIfNoneMatch } from '../../http/etag.ts';
import type { App } from '../../http/types.ts';
import { getPublicMediaFile, isInlineMediaType, openStoredFile, parseByteRange } from './media.service.ts';

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
      const storageKey = request.params['*'];
      const file = await getPublicMediaFile({ db: app.db, storageKey });
      const size = file.size;
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

      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
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
      // Streamed from the store (a 30 MB video is never held in memory), only the range asked for.
      const object = await openStoredFile(app.partners.storage, storageKey, range ?? undefined);
      if (range) {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(object.stream);
      }
      return reply.header('content-length', String(object.size)).send(object.stream);
    },
  );
}
