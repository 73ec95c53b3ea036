import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { param, prepared } from './prepared.ts';
import { taxCategories } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(async () => {
  await t.close();
});

const categoryByCode = prepared('test_category_by_code', (db) =>
  db
    .select({ name: taxCategories.name, rate: taxCategories.rateBasisPoints })
    .from(taxCategories)
    .where(eq(taxCategories.code, sql.placeholder('code'))),
);
const categoryAdded = prepared('test_category_added', (db) =>
  db
    .insert(taxCategories)
    .values({ code: param('code'), name: param('name'), rateBasisPoints: param('rate') })
    .returning({ id: taxCategories.id }),
);

describe('prepared statements', () => {
  it('run on the database and, inside a transaction, on its connection (they see its uncommitted rows)', async () => {
    const db = t.app.db;
    await categoryAdded(db).execute({ code: 'prep_std', name: 'Standard', rate: 1900 });
    expect(await categoryByCode(db).execute({ code: 'prep_std' })).toEqual([
      { name: 'Standard', rate: 1900 },
    ]);

    const rolledBack = new Error('roll back');
    await expect(
      db.transaction(async (tx) => {
        await categoryAdded(tx).execute({ code: 'prep_tx', name: 'In the transaction', rate: 700 });
        // the same statement, run on the transaction: its own row, not yet committed, is there
        expect(await categoryByCode(tx).execute({ code: 'prep_tx' })).toEqual([
          { name: 'In the transaction', rate: 700 },
        ]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    // rolled back with the transaction: the insert ran on the transaction's connection too
    expect(await categoryByCode(db).execute({ code: 'prep_tx' })).toEqual([]);
  });

  it('refuses a second statement of the same name', () => {
    expect(() => prepared('test_category_by_code', (db) => db.select().from(taxCategories))).toThrow(
      /already named test_category_by_code/,
    );
  });
});
