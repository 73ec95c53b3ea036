import { partnerCallDuration, partnerCallFailures } from './metrics.ts';

type Logger = { debug?: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/**
 * The partner adapter `port` with each asynchronous method timed and counted by partner and
 * operation (decision 027), its failures logged; the adapter itself is unchanged. The process
 * logger's mixin adds the request id of the caller. Synchronous methods (link building) pass through.
 */
export function instrumentPartner<T extends object | null>(name: string, port: T, logger?: Logger): T {
  if (port === null || typeof port !== 'object') return port;
  // by the method itself, not its name: a method replaced later (a test's spy) is wrapped anew
  const wrapped = new WeakMap<object, unknown>();
  return new Proxy(port, {
    get(target, prop) {
      // The target as receiver: class adapters with private fields keep working through their getters.
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      const known = wrapped.get(value);
      if (known) return known;
      const timed = function (this: unknown, ...args: unknown[]) {
        const started = performance.now();
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        const labels = { partner: name, operation: prop };
        return result.then(
          (ok) => {
            const ms = performance.now() - started;
            partnerCallDuration.observe({ ...labels, outcome: 'ok' }, ms / 1000);
            logger?.debug?.({ ...labels, ms: Math.round(ms) }, 'partner call');
            return ok;
          },
          (err: unknown) => {
            const ms = performance.now() - started;
            partnerCallDuration.observe({ ...labels, outcome: 'error' }, ms / 1000);
            partnerCallFailures.inc(labels);
            logger?.warn({ ...labels, ms: Math.round(ms), err }, 'partner call failed');
            throw err;
          },
        );
      };
      wrapped.set(value, timed);
      return timed;
    },
  });
}
