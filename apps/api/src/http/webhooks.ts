import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received; set only inside `withRawJsonBody` plugins. */
    rawBody?: Buffer;
  }
}

/**
 * Inside the plugin this is called in (webhook routes only), JSON bodies are kept raw in
 * `request.rawBody` as well as parsed, so a signature can be checked over the exact bytes.
 */
export function withRawJsonBody(app: FastifyInstance, bodyLimit = 1024 * 1024): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    const raw = body as Buffer;
    (request as FastifyRequest).rawBody = raw;
    try {
      done(null, raw.length === 0 ? {} : JSON.parse(raw.toString('utf8')));
    } catch {
      const err = new Error('invalid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
}
