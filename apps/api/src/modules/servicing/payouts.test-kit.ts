import { exampleBondTerms } from '@token/domain/servicing';
import { expect } from 'vitest';
import type { customers } from '../../db/schema/index.ts';
import { seedChannel } from '../../db/seed/channel.ts';
import { seedBond, seedBuyer } from '../../db/seed/factories.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { admin } from '../admin/admin.test-kit.ts';
import { appendConfirmed } from '../register/register.test-kit.ts';

/*
 * Set-up shared by the payout file and settlement tests (issue 17), as servicing.test.ts sets up a
 * run: terms of a 5.5 % annual bond from 2020-03-31, holders minted after the issue, a run of the
 * first period (paid 2021-03-31) prepared and approved.
 */

/** The channel (its collection account is the payout account) for a test app seeded with reference data. */
export async function withChannel(t: TestApp) {
  await t.app.db.transaction((tx) => seedChannel(tx));
}

export const termsOf = exampleBondTerms;

type Holder = Partial<typeof customers.$inferInsert> & { tokens: number };

/** Valid German IBANs (check digits right) for holders. */
export const holderIbans = ['DE02120300000000202051', 'DE02100500000054540402', 'DE75512108001245126199'];

let companies = 0;

/** A bond with terms and holders (3, 7, 990 tokens by default, with IBANs), its first run approved. */
export async function approvedRun(t: TestApp, token: string, holders?: Holder[]) {
  const { product } = await seedBond(t.app.db, { variant: { totalSupply: 2_000 } });
  const ops = admin(t.app, token);
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/v2/admin/bonds/${product.code}/terms`,
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    payload: termsOf(),
  });
  expect(put.statusCode).toBe(200);
  const list = holders ?? [
    { tokens: 3, firstName: 'Jürgen', lastName: 'Müßig', iban: holderIbans[0] },
    { tokens: 7, beneficiary: 'Zoë Lefèvre & Søren Ærø', iban: holderIbans[1] },
    {
      tokens: 990,
      accountType: 'company' as const,
      companyName: `Grün AG ${++companies}`,
      iban: holderIbans[2],
    },
  ];
  const buyers = [];
  for (const { tokens, ...fields } of list) {
    const buyer = await seedBuyer(t.app.db, { appSecret: t.config.appSecret, ...fields });
    await appendConfirmed(t.app.db, {
      productId: product.id,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: buyer.id,
      amount: tokens,
      cause: { type: 'order', orderId: `seed-${product.id}-${buyer.id}` },
      now: new Date('2020-04-01T10:00:00Z'),
    });
    buyers.push({ buyer, tokens });
  }
  const prepared = await ops.post(`/bonds/${product.code}/coupon-runs`, { periodIndex: 1 });
  expect(prepared.status).toBe(201);
  const runId = prepared.body.id as number;
  const approved = await ops.post(`/bonds/${product.code}/coupon-runs/${runId}/approve`);
  expect(approved.status).toBe(200);
  const run = approved.body as unknown as {
    holders: { customer: { uuid: string }; amountCents: number; payout: { id: number; status: string } }[];
  };
  return { product, code: product.code, runId, buyers, run };
}

/** GET the run's payout file. */
export function payoutFile(t: TestApp, code: string, runId: number, token?: string) {
  return t.app.inject({
    url: `/api/v2/admin/bonds/${code}/coupon-runs/${runId}/payout-file`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A multipart body with text fields and one file (field `file`). */
export function multipartBody(fields: Record<string, string>, file: string | Buffer, fileField = 'file') {
  const boundary = `----payout${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="f.xml"\r\nContent-Type: application/xml\r\n\r\n`,
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
