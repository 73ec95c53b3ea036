import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { queueQueriesInOrder } from './client.ts';

/** A client that fails like pg 9 will when a query starts while another is still running. */
function strictClient() {
  let running = 0;
  const started: string[] = [];
  const client = {
    query(text: string) {
      if (running > 0) throw new Error(`"${text}" started while a query was running`);
      running += 1;
      started.push(text);
      return new Promise((ok, fail) =>
        setTimeout(() => {
          running -= 1;
          if (text === 'broken') fail(new Error('syntax error'));
          else ok({ rows: [{ text }] });
        }, 5),
      );
    },
  };
  return { client: client as unknown as pg.ClientBase, started };
}

describe('queries of one client', () => {
  it('run one after another in call order when started together', async () => {
    const { client, started } = strictClient();
    queueQueriesInOrder(client);
    const answers = await Promise.all(['a', 'b', 'c'].map((text) => client.query(text)));
    expect(answers.map((a) => a.rows[0].text)).toEqual(['a', 'b', 'c']);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('a failing query fails alone and the next one still runs', async () => {
    const { client } = strictClient();
    queueQueriesInOrder(client);
    const [broken, next] = await Promise.allSettled([client.query('broken'), client.query('next')]);
    expect(broken.status).toBe('rejected');
    expect(next).toMatchObject({ status: 'fulfilled', value: { rows: [{ text: 'next' }] } });
  });
});

describe('reads started together inside a transaction (PostgreSQL)', () => {
  let t: TestApp;
  const overlapping: string[] = [];
  const original = pg.Client.prototype.query;
  beforeAll(async () => {
    // Record every query pg would have to queue behind a running one (deprecated, refused by pg 9).
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const self = this as unknown as { _activeQuery: unknown; queryQueue: unknown[] };
      if (self._activeQuery || self.queryQueue.length > 0) overlapping.push(String(args[0]));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    t = await createTestApp({ seed: 'none' });
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await t.close();
  });

  it('get their answers without pg queueing a query behind another', async () => {
    const answers = await t.app.db.transaction(async (tx) =>
      Promise.all([
        tx.execute(sql`select pg_sleep(0.02), 1 as n`),
        tx.execute(sql`select 2 as n`),
        tx.execute(sql`select 3 as n`),
      ]),
    );
    expect(answers.map((a) => Number(a.rows[0]?.n))).toEqual([1, 2, 3]);
    expect(overlapping).toEqual([]);
  });
});
