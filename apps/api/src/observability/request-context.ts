import { AsyncLocalStorage } from 'node:async_hooks';

/** What follows a piece of work through everything it causes: the id of the request that began it. */
export type RequestContext = { reqId: string };

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Runs `fn` with `reqId` as the current request id: the jobs it enqueues carry the id, and every
 * log line of the partner and job loggers (`requestIdMixin`) names it (decision 027).
 */
export function runWithRequestId<T>(reqId: string | undefined, fn: () => T): T {
  return reqId ? storage.run({ reqId }, fn) : fn();
}

/** The id of the request (or of the job's originating request) this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.reqId;
}

/** pino `mixin`: adds `reqId` to a process logger's lines written on behalf of a request. */
export function requestIdMixin(): { reqId?: string } {
  const reqId = currentRequestId();
  return reqId ? { reqId } : {};
}
