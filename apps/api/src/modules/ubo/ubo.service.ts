import { AppError, type FieldViolation, notFound, validationFailed } from '@token/domain/errors';
import {
  hundredthsToPercent,
  percentToHundredths,
  type RepresentativeRole,
  representativeRoles,
  type UboPerson,
  type UboRepresentativeInput,
  type UboRole,
  type UboUserInput,
  type UboUserPatch,
  type UboUserView,
  uboPersonViolations,
  uboRoleCodes,
  uboUserReadOnlyFields,
} from '@token/domain/profile';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { addresses, customers, uboUsers } from '../../db/schema/index.ts';
import { referenceViolations } from '../accounts/customers.service.ts';

/*
 * Beneficial owners and representatives of a company account (spec 3 UBO person, spec 7
 * ubo-users). Only company accounts have them: every call of a personal account answers 409
 * `company_account_required`. Another customer's entry is "not found" (404). Each write checks the
 * one-person rules of `@token/domain/profile` on the whole resulting person; the list rules are
 * the onboarding rules' business.
 */

type UboRow = typeof uboUsers.$inferSelect;
type UboValues = Omit<typeof uboUsers.$inferInsert, 'id' | 'customerId' | 'createdAt' | 'updatedAt'>;

/** The API's view of a stored person: shares back in percent, "sent" as a flag. */
export function toUboUserView(r: UboRow): UboUserView {
  return {
    id: r.id,
    type: r.type,
    roles: r.roles as UboRole[],
    isUser: r.isUser,
    firstName: r.firstName,
    lastName: r.lastName,
    birthdate: r.birthDate,
    birthplace: r.birthPlace,
    street: r.street,
    postcode: r.postcode,
    city: r.city,
    country: r.country,
    nationality: r.nationality,
    pep: r.pep,
    equityShares: r.equityShares === null ? null : hundredthsToPercent(r.equityShares),
    votingShares: r.votingShares === null ? null : hundredthsToPercent(r.votingShares),
    companyName: r.companyName,
    companyType: r.companyType as UboUserView['companyType'],
    registerNumber: r.registerNumber,
    representativeRoles: r.representativeRoles as RepresentativeRole[],
    memberOfRepresentativeBody: r.memberOfRepresentativeBody,
    fictitiousBeneficialOwner: r.fictitiousBeneficialOwner,
    powerOfAttorney: r.powerOfAttorney,
    paysChurchTax: r.paysChurchTax,
    representativeSent: r.representativeSentAt !== null,
  };
}

/** The person a client describes (view fields, percent) -> the row's columns (hundredths). */
type PersonFields = Omit<UboUserView, 'id' | 'isUser' | 'representativeSent'>;

const blank = (v: string | null | undefined) => (v ? v : null);

function toValues(p: PersonFields): UboValues {
  return {
    type: p.type,
    roles: [...p.roles],
    firstName: blank(p.firstName),
    lastName: blank(p.lastName),
    birthDate: blank(p.birthdate),
    birthPlace: blank(p.birthplace),
    street: blank(p.street),
    postcode: blank(p.postcode),
    city: blank(p.city),
    country: blank(p.country),
    nationality: blank(p.nationality),
    pep: p.pep,
    equityShares: p.equityShares === null ? null : percentToHundredths(p.equityShares),
    votingShares: p.votingShares === null ? null : percentToHundredths(p.votingShares),
    companyName: blank(p.companyName),
    companyType: p.companyType,
    registerNumber: blank(p.registerNumber),
    representativeRoles: [...p.representativeRoles],
    memberOfRepresentativeBody: p.memberOfRepresentativeBody,
    fictitiousBeneficialOwner: p.fictitiousBeneficialOwner,
    powerOfAttorney: p.powerOfAttorney,
    paysChurchTax: p.paysChurchTax,
  };
}

/** A person without anything filled in: the base a POST or a merge-patch is applied to. */
const emptyPerson: PersonFields = {
  type: 'natural',
  roles: [],
  firstName: null,
  lastName: null,
  birthdate: null,
  birthplace: null,
  street: null,
  postcode: null,
  city: null,
  country: null,
  nationality: null,
  pep: false,
  equityShares: null,
  votingShares: null,
  companyName: null,
  companyType: null,
  registerNumber: null,
  representativeRoles: [],
  memberOfRepresentativeBody: false,
  fictitiousBeneficialOwner: false,
  powerOfAttorney: false,
  paysChurchTax: false,
};

/**
 * Applies a merge-patch (RFC 7396) to a person: fields not sent stay, null clears (a statement back
 * to false, a list back to empty), managed fields (`id`, `isUser`, `representativeSent`) are ignored.
 */
export function mergePerson(base: PersonFields, patch: UboUserPatch | UboRepresentativeInput): PersonFields {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || (uboUserReadOnlyFields as readonly string[]).includes(key)) continue;
    merged[key] = value === null ? emptyPerson[key as keyof PersonFields] : value;
  }
  return merged as PersonFields;
}

/** Throws 422 with every violation of the one-person rules and of the reference data (countries). */
async function assertValidPerson(db: Db, person: PersonFields): Promise<void> {
  const violations: FieldViolation[] = [
    ...uboPersonViolations(person as UboPerson),
    ...(await referenceViolations(db, {
      countries: [
        { propertyPath: 'country', code: person.country },
        { propertyPath: 'nationality', code: person.nationality },
      ],
    })),
  ];
  // One violation per field: a missing nationality is "required", not also "invalid country".
  const seen = new Set<string>();
  const unique = violations.filter((v) => !seen.has(v.propertyPath) && seen.add(v.propertyPath));
  if (unique.length) throw validationFailed(unique);
}

/**
 * Only company accounts name representatives and beneficial owners: a personal account gets 409
 * `company_account_required` (a clear answer rather than an empty list it could never fill).
 */
export async function assertCompanyAccount(db: Db, customerId: number, opts: { lock?: boolean } = {}) {
  const query = db
    .select({ accountType: customers.accountType })
    .from(customers)
    .where(eq(customers.id, customerId));
  const [c] = opts.lock ? await query.for('update') : await query;
  if (!c) throw notFound();
  if (c.accountType !== 'company') throw new AppError('company_account_required');
}

/** GET ubo-users: the company's persons, the user's own entry first, then in the order entered. */
export async function listUboUsers(opts: {
  db: Database;
  customerId: number;
  page: Page;
}): Promise<{ items: UboUserView[]; totalItems: number }> {
  await assertCompanyAccount(opts.db, opts.customerId);
  const where = eq(uboUsers.customerId, opts.customerId);
  const [rows, [total]] = await Promise.all([
    opts.db
      .select()
      .from(uboUsers)
      .where(where)
      .orderBy(desc(uboUsers.isUser), asc(uboUsers.id))
      .limit(opts.page.itemsPerPage)
      .offset((opts.page.page - 1) * opts.page.itemsPerPage),
    opts.db.select({ n: count() }).from(uboUsers).where(where),
  ]);
  return { items: rows.map(toUboUserView), totalItems: total?.n ?? 0 };
}

/** POST ubo-users: names another person (natural or legal) with roles and statements. */
export async function createUboUser(opts: {
  db: Database;
  customerId: number;
  input: UboUserInput;
}): Promise<UboUserView> {
  const person = mergePerson(emptyPerson, opts.input);
  return opts.db.transaction(async (tx) => {
    await assertCompanyAccount(tx, opts.customerId);
    await assertValidPerson(tx, person);
    const [r] = await tx
      .insert(uboUsers)
      .values({ customerId: opts.customerId, isUser: false, ...toValues(person) })
      .returning();
    return toUboUserView(r!);
  });
}

/**
 * POST ubo-users/representative: the user themself as authorised representative (role 10,
 * `isUser`). The person is taken from the user's profile (names, birth date and place,
 * nationality, default address, PEP declaration, church tax, role in the company); fields sent
 * complete or replace it. The user has one such entry: when it exists it is answered unchanged
 * (`created: false`), so a repeated call (a reload) creates no second one.
 */
export async function createUserRepresentative(opts: {
  db: Database;
  customerId: number;
  input: UboRepresentativeInput;
}): Promise<{ item: UboUserView; created: boolean }> {
  return opts.db.transaction(async (tx) => {
    // The customer row lock serialises two calls at once: only one creates the entry.
    await assertCompanyAccount(tx, opts.customerId, { lock: true });
    const [existing] = await tx
      .select()
      .from(uboUsers)
      .where(and(eq(uboUsers.customerId, opts.customerId), eq(uboUsers.isUser, true)))
      .orderBy(asc(uboUsers.id))
      .limit(1);
    if (existing) return { item: toUboUserView(existing), created: false };

    const [row] = await tx
      .select({ customer: customers, address: addresses })
      .from(customers)
      .leftJoin(addresses, eq(addresses.id, customers.defaultAddressId))
      .where(eq(customers.id, opts.customerId));
    const c = row!.customer;
    const a = row!.address;
    const role = c.representativeRole as RepresentativeRole | null;
    const fromProfile: PersonFields = {
      ...emptyPerson,
      firstName: c.firstName,
      lastName: c.lastName,
      birthdate: c.birthDate,
      birthplace: c.birthCity,
      street: a?.street ?? null,
      postcode: a?.postcode ?? null,
      city: a?.city ?? null,
      country: a?.countryCode ?? null,
      nationality: c.nationality,
      // notPep true = declared not politically exposed
      pep: c.notPep === false,
      paysChurchTax: c.paysChurchTax ?? false,
      representativeRoles: role && (representativeRoles as readonly string[]).includes(role) ? [role] : [],
    };
    const merged = mergePerson(fromProfile, opts.input);
    const person: PersonFields = {
      ...merged,
      type: 'natural',
      roles: [...new Set([uboRoleCodes.authorisedRepresentative, ...merged.roles])] as UboRole[],
    };
    await assertValidPerson(tx, person);
    const [r] = await tx
      .insert(uboUsers)
      .values({ customerId: opts.customerId, isUser: true, ...toValues(person) })
      .returning();
    return { item: toUboUserView(r!), created: true };
  });
}

/**
 * PATCH ubo-users/{id}/representative: the representative was sent (spec 5: role 10 is then
 * removed, so the entry no longer counts as needing authority). Repeating it changes nothing.
 */
export async function sendRepresentative(opts: {
  db: Database;
  customerId: number;
  id: number;
  now?: Date;
}): Promise<UboUserView> {
  const now = opts.now ?? new Date();
  return opts.db.transaction(async (tx) => {
    await assertCompanyAccount(tx, opts.customerId);
    const [r] = await tx
      .select()
      .from(uboUsers)
      .where(and(eq(uboUsers.id, opts.id), eq(uboUsers.customerId, opts.customerId)))
      .for('update');
    if (!r) throw notFound();
    const [updated] = await tx
      .update(uboUsers)
      .set({
        roles: r.roles.filter((role) => role !== uboRoleCodes.authorisedRepresentative),
        representativeSentAt: r.representativeSentAt ?? now,
        updatedAt: now,
      })
      .where(eq(uboUsers.id, r.id))
      .returning();
    return toUboUserView(updated!);
  });
}

/** PATCH ubo-users/{id} (merge-patch): changes the fields sent; the resulting person must pass the rules. */
export async function patchUboUser(opts: {
  db: Database;
  customerId: number;
  id: number;
  patch: UboUserPatch;
}): Promise<UboUserView> {
  return opts.db.transaction(async (tx) => {
    await assertCompanyAccount(tx, opts.customerId);
    const [r] = await tx
      .select()
      .from(uboUsers)
      .where(and(eq(uboUsers.id, opts.id), eq(uboUsers.customerId, opts.customerId)))
      .for('update');
    if (!r) throw notFound();
    const { id: _id, isUser: _isUser, representativeSent: _sent, ...current } = toUboUserView(r);
    const person = mergePerson(current, opts.patch);
    await assertValidPerson(tx, person);
    const [updated] = await tx
      .update(uboUsers)
      .set({ ...toValues(person), updatedAt: new Date() })
      .where(eq(uboUsers.id, r.id))
      .returning();
    return toUboUserView(updated!);
  });
}

/** DELETE ubo-users/{id}. */
export async function deleteUboUser(opts: { db: Database; customerId: number; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    await assertCompanyAccount(tx, opts.customerId);
    const deleted = await tx
      .delete(uboUsers)
      .where(and(eq(uboUsers.id, opts.id), eq(uboUsers.customerId, opts.customerId)))
      .returning({ id: uboUsers.id });
    if (deleted.length === 0) throw notFound();
  });
}
