import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { sandboxRegistrarBalances } from '../../db/schema/index.ts';
import { seedBond, seedBuyer } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { holderAddressOf, queueInstruction } from './instructions.service.ts';
import { balanceDifferences, findLastReconciliation, reconcileAllBonds } from './reconciliation.service.ts';

/* The reconciliation on the sandbox registrar (the EVM chain's is in evm-registrar.test.ts). */

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  db = t.app.db;
});
afterAll(() => t.close());

describe('the reconciliation with the sandbox registrar', () => {
  it('is ok after a confirmed mint, names an address the registrar holds differently, and keeps each run', async () => {
    const buyer = await seedBuyer(db, { appSecret: t.config.appSecret });
    const { product } = await seedBond(db, { variant: { totalSupply: 100 } });
    expect(await findLastReconciliation(db, product.id)).toBeNull();
    await db.transaction((tx) =>
      queueInstruction(tx, {
        productId: product.id,
        kind: 'mint',
        fromCustomerId: null,
        toCustomerId: buyer.id,
        amount: 4,
        cause: { type: 'redemption', reference: 'test' },
        idempotencyKey: `rec-${product.id}`,
      }),
    );
    await t.jobs.drain({ includeDelayed: true });
    await reconcileAllBonds({ db, registrar: t.partners.registrar });
    expect(await findLastReconciliation(db, product.id)).toMatchObject({
      ok: true,
      registrar: 'sandbox',
      differences: [],
    });
    const address = (await db.transaction((tx) => holderAddressOf(tx, buyer.id)))!;
    const stranger = '0x00000000000000000000000000000000000000aa';
    await db
      .insert(sandboxRegistrarBalances)
      .values({ bondCode: product.code, address: stranger, balance: 2 });
    await reconcileAllBonds({ db, registrar: t.partners.registrar });
    const last = await findLastReconciliation(db, product.id);
    expect(last).toMatchObject({ ok: false, differences: [{ address: stranger, journal: 0, registrar: 2 }] });
    expect(last!.differences.map((d) => d.address)).not.toContain(address);
  });

  it('compares addresses without regard to case and leaves out those in flight', () => {
    const journal = new Map([
      ['0xabc', { address: '0xAbC', tokens: 5 }],
      ['0xdef', { address: '0xDeF', tokens: 1 }],
    ]);
    const registrar = new Map([
      ['0xABC', 5],
      ['0xDEF', 2],
    ]);
    expect(balanceDifferences(journal, registrar)).toEqual([{ address: '0xDEF', journal: 1, registrar: 2 }]);
    expect(balanceDifferences(journal, registrar, new Set(['0xdef']))).toEqual([]);
  });
});
