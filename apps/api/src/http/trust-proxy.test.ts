import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { createPartners } from '../partners/create-partners.ts';
import { buildApp } from '../server.ts';

/*
 * Behind a load balancer every request comes from the balancer's address: per-IP throttles would
 * count all clients as one. TRUST_PROXY names the proxies whose X-Forwarded-For gives the client.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The address the app takes a request for, with TRUST_PROXY as given. */
async function appWith(trustProxy: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'trust-proxy-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: 'x'.repeat(64),
    LOG_LEVEL: 'silent',
    ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}),
  });
  const app = await buildApp({ config, db, partners: createPartners({ config }) });
  app.get('/test/ip', async (request) => ({ ip: request.ip }));
  await app.ready();
  // closing the app closes its database
  cleanups.push(() => app.close());
  return async (remoteAddress: string, forwardedFor?: string) =>
    (
      await app.inject({
        url: '/test/ip',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
    ).json().ip as string;
}

describe('TRUST_PROXY', () => {
  it('unset: the connection address counts, a forwarded header is ignored', async () => {
    const ipOf = await appWith(undefined);
    expect(await ipOf('10.0.0.5', '203.0.113.7')).toBe('10.0.0.5');
  });

  it('the balancer’s address: its X-Forwarded-For gives the client; anyone else’s is ignored', async () => {
    const ipOf = await appWith('10.0.0.0/8');
    expect(await ipOf('10.0.0.5', '203.0.113.7')).toBe('203.0.113.7');
    // a client forging the header behind the balancer gets its own address, not the forged one
    expect(await ipOf('10.0.0.5', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    // a request that did not come through the balancer
    expect(await ipOf('198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });

  it('a number of hops trusts that many proxies in front of the app', async () => {
    const ipOf = await appWith('1');
    expect(await ipOf('10.0.0.5', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
  });
});
