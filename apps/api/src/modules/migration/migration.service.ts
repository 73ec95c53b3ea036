import { AppError, notFound } from '@token/domain/errors';
import { migrationStates } from '@token/domain/onboarding';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { addresses, countries, customers, legacyCustomerRecords } from '../../db/schema/index.ts';
import { type LegacyCustomerData, readLegacyCustomerData } from './legacy-record.ts';

type CustomerRow = typeof customers.$inferSelect;

type AddressData = NonNullable<LegacyCustomerData['address']>;

/** What a migration took over: the customer's fields it filled and the record's fields it could not use. */
export type MigrationOutcome = { migratedFields: string[]; skippedFields: string[] };

/** Whether the former platform has a record for an address (sign-up marks the account: migration needed). */
export async function hasLegacyRecord(opts: { db: Database | Tx; email: string }): Promise<boolean> {
  const [row] = await opts.db
    .select({ id: legacyCustomerRecords.id })
    .from(legacyCustomerRecords)
    .where(and(eq(legacyCustomerRecords.email, opts.email), isNull(legacyCustomerRecords.customerId)));
  return row !== undefined;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The codes among `codes` that the reference data knows. */
async function knownCountries(tx: Tx, codes: (string | undefined)[]): Promise<Set<string>> {
  const wanted = [...new Set(codes.filter((c): c is string => c !== undefined))];
  if (wanted.length === 0) return new Set();
  const rows = await tx
    .select({ code: countries.code })
    .from(countries)
    .where(inArray(countries.code, wanted));
  return new Set(rows.map((r) => r.code));
}

/**
 * The customer's empty fields the record fills; names are from the customer record (spec 3).
 * Company data only for company accounts; country codes only when the reference data knows them.
 */
function fieldChanges(c: CustomerRow, data: LegacyCustomerData, known: Set<string>) {
  const changes: Partial<typeof customers.$inferInsert> = {};
  const migrated: string[] = [];
  const skipped: string[] = [];
  const take = <K extends keyof typeof customers.$inferInsert>(
    column: K,
    value: (typeof customers.$inferInsert)[K] | undefined,
    field: string = column,
  ) => {
    if (value === undefined || !isEmpty(c[column as keyof CustomerRow])) return;
    changes[column] = value;
    migrated.push(field);
  };
  const country = (field: string, code: string | undefined) => {
    if (code !== undefined && !known.has(code)) {
      skipped.push(field);
      return undefined;
    }
    return code;
  };
  take('salutation', data.salutation);
  take('title', data.title);
  take('firstName', data.firstName);
  take('lastName', data.lastName);
  take('birthDate', data.birthDate);
  take('birthCity', data.birthCity);
  take('birthCountry', country('birthCountry', data.birthCountry));
  take('nationality', country('nationality', data.nationality));
  take('mobileNumber', data.mobileNumber);
  take('taxNumber', data.taxNumber);
  take('vatNumber', data.vatNumber);
  take('paysChurchTax', data.paysChurchTax);
  take('ethAddress', data.ethAddress);
  // The bank account is one thing: taken whole into an account that has none yet.
  if (data.bank && isEmpty(c.iban)) {
    const bankCountry = country('bank.bankCountry', data.bank.bankCountry);
    take('iban', data.bank.iban, 'bank.iban');
    take('bic', data.bank.bic, 'bank.bic');
    take('bankName', data.bank.bankName, 'bank.bankName');
    take('beneficiary', data.bank.beneficiary, 'bank.beneficiary');
    take('bankCountry', bankCountry, 'bank.bankCountry');
    take('bankCurrency', data.bank.bankCurrency, 'bank.bankCurrency');
  }
  const companyFields = ['companyType', 'registryNumber', 'court', 'foundingDate'] as const;
  if (c.accountType === 'company') {
    take('companyType', data.companyType);
    take('registryNumber', data.registryNumber);
    take('court', data.court);
    take('foundingDate', data.foundingDate);
  } else {
    for (const f of companyFields) if (data[f] !== undefined) skipped.push(f);
  }
  return { changes, migrated, skipped };
}

/** Adds an address in the customer's name (as it will be after the migration). */
async function addAddress(
  tx: Tx,
  c: Pick<CustomerRow, 'id' | 'firstName' | 'lastName' | 'companyName'>,
  kind: 'personal' | 'company',
  address: AddressData,
): Promise<number> {
  const [row] = await tx
    .insert(addresses)
    .values({
      customerId: c.id,
      kind,
      firstName: c.firstName ?? '',
      lastName: c.lastName ?? '',
      company: kind === 'company' ? c.companyName : null,
      countryCode: address.countryCode,
      street: address.street,
      city: address.city,
      postcode: address.postcode,
    })
    .returning({ id: addresses.id });
  return row!.id;
}

/**
 * PUT customers/migration/{uuid}: loads the former platform's record for the customer's e-mail into
 * the customer, filling only empty fields (what the customer entered already stays), and marks the
 * migration done (`migrationState` 1). A record belongs to one customer: once taken over it is not
 * loaded into another account. None found: `migrationState` 2 with the reason, and 404
 * `migration_not_found`.
 */
export async function migrateCustomer(opts: {
  db: Database;
  customerId: number;
  now?: Date;
}): Promise<MigrationOutcome> {
  const now = opts.now ?? new Date();
  const outcome = await opts.db.transaction(async (tx) => {
    const [c] = await tx.select().from(customers).where(eq(customers.id, opts.customerId)).for('update');
    if (!c) throw notFound();
    const [record] = await tx
      .select()
      .from(legacyCustomerRecords)
      .where(
        and(
          eq(legacyCustomerRecords.email, c.email),
          or(isNull(legacyCustomerRecords.customerId), eq(legacyCustomerRecords.customerId, c.id)),
        ),
      )
      .for('update');
    if (!record) {
      await tx
        .update(customers)
        .set({
          migrationState: migrationStates.notFound,
          migrationError: 'migration_not_found',
          updatedAt: now,
        })
        .where(eq(customers.id, c.id));
      return null;
    }
    const { data, skipped: unreadable } = readLegacyCustomerData(record.data);
    const known = await knownCountries(tx, [
      data.birthCountry,
      data.nationality,
      data.bank?.bankCountry,
      data.address?.countryCode,
      data.companyAddress?.countryCode,
    ]);
    const { changes, migrated, skipped } = fieldChanges(c, data, known);
    const named = {
      ...c,
      firstName: changes.firstName ?? c.firstName,
      lastName: changes.lastName ?? c.lastName,
    };
    if (data.address) {
      if (!known.has(data.address.countryCode)) skipped.push('address');
      else if (c.defaultAddressId === null) {
        changes.defaultAddressId = await addAddress(tx, named, 'personal', data.address);
        migrated.push('address');
      }
    }
    if (data.companyAddress) {
      const [existing] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.customerId, c.id), eq(addresses.kind, 'company')));
      if (c.accountType !== 'company' || !known.has(data.companyAddress.countryCode)) {
        skipped.push('companyAddress');
      } else if (!existing) {
        await addAddress(tx, named, 'company', data.companyAddress);
        migrated.push('companyAddress');
      }
    }
    await tx
      .update(customers)
      .set({ ...changes, migrationState: migrationStates.migrated, migrationError: null, updatedAt: now })
      .where(eq(customers.id, c.id));
    await tx
      .update(legacyCustomerRecords)
      .set({ customerId: c.id, migratedAt: record.migratedAt ?? now })
      .where(eq(legacyCustomerRecords.id, record.id));
    return { migratedFields: migrated, skippedFields: [...unreadable, ...skipped] };
  });
  // The "not found" state is kept (committed above); the customer hears 404.
  if (!outcome) throw new AppError('migration_not_found');
  return outcome;
}
