import { notFound } from '@token/domain/errors';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';

/*
 * Shared by the operator's register services (minting, register, whitelist): the bond of a
 * `/bonds/{code}/` path and how customers are named in their answers.
 */

export type BondRow = typeof products.$inferSelect;

/** The bond (product) with this code; an unknown code is not found. */
export async function getBond(db: Db, code: string): Promise<BondRow> {
  const [bond] = await db.select().from(products).where(eq(products.code, code));
  if (!bond) throw notFound();
  return bond;
}

/** A customer as the operator's lists name them: company name for a legal person, else the person's name. */
export function partyOf(c: {
  uuid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  accountType: string;
  companyName: string | null;
}) {
  const person = [c.firstName, c.lastName].filter(Boolean).join(' ').trim();
  const name = (c.accountType === 'company' && c.companyName) || person || c.email;
  return { uuid: c.uuid, name, email: c.email };
}

/** The customer columns `partyOf` reads, for a select. */
export function partyColumns<
  T extends Record<'uuid' | 'email' | 'firstName' | 'lastName' | 'accountType' | 'companyName', unknown>,
>(table: T) {
  return {
    uuid: table.uuid,
    email: table.email,
    firstName: table.firstName,
    lastName: table.lastName,
    accountType: table.accountType,
    companyName: table.companyName,
  } as Pick<T, 'uuid' | 'email' | 'firstName' | 'lastName' | 'accountType' | 'companyName'>;
}
