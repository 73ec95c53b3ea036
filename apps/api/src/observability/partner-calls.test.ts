import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { processRegistry } from './metrics.ts';
import { instrumentPartner } from './partner-calls.ts';
import { requestIdMixin, runWithRequestId } from './request-context.ts';

/** A pino logger as main.ts builds the partners' one, writing its lines into `lines`. */
function capturingLogger(lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return pino({ level: 'debug', mixin: requestIdMixin }, sink);
}

class Adapter {
  #calls = 0;
  kind = 'test' as const;
  get calls() {
    return this.#calls;
  }
  async fetchThing(id: string) {
    this.#calls++;
    return `thing ${id}`;
  }
  async refuse(): Promise<void> {
    throw new Error('partner said no');
  }
  linkFor(id: string) {
    return `https://partner.example/${id}`;
  }
}

describe('instrumentPartner', () => {
  it('times and counts asynchronous calls, logs them with the request id, and leaves the adapter as it was', async () => {
    const lines: Record<string, unknown>[] = [];
    const port = instrumentPartner('testPartner', new Adapter(), capturingLogger(lines));
    await runWithRequestId('req-partner-test-1', async () => {
      expect(await port.fetchThing('a')).toBe('thing a');
      await expect(port.refuse()).rejects.toThrow('partner said no');
    });
    // private fields, getters and synchronous methods work through the wrapper
    expect(port.calls).toBe(1);
    expect(port.kind).toBe('test');
    expect(port.linkFor('b')).toBe('https://partner.example/b');
    expect(port).toBeInstanceOf(Adapter);

    expect(lines.find((l) => l.msg === 'partner call')).toMatchObject({
      partner: 'testPartner',
      operation: 'fetchThing',
      reqId: 'req-partner-test-1',
    });
    expect(lines.find((l) => l.msg === 'partner call failed')).toMatchObject({
      operation: 'refuse',
      reqId: 'req-partner-test-1',
      level: 40,
    });
    const text = await processRegistry.metrics();
    expect(text).toMatch(
      /partner_call_duration_seconds_count\{partner="testPartner",operation="fetchThing",outcome="ok"\} 1/,
    );
    expect(text).toMatch(/partner_call_failures_total\{partner="testPartner",operation="refuse"\} 1/);
    expect(text).not.toMatch(/operation="linkFor"/);
  });

  it('passes null partners through (no bank outside the sandbox)', () => {
    expect(instrumentPartner('bank', null)).toBeNull();
  });
});
