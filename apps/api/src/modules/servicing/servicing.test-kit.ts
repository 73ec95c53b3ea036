import { exampleBondTerms } from '@token/domain/servicing';
import { expect } from 'vitest';
import { seedBond, seedBuyer } from '../../db/seed/factories.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { appendConfirmed } from '../register/register.test-kit.ts';

export const termsOf = exampleBondTerms;

/** PUT terms as the operator holding `token` (or anonymously). */
export function putTerms(t: TestApp, code: string, body: unknown, token: string | undefined) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v2/admin/bonds/${code}/terms`,
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body as object,
  });
}

/** A confirmed mint recorded at `at` (the register's journal as it stood then). */
export function mintAt(t: TestApp, productId: number, customerId: number, amount: number, at: string) {
  return appendConfirmed(t.app.db, {
    productId,
    kind: 'mint',
    fromCustomerId: null,
    toCustomerId: customerId,
    amount,
    cause: { type: 'order', orderId: `seed-${productId}-${customerId}-${at}` },
    now: new Date(at),
  });
}

/** A bond with `termsOf()` saved and holders minted after the issue (3, 7 and 990 tokens by default). */
export async function servicedBond(t: TestApp, token: string, tokens: number[] = [3, 7, 990]) {
  // The variant leaves room for a mint after the record date.
  const { product, variant } = await seedBond(t.app.db, { variant: { totalSupply: 2_000 } });
  const terms = termsOf({ totalSupply: 2_000, issueVolumeCents: 200_000_000 });
  expect((await putTerms(t, product.code, terms, token)).statusCode).toBe(200);
  const holders = [];
  for (const n of tokens) {
    const buyer = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    await mintAt(t, product.id, buyer.id, n, '2020-04-01T10:00:00Z');
    holders.push({ buyer, tokens: n });
  }
  return { product, variant, code: product.code, holders };
}
