import { Server as NetServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The graceful stop of the HTTP side, for main.ts's SIGTERM handler (decision 027). */
    httpDrain: HttpDrain;
  }
}

export type HttpDrain = {
  /** True once `drain` began: readiness answers 503, every answer closes its connection. */
  isDraining: () => boolean;
  /**
   * Graceful stop of the HTTP side (decision 027): stops accepting connections (a new client is
   * refused at connect), answers every request already received or arriving on an open connection
   * with `Connection: close` (so the client reconnects elsewhere instead of racing a close), closes
   * connections once they are idle and nothing is in flight, and cuts what is left at `graceMs`.
   * Resolves true when everything finished in time. The database stays open (`app.close()` after).
   */
  drain: (graceMs: number) => Promise<boolean>;
};

/** How long the process must have been quiet before idle kept-alive connections are closed. */
const quietMs = 250;

/** Counts requests in flight and adds `Connection: close` while draining; `drain` stops the listener. */
export function registerHttpDrain(app: App): HttpDrain {
  let draining = false;
  let inFlight = 0;
  let lastActivity = Date.now();
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight++;
    reply.raw.once('close', () => {
      inFlight--;
      lastActivity = Date.now();
    });
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  return {
    isDraining: () => draining,
    async drain(graceMs) {
      draining = true;
      const server = app.server;
      if (!server.listening) return true;
      let closed = false;
      // net.Server's own close: stops listening and reports when the last connection is gone, without
      // http.Server's closeIdleConnections(), which would cut a kept-alive connection at the moment its
      // client sends the next request on it (a failed request instead of a clean answer).
      NetServer.prototype.close.call(server, () => {
        closed = true;
      });
      const deadline = Date.now() + graceMs;
      while (!closed) {
        if (Date.now() >= deadline) {
          app.log.warn({ inFlight, graceMs }, 'shutdown grace over: closing the remaining connections');
          server.closeAllConnections();
          return false;
        }
        // Quiet: whoever still holds an idle connection has not used it since draining began.
        if (inFlight === 0 && Date.now() - lastActivity >= quietMs) server.closeIdleConnections();
        await sleep(25);
      }
      return true;
    },
  };
}
