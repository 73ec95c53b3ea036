import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Names of the prepared statements: PostgreSQL keeps one statement per name and connection. */
const statementNames = new Set<string>();

/**
 * A hot statement built once and run by name on any `Db`, the database or a transaction (decision
 * 011, Measured: drizzle builds the SQL text of every statement anew on every call, about a third of
 * the API's CPU per request, and PostgreSQL parses and plans a named statement once per connection
 * instead of at every call). `build` answers the query builder; values go in as
 * `sql.placeholder(name)` and are given to `execute({ name: value })`, where no column encoder runs:
 * pass them as the driver takes them (see `param`).
 *
 *   const ownOrder = prepared('own_order', (db) =>
 *     db.select().from(orders).where(eq(orders.id, sql.placeholder('id'))));
 *   const [row] = await ownOrder(tx).execute({ id });
 *
 * A name is given once in the whole API (a second one throws when its module loads). The statement
 * is built on the first handle of each driver (node-postgres, PGlite) and then run on the connection
 * of the handle it is given: drizzle's prepared query runs on its `client`, which is the pool for the
 * database and the transaction's own connection for a transaction. The tests of every caller run on
 * both drivers.
 */
export function prepared<P extends object>(
  name: string,
  build: (db: Db) => { prepare: (name: string) => P },
): (db: Db) => P {
  if (statementNames.has(name)) throw new Error(`a prepared statement is already named ${name}`);
  statementNames.add(name);
  const built = new Map<unknown, P>();
  return (db) => {
    const session = db._.session as unknown as { client: unknown };
    let statement = built.get(session.constructor);
    if (statement === undefined) {
      statement = build(db).prepare(name);
      built.set(session.constructor, statement);
    }
    return Object.create(statement, { client: { value: session.client } }) as P;
  };
}

/**
 * A value given at execution in a prepared statement's `set` or `values`. No column encoder runs on
 * it: give timestamps as ISO text and jsonb as JSON text (what drizzle's encoders would send).
 */
export function param(name: string): SQL {
  return sql`${sql.placeholder(name)}`;
}

/**
 * `prepared` for a statement written as SQL (one the query builder cannot express, such as writes
 * chained by data-modifying CTEs): `execute` answers the rows as the driver gives them, without
 * drizzle's column mapping, so name the columns with `as "camelCase"` and convert what the drivers
 * give differently (bigint: text on node-postgres; timestamps: text) at the caller.
 */
export function preparedSql<Row extends Record<string, unknown>>(
  name: string,
  build: () => SQL,
): (db: Db) => { execute: (values?: Record<string, unknown>) => Promise<Row[]> } {
  type Raw = { execute: (values?: Record<string, unknown>) => Promise<unknown> };
  const statement = prepared(name, (db) => ({
    prepare: (statementName: string): Raw => {
      const { dialect } = db as unknown as { dialect: { sqlToQuery: (q: SQL) => unknown } };
      const session = db._.session as unknown as {
        prepareQuery: (query: unknown, fields: undefined, name: string, arrayMode: boolean) => Raw;
      };
      return session.prepareQuery(dialect.sqlToQuery(build()), undefined, statementName, false);
    },
  }));
  return (db) => ({
    async execute(values = {}) {
      const result = (await statement(db).execute(values)) as { rows: Row[] };
      return result.rows;
    },
  });
}
