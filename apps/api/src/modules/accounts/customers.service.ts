import type {
  AddressInput,
  AddressView,
  CompanyUpdateInput,
  CustomerUpdateInput,
  CustomerView,
} from '@token/domain/accounts';
import { AppError, type FieldViolation, notFound, validationFailed } from '@token/domain/errors';
import { companyDataViolations, resolveBirthDate } from '@token/domain/profile';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { addresses, countries, currencies, customers, wallets } from '../../db/schema/index.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import { getOnboarding } from '../onboarding/onboarding.service.ts';
import { assertCompanyNameFree, companyNameExists, toCustomerView } from './accounts.service.ts';
import { applyProfileImage, profileImageOf, resolveProfileImage } from './profile-image.ts';

type CustomerRow = typeof customers.$inferSelect;
type CustomerChanges = Partial<typeof customers.$inferInsert>;

/** The address of the customer's default wallet (spec 3 `defaultWallet`), or null. */
export async function defaultWalletAddress(db: Db, customerId: number): Promise<string | null> {
  const [w] = await db
    .select({ address: wallets.address })
    .from(wallets)
    .where(and(eq(wallets.customerId, customerId), eq(wallets.defaultWallet, true)));
  return w?.address ?? null;
}

/** The view of a customer row with what lives beside it (the default wallet, the onboarding state). */
export async function customerViewOf(db: Db, row: CustomerRow, publicUrl: string): Promise<CustomerView> {
  const [defaultWallet, onboarding, profileImage] = await Promise.all([
    defaultWalletAddress(db, row.id),
    getOnboarding({ db, customerId: row.id }),
    profileImageOf(db, row.id),
  ]);
  return toCustomerView(row, publicUrl, { defaultWallet, onboarding, profileImage });
}

/** The customer's own record (GET customers/{uuid}). */
export async function getCustomer(opts: {
  db: Database | Tx;
  customerId: number;
  publicUrl: string;
}): Promise<CustomerView> {
  const [c] = await opts.db.select().from(customers).where(eq(customers.id, opts.customerId));
  if (!c) throw notFound();
  return customerViewOf(opts.db, c, opts.publicUrl);
}

/**
 * Violations for codes that are not in the reference data: countries (`invalid_country`) and
 * currencies (`invalid_currency`), each named by the field that holds it. Blank values are skipped.
 */
export async function referenceViolations(
  db: Db,
  refs: {
    countries?: { propertyPath: string; code: string | null | undefined }[];
    currencies?: { propertyPath: string; code: string | null | undefined }[];
  },
): Promise<FieldViolation[]> {
  const wantedCountries = (refs.countries ?? []).filter((r): r is { propertyPath: string; code: string } =>
    Boolean(r.code),
  );
  const wantedCurrencies = (refs.currencies ?? []).filter((r): r is { propertyPath: string; code: string } =>
    Boolean(r.code),
  );
  const [knownCountries, knownCurrencies] = await Promise.all([
    wantedCountries.length
      ? db
          .select({ code: countries.code })
          .from(countries)
          .where(inArray(countries.code, [...new Set(wantedCountries.map((r) => r.code))]))
      : [],
    wantedCurrencies.length
      ? db
          .select({ code: currencies.code })
          .from(currencies)
          .where(inArray(currencies.code, [...new Set(wantedCurrencies.map((r) => r.code))]))
      : [],
  ]);
  const countrySet = new Set(knownCountries.map((c) => c.code));
  const currencySet = new Set(knownCurrencies.map((c) => c.code));
  return [
    ...wantedCountries
      .filter((r) => !countrySet.has(r.code))
      .map((r): FieldViolation => ({ propertyPath: r.propertyPath, code: 'invalid_country' })),
    ...wantedCurrencies
      .filter((r) => !currencySet.has(r.code))
      .map((r): FieldViolation => ({ propertyPath: r.propertyPath, code: 'invalid_currency' })),
  ];
}

/** The body field of PUT customers/{uuid} -> the column it changes (spec 3 spellings -> storage). */
const customerColumns = {
  salutation: 'salutation',
  title: 'title',
  firstName: 'firstName',
  lastName: 'lastName',
  mobileNumber: 'mobileNumber',
  profileName: 'profileName',
  profileDescription: 'profileDescription',
  displayName: 'displayName',
  website: 'website',
  socialLinks: 'socialLinks',
  subscribedToNewsletter: 'subscribedToNewsletter',
  locale: 'locale',
  birthCity: 'birthCity',
  birthCountry: 'birthCountry',
  nationality: 'nationality',
  iban: 'iban',
  bic: 'bic',
  bankName: 'bankName',
  beneficiary: 'beneficiary',
  bankCountry: 'bankCountry',
  bankCurrency: 'bankCurrency',
  notPep: 'notPep',
  actingOnOwnAccount: 'actingOnOwnAccount',
  representativeConfirmation: 'representativeConfirmation',
  representative_role: 'representativeRole',
  paysChurchTax: 'paysChurchTax',
  ethAddress: 'ethAddress',
} as const satisfies Partial<Record<keyof CustomerUpdateInput, keyof CustomerChanges>>;

/**
 * PUT customers/{uuid}: changes the account fields and the spec 3 personal profile. Only the fields
 * sent change ('' or null clears one); platform-managed fields sent back are ignored. Countries and
 * the currency must be in the reference data; every violation is reported at once and nothing changes.
 */
export async function updateCustomer(opts: {
  db: Database;
  customerId: number;
  input: CustomerUpdateInput;
  publicUrl: string;
  /** Checks an avatar upload whose bytes arrived unchecked (`profileImage`). */
  storage: StoragePort;
}): Promise<CustomerView> {
  const { input } = opts;
  const changes: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(customerColumns)) {
    const value = input[field as keyof typeof customerColumns];
    if (value === undefined) continue;
    changes[column] = value === '' ? null : value;
  }
  const violations: FieldViolation[] = [];
  const birth = resolveBirthDate(input);
  if ('violation' in birth) violations.push(birth.violation);
  else if (birth.value !== undefined) changes.birthDate = birth.value;
  violations.push(
    ...(await referenceViolations(opts.db, {
      countries: [
        { propertyPath: 'birthCountry', code: input.birthCountry },
        { propertyPath: 'nationality', code: input.nationality },
        { propertyPath: 'bankCountry', code: input.bankCountry },
      ],
      currencies: [{ propertyPath: 'bankCurrency', code: input.bankCurrency }],
    })),
  );
  const profileImage = await resolveProfileImage({
    db: opts.db,
    storage: opts.storage,
    customerId: opts.customerId,
    value: input.profileImage,
  });
  if (profileImage.kind === 'refused') violations.push(profileImage.violation);
  if (violations.length) throw validationFailed(violations);
  try {
    return await opts.db.transaction(async (tx) => {
      const [c] = await tx
        .update(customers)
        .set({ ...(changes as CustomerChanges), updatedAt: new Date() })
        .where(eq(customers.id, opts.customerId))
        .returning();
      if (!c) throw notFound();
      await applyProfileImage(tx, c.id, profileImage);
      return await customerViewOf(tx, c, opts.publicUrl);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'customers_profileName_unique')) {
      throw new AppError('validation_failed', {
        violations: [{ propertyPath: 'profileName', code: 'profile_name_taken' }],
      });
    }
    throw err;
  }
}

/**
 * PUT companies/{uuid}: the whole company form of a company account (name, type, tax and VAT
 * number, register number and court, founding date, bank account). A personal account has no
 * company: 404. The name is unique without case; countries and currency come from the reference data.
 */
export async function updateCompany(opts: {
  db: Database;
  customerId: number;
  input: CompanyUpdateInput;
  publicUrl: string;
}): Promise<CustomerView> {
  const { input } = opts;
  const blankToNull = (v: string | null | undefined) => (v ? v : null);
  try {
    return await opts.db.transaction(async (tx) => {
      const [c] = await tx.select().from(customers).where(eq(customers.id, opts.customerId)).for('update');
      if (c?.accountType !== 'company') throw notFound();
      const violations = [
        ...companyDataViolations(input),
        ...(await referenceViolations(tx, {
          countries: [{ propertyPath: 'bankCountry', code: input.bankCountry }],
          currencies: [{ propertyPath: 'bankCurrency', code: input.bankCurrency }],
        })),
      ];
      if (violations.length) throw validationFailed(violations);
      await assertCompanyNameFree(tx, input.companyName, c.id);
      const [updated] = await tx
        .update(customers)
        .set({
          companyName: input.companyName,
          companyType: input.companyType,
          taxNumber: input.taxnumber,
          vatNumber: blankToNull(input.vatNumber),
          registryNumber: blankToNull(input.registryNumber),
          court: blankToNull(input.court),
          foundingDate: input.foundingDate,
          iban: input.iban,
          bic: input.bic,
          bankName: input.bankName,
          beneficiary: input.beneficiary,
          bankCountry: input.bankCountry,
          bankCurrency: input.bankCurrency,
          updatedAt: new Date(),
        })
        .where(eq(customers.id, c.id))
        .returning();
      return customerViewOf(tx, updated!, opts.publicUrl);
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
