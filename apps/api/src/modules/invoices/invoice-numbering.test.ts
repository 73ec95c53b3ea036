import { formatInvoiceNumber, invoiceYearOf, parseInvoiceNumber } from '@token/domain/invoices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInvestor, seedOrder } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { testBond } from '../../test/orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t.close();
});

// The database numbers invoices in place_order_hold (migrations 0010, 0011); the domain's
// invoiceYearOf and formatInvoiceNumber state the rule. They must give the same number.
describe('invoice numbers: the SQL mirrors the domain rule', () => {
  it('numbers each order by the year of its Berlin day, gap-free, as the domain writes it', async () => {
    const { product, variant } = await testBond(t, { variant: { totalSupply: 1_000, onHand: 1_000 } });
    const instants = [
      '2050-06-30T10:00:00Z',
      '2050-12-31T22:59:59Z', // 23:59:59 in Berlin: still 2050
      '2050-12-31T23:00:00Z', // midnight in Berlin: 2051
      '2051-01-01T10:00:00Z',
      '2051-06-30T22:30:00Z', // summer: 00:30 on 1 July in Berlin, same year
    ];
    const expectedSequence = new Map<number, number>();
    for (const instant of instants) {
      const issuedAt = new Date(instant);
      const buyer = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
      const { order } = await seedOrder(t.app.db, { customerId: buyer.id, variant, quantity: 1 });
      const { rows } = await t.app.db.execute<{ refusal: string | null; invoice_number: string | null }>(sql`
        select refusal, invoice_number from place_order_hold(${product.id}::int, ${variant.id}::int,
          ${buyer.id}::int, ${order.id}::int, 1::int, 100::bigint, 100::bigint, null::bigint, null::int,
          ${issuedAt.toISOString()}::timestamptz)`);
      expect(rows[0]!.refusal).toBeNull();
      const year = invoiceYearOf(issuedAt);
      const sequence = (expectedSequence.get(year) ?? 0) + 1;
      expectedSequence.set(year, sequence);
      expect(rows[0]!.invoice_number, instant).toBe(formatInvoiceNumber(year, sequence));
      expect(parseInvoiceNumber(rows[0]!.invoice_number!)).toEqual({ year, sequence });
    }
    expect([...expectedSequence]).toEqual([
      [2050, 2],
      [2051, 3],
    ]);
  });
});
