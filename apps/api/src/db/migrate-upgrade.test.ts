import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../test/create-test-app.ts';
import { type DbHandle, migrateDatabase, openDatabase } from './client.ts';

/*
 * Migrations run on databases that already hold data: a database migrated up to an older migration,
 * with rows written then, is brought to the newest one, and the rows read as the code now reads them.
 */

const migrations = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh database of the project's kind (PGlite in memory, or a new PostgreSQL database). */
async function freshDatabase(): Promise<DbHandle> {
  if (process.env.TEST_DB === 'postgres') {
    const fresh = await freshPostgresDatabase('upgrade');
    const handle = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
    cleanups.push(fresh.drop, handle.close);
    return handle;
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  cleanups.push(handle.close);
  return handle;
}

/** Applies the committed migrations up to and including `lastTag` only. */
async function migrateUpTo(handle: DbHandle, lastTag: string): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-upto-'));
  cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
  const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1);
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) copyFileSync(join(migrations, `${tag}.sql`), join(folder, `${tag}.sql`));
  if (handle.kind === 'postgres') await migratePg(handle.db, { migrationsFolder: folder });
  // biome-ignore lint/suspicious/noExplicitAny: the PGlite migrator wants its own driver type
  else await migratePglite(handle.db as any, { migrationsFolder: folder });
}

describe('migrations on a database that holds data', () => {
  it('0009: a bank credit note written as text keeps its words as {"code":"text"}; no note stays none', async () => {
    const handle = await freshDatabase();
    await migrateUpTo(handle, '0008_bank_credit_order');
    await handle.db.execute(sql`
      insert into bank_credits (source, amount_cents, currency, booking_date, entry_reference, status, note)
      values ('camt053', 100000, 'EUR', '2026-11-02', 'E-OLD-1', 'unmatched', 'Überweisung ohne Referenz'),
             ('camt053', 5000, 'EUR', '2026-11-02', 'E-OLD-2', 'unmatched', null)`);

    await migrateDatabase(handle);

    const { rows } = await handle.db.execute<{ entry_reference: string; note: unknown; type: string | null }>(
      sql`select entry_reference, note, jsonb_typeof(note) as type from bank_credits order by entry_reference`,
    );
    expect(
      rows.map((r) => ({ ...r, note: typeof r.note === 'string' ? JSON.parse(r.note) : r.note })),
    ).toEqual([
      {
        entry_reference: 'E-OLD-1',
        note: { code: 'text', text: 'Überweisung ohne Referenz' },
        type: 'object',
      },
      { entry_reference: 'E-OLD-2', note: null, type: null },
    ]);
  });

  it('0012: a German country list seeded before names the Minor Outlying Islands in German; a changed name stays', async () => {
    const handle = await freshDatabase();
    await migrateUpTo(handle, '0011_invoice_year_berlin');
    await handle.db.execute(sql`
      insert into locales (code, name) values ('de', 'Deutsch'), ('en', 'English')`);
    await handle.db.execute(sql`
      insert into countries (code, enabled) values ('UM', true), ('XK', true)`);
    await handle.db.execute(sql`
      insert into country_translations (country_id, locale, name)
      select id, 'de', 'United States Minor Outlying Islands' from countries where code = 'UM'
      union all select id, 'en', 'United States Minor Outlying Islands' from countries where code = 'UM'
      union all select id, 'de', 'United States Minor Outlying Islands' from countries where code = 'XK'`);

    await migrateDatabase(handle);

    const { rows } = await handle.db.execute<{ code: string; locale: string; name: string }>(sql`
      select c.code, t.locale, t.name from country_translations t join countries c on c.id = t.country_id
      order by c.code, t.locale`);
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { code: 'UM', locale: 'de', name: 'Amerikanische Überseeinseln' },
      { code: 'UM', locale: 'en', name: 'United States Minor Outlying Islands' },
      { code: 'XK', locale: 'de', name: 'United States Minor Outlying Islands' },
    ]);
  });
  it('search: the products written before are indexed (normalised, stemmed, trigram name) by the migration', async () => {
    const handle = await freshDatabase();
    await migrateUpTo(handle, '0024_legal_document_versions');
    await handle.db.execute(
      sql`insert into locales (code, name) values ('de', 'Deutsch'), ('en', 'English')`,
    );
    await handle.db.execute(sql`
      insert into products (code, created_at, updated_at) values ('OLD_1', now(), now())`);
    await handle.db.execute(sql`
      insert into product_translations (product_id, locale, name, slug, description)
      select id, 'de', 'Dunkle Wälder bei Müller', 'dunkle-waelder', 'An der Straße.' from products
      union all select id, 'en', 'Dark Woods', 'dark-woods', null from products`);

    await migrateDatabase(handle);

    const found = async (phrase: string, locale: 'de' | 'en') => {
      const { rows } = await handle.db.execute<{ locale: string }>(sql`
        select locale from product_search_documents
        where locale = ${locale} and document @@ websearch_to_tsquery(search_config(${locale}), search_normalize(${phrase}))`);
      return rows.length;
    };
    expect(await found('Mueller Wald', 'de')).toBe(1);
    expect(await found('Strasse', 'de')).toBe(1);
    expect(await found('wood', 'en')).toBe(1);
    const { rows } = await handle.db.execute<{ n: number | string }>(sql`
      select count(*) as n from product_search_documents where word_similarity('dunkle waldr', name_norm) > 0.5`);
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
