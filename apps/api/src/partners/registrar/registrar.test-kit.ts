import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { seedCustomer, seedWallet } from '../../db/seed/factories.ts';
import type { RegistrarInstruction, RegistrarPort } from './port.ts';

/*
 * Test kit of the registrar adapters' tests (sandbox and EVM): how they name bonds, make holders
 * with custodial addresses, and hand instructions to an adapter, so both exercise the port alike.
 */

/** An instruction as the tests write it: the bond by its code alone. */
export type TestInstruction = Omit<RegistrarInstruction, 'bond'> & { bond: string };

/** Fresh bond codes with a prefix per test file (`SANDBOX_BOND_1`, `EVM_BOND_1`, …). */
export function bondCodes(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}_${++n}`;
}

/** A random EIP-55 address nobody holds a wallet for (off every allow-list). */
export const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

/** A fresh customer's custodial wallet address (on the registrar's allow-list). */
export async function custodialAddress(db: Database): Promise<string> {
  const customer = await seedCustomer(db);
  return (await seedWallet(db, { customerId: customer.id })).address;
}

/** The bond's `token_id` as the platform stores it (the EVM adapter writes its contract there). */
export async function tokenIdOf(db: Database, code: string): Promise<string | null> {
  const [row] = await db.select({ tokenId: products.tokenId }).from(products).where(eq(products.code, code));
  return row?.tokenId ?? null;
}

/**
 * A submit function for one adapter: the bond's token id is read from the products table (null for
 * a bond the sandbox knows by code only), as the submit job does.
 */
export function submitterFor(db: Database, registrar: RegistrarPort) {
  return async (i: TestInstruction, via: RegistrarPort = registrar) =>
    via.submit({ db, instruction: { ...i, bond: { code: i.bond, tokenId: await tokenIdOf(db, i.bond) } } });
}

/** A mint of `amount` tokens to `toAddress`, keyed by the bond and a label. */
export const mintOf = (
  bond: string,
  toAddress: string | null,
  amount: number,
  label = 'm',
): TestInstruction => ({
  key: `${label}-${bond}`,
  kind: 'mint',
  bond,
  fromAddress: null,
  toAddress,
  amount,
});

/** A transfer of `amount` tokens, keyed by the bond and a label. */
export const transferOf = (
  bond: string,
  fromAddress: string,
  toAddress: string,
  amount: number,
  label = 't',
): TestInstruction => ({ key: `${label}-${bond}`, kind: 'transfer', bond, fromAddress, toAddress, amount });

/** A burn of `amount` tokens, keyed by the bond and a label. */
export const burnOf = (bond: string, fromAddress: string, amount: number, label = 'b'): TestInstruction => ({
  key: `${label}-${bond}`,
  kind: 'burn',
  bond,
  fromAddress,
  toAddress: null,
  amount,
});
