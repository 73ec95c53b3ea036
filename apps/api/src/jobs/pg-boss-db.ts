import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database, DbHandle, Tx } from '../db/client.ts';

/** pg-boss keeps its tables in this schema of the application's database (decision 005). */
export const bossSchema = 'pgboss';

/**
 * pg-boss's own queries on the application's connection: the pg pool on PostgreSQL, the one
 * embedded connection on PGlite (whose `query`/`exec` wait while a transaction holds it, so a poll
 * never lands inside a request's transaction). pg-boss sends its multi-statement scripts
 * (install, maintenance) without parameters; PGlite runs those through `exec`.
 */
export function bossExecutor(handle: DbHandle): PgBoss.Db {
  if (handle.kind === 'postgres') {
    const pool = handle.db.$client as pg.Pool;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = handle.db.$client as unknown as PGlite;
  return {
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * pg-boss's statement run through drizzle on the caller's handle, so inside a transaction it joins
 * that transaction on either driver. `$n` placeholders become drizzle parameters, which drizzle
 * numbers afresh, so a statement may use each placeholder only once.
 */
export function drizzleExecutor(db: Database | Tx, onResult?: (affectedRows: number) => void): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const result = (await db.execute(toDrizzleSql(text, values))) as unknown as {
        rows?: unknown[];
        rowCount?: number | null;
        affectedRows?: number;
      };
      // node-postgres reports rowCount, PGlite affectedRows.
      onResult?.(result.rowCount ?? result.affectedRows ?? 0);
      return { rows: result.rows ?? [] };
    },
  };
}

function toDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const seen = new Set<string>();
  const query = sql.empty();
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      query.append(sql.raw(part));
      return;
    }
    if (seen.has(part)) throw new Error(`pg-boss statement uses $${part} twice; run it on the raw client`);
    seen.add(part);
    query.append(sql`${values[Number(part) - 1] ?? null}`);
  });
  return query;
}
