import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../http/types.ts';
import { buildApp } from '../server.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { openDatabase } from './client.ts';

// Decision 027: PostgreSQL gone for a while answers 503 service_unavailable (never 500), and the
// service recovers by itself once it is back. Only on PostgreSQL (PGlite lives in the process).
const usePostgres = process.env.TEST_DB === 'postgres';

/** A TCP relay to PostgreSQL that a test can take down (connections cut, port refused) and bring back. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const up = async () => {
    server = createServer((client) => {
      const upstream = tcpConnect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  await up();
  return {
    port: () => port,
    up,
    /** As a restarting server looks from outside: every connection cut, new ones refused. */
    down: async () => {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}

describe.skipIf(!usePostgres)('the database going away', () => {
  let t: TestApp;
  let app: App;
  let relay: Awaited<ReturnType<typeof startRelay>>;

  beforeAll(async () => {
    t = await createTestApp({ seed: 'reference' });
    const direct = new URL(t.config.databaseUrl!);
    relay = await startRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const relayed = new URL(direct);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port());
    // The same application, reaching PostgreSQL through the relay.
    const db = await openDatabase({ databaseUrl: relayed.toString(), poolSize: 5 });
    app = await buildApp({ ...t.buildOptions, db });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const countries = () =>
    app.inject({ url: '/api/v2/shop/countries?itemsPerPage=1', headers: { 'accept-language': 'en' } });

  it('answers 503 service_unavailable while PostgreSQL is unreachable, and 200 again once it is back', async () => {
    expect((await countries()).statusCode).toBe(200);
    await relay.down();

    const res = await countries();
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      title: 'The service is temporarily unavailable.',
    });
    const german = await app.inject({ url: '/api/v2/shop/countries?itemsPerPage=1' });
    expect(german.json().title).toBe('Der Dienst ist vorübergehend nicht erreichbar.');
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().detail).toContain('database unreachable');
    // The process itself is fine: no restart wanted.
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);

    await relay.up();
    expect((await countries()).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('survives PostgreSQL ending its connections (pg_terminate_backend) and serves the next requests', async () => {
    // Connections open in the pool, idle.
    await Promise.all(Array.from({ length: 4 }, () => countries()));
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    try {
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The pool's clients learn of their end as it arrives: until then a query may fail, as a 503.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await countries()).statusCode);
      await sleep(20);
    }
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
    const metrics = (await app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/^db_pool_errors_total [1-9]/m);
  });
});
