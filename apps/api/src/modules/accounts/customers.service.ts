import {
  type AddressInput,
  type AddressView,
  type CompanyUpdateInput,
  type CustomerUpdateInput,
  type CustomerView,
  customerReadOnlyFields,
} from '@token/domain/accounts';
import { AppError, notFound } from '@token/domain/errors';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { addresses, countries, customers } from '../../db/schema/index.ts';
import { assertCompanyNameFree, companyNameExists, toCustomerView } from './accounts.service.ts';

/** The customer's own record (GET customers/{uuid}). */
export async function getCustomer(opts: {
  db: Database | Tx;
  customerId: number;
  publicUrl: string;
}): Promise<CustomerView> {
  const [c] = await opts.db.select().from(customers).where(eq(customers.id, opts.customerId));
  if (!c) throw notFound();
  return toCustomerView(c, opts.publicUrl);
}

/** PUT customers/{uuid}: changes what a customer may change; managed fields sent back are ignored. */
export async function updateCustomer(opts: {
  db: Database;
  customerId: number;
  input: CustomerUpdateInput;
  publicUrl: string;
}): Promise<CustomerView> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(opts.input)) {
    if ((customerReadOnlyFields as readonly string[]).includes(key) || value === undefined) continue;
    changes[key] = value === '' ? null : value;
  }
  try {
    const [c] = await opts.db
      .update(customers)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(customers.id, opts.customerId))
      .returning();
    if (!c) throw notFound();
    return toCustomerView(c, opts.publicUrl);
  } catch (err) {
    if (isUniqueViolation(err, 'customers_profileName_unique')) {
      throw new AppError('validation_failed', {
        violations: [{ propertyPath: 'profileName', code: 'profile_name_taken' }],
      });
    }
    throw err;
  }
}

/** PUT companies/{uuid}: the company's name and type (a company account only). */
export async function updateCompany(opts: {
  db: Database;
  customerId: number;
  input: CompanyUpdateInput;
  publicUrl: string;
}): Promise<CustomerView> {
  try {
    return await opts.db.transaction(async (tx) => {
      const [c] = await tx.select().from(customers).where(eq(customers.id, opts.customerId));
      if (c?.accountType !== 'company') throw notFound();
      await assertCompanyNameFree(tx, opts.input.companyName, c.id);
      const [updated] = await tx
        .update(customers)
        .set({
          companyName: opts.input.companyName,
          companyType: opts.input.companyType,
          updatedAt: new Date(),
        })
        .where(eq(customers.id, c.id))
        .returning();
      return toCustomerView(updated!, opts.publicUrl);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'customers_company_name_unique')) throw companyNameExists();
    throw err;
  }
}

function toAddressView(a: typeof addresses.$inferSelect): AddressView {
  return {
    id: a.id,
    kind: a.kind,
    firstName: a.firstName,
    lastName: a.lastName,
    company: a.company,
    countryCode: a.countryCode,
    street: a.street,
    city: a.city,
    postcode: a.postcode,
    phoneNumber: a.phoneNumber,
  };
}

/** The customer's addresses of one kind: the default address first, then the newest. */
export async function listAddresses(opts: {
  db: Database;
  customerId: number;
  kind: 'personal' | 'company';
  page: { page: number; itemsPerPage: number };
}): Promise<{ items: AddressView[]; totalItems: number }> {
  const where = and(eq(addresses.customerId, opts.customerId), eq(addresses.kind, opts.kind));
  const [rows, [count]] = await Promise.all([
    opts.db
      .select({ address: addresses })
      .from(addresses)
      .innerJoin(customers, eq(customers.id, addresses.customerId))
      .where(where)
      .orderBy(sql`(${addresses.id} = ${customers.defaultAddressId}) desc nulls last`, desc(addresses.id))
      .limit(opts.page.itemsPerPage)
      .offset((opts.page.page - 1) * opts.page.itemsPerPage),
    opts.db.select({ n: sql<number>`count(*)::int` }).from(addresses).where(where),
  ]);
  return { items: rows.map((r) => toAddressView(r.address)), totalItems: count?.n ?? 0 };
}

/** One of the customer's addresses; another customer's is "not found". */
export async function getAddress(opts: {
  db: Database | Tx;
  customerId: number;
  id: number;
}): Promise<AddressView> {
  const [a] = await opts.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, opts.id), eq(addresses.customerId, opts.customerId)));
  if (!a) throw notFound();
  return toAddressView(a);
}

async function assertKnownCountry(db: Database | Tx, code: string) {
  const [c] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
  if (!c) {
    throw new AppError('validation_failed', {
      violations: [{ propertyPath: 'countryCode', code: 'invalid_country' }],
    });
  }
}

function addressValues(input: AddressInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    company: input.company || null,
    countryCode: input.countryCode,
    street: input.street,
    city: input.city,
    postcode: input.postcode,
    phoneNumber: input.phoneNumber || null,
  };
}

/** POST addresses: stores the address; a personal one becomes the customer's default address. */
export async function createAddress(opts: {
  db: Database;
  customerId: number;
  input: AddressInput;
}): Promise<AddressView> {
  await assertKnownCountry(opts.db, opts.input.countryCode);
  return opts.db.transaction(async (tx) => {
    const kind = opts.input.kind ?? 'personal';
    const [a] = await tx
      .insert(addresses)
      .values({ customerId: opts.customerId, kind, ...addressValues(opts.input) })
      .returning();
    if (kind === 'personal') {
      await tx
        .update(customers)
        .set({ defaultAddressId: a!.id, updatedAt: new Date() })
        .where(eq(customers.id, opts.customerId));
    }
    return toAddressView(a!);
  });
}

/** PUT addresses/{id}: replaces one of the customer's addresses. */
export async function updateAddress(opts: {
  db: Database;
  customerId: number;
  id: number;
  input: AddressInput;
}): Promise<AddressView> {
  await assertKnownCountry(opts.db, opts.input.countryCode);
  const [a] = await opts.db
    .update(addresses)
    .set({ ...addressValues(opts.input), updatedAt: new Date() })
    .where(and(eq(addresses.id, opts.id), eq(addresses.customerId, opts.customerId)))
    .returning();
  if (!a) throw notFound();
  return toAddressView(a);
}
