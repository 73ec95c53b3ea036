import { isProfessionalInvestor } from '@token/domain/accounts';
import { platformDayOf } from '@token/domain/calendar';
import { notFound } from '@token/domain/errors';
import {
  type AddressFacts,
  customerLifecycle,
  isRiskQuestionnairePassed,
  isStateOf,
  needsMoreInformation,
  type Onboarding,
  type OnboardingFacts,
  onboardingOf,
  parseKycState,
  registrarLifecycle,
  wphgSurveyTypes,
} from '@token/domain/onboarding';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  addresses,
  answeredQuestionnaires,
  customerDocuments,
  customers,
  identifications,
  professionalRequests,
  uboUsers,
  wallets,
} from '../../db/schema/index.ts';

/*
 * The API side of THE entry gate: the facts of customers read from the database, and the
 * contract's `onboarding` computed from them by `onboardingOf` (@token/domain/onboarding).
 * Five queries whatever the customers have entered and however many are asked for (no N+1): the
 * customers with the latest identification, wallet and professional request folded in, then
 * addresses, persons, documents and questionnaires. The customer record and the operators' review
 * queue read the same facts.
 */

const professionalRequestStatuses = ['requested', 'approved', 'refused', 'withdrawn'] as const;
type ProfessionalRequestStatus = (typeof professionalRequestStatuses)[number];

const toAddressFacts = (a: typeof addresses.$inferSelect | undefined): AddressFacts | null =>
  a ? { street: a.street, city: a.city, postcode: a.postcode, countryCode: a.countryCode } : null;

/**
 * The outer customer's id, qualified: drizzle leaves the columns of a one-table select
 * unqualified, so inside a correlated subquery `customers.id` would bind to the inner table.
 */
const outerCustomerId = sql.raw('"customers"."id"');

/** Groups rows by their customer id. */
function byCustomer<R extends { customerId: number }>(rows: readonly R[]): Map<number, R[]> {
  const groups = new Map<number, R[]>();
  for (const r of rows) {
    const group = groups.get(r.customerId);
    if (group) group.push(r);
    else groups.set(r.customerId, [r]);
  }
  return groups;
}

/**
 * Everything the entry gate reads about each of `customerIds`, in five queries whatever their
 * number; unknown ids are absent from the answer.
 */
export async function loadOnboardingFactsOf(opts: {
  db: Db;
  customerIds: readonly number[];
}): Promise<Map<number, OnboardingFacts>> {
  const { db } = opts;
  const ids = [...new Set(opts.customerIds)];
  const facts = new Map<number, OnboardingFacts>();
  if (ids.length === 0) return facts;
  const [customerRows, addressRows, personRows, documentRows, questionnaireRows] = await Promise.all([
    db
      .select({
        customer: customers,
        kycState: sql<string | null>`(
          select ${identifications.state} from ${identifications}
          where ${identifications.customerId} = ${outerCustomerId}
          order by ${identifications.createdAt} desc, ${identifications.id} desc limit 1)`,
        hasWallet: sql<boolean>`exists (select 1 from ${wallets} where ${wallets.customerId} = ${outerCustomerId})`,
        professionalRequestStatus: sql<string | null>`(
          select ${professionalRequests.status} from ${professionalRequests}
          where ${professionalRequests.customerId} = ${outerCustomerId}
          order by ${professionalRequests.createdAt} desc, ${professionalRequests.id} desc limit 1)`,
      })
      .from(customers)
      .where(inArray(customers.id, ids)),
    db
      .select()
      .from(addresses)
      .where(inArray(addresses.customerId, ids))
      .orderBy(desc(addresses.createdAt), desc(addresses.id)),
    db.select().from(uboUsers).where(inArray(uboUsers.customerId, ids)).orderBy(asc(uboUsers.id)),
    db
      .select({
        customerId: customerDocuments.customerId,
        purpose: customerDocuments.purpose,
        issuedAt: customerDocuments.issuedAt,
        createdAt: customerDocuments.createdAt,
      })
      .from(customerDocuments)
      .where(inArray(customerDocuments.customerId, ids)),
    db
      .select({
        customerId: answeredQuestionnaires.customerId,
        type: answeredQuestionnaires.type,
        grade: answeredQuestionnaires.grade,
        result: answeredQuestionnaires.result,
      })
      .from(answeredQuestionnaires)
      .where(and(inArray(answeredQuestionnaires.customerId, ids), isNull(answeredQuestionnaires.deletedAt)))
      .orderBy(desc(answeredQuestionnaires.createdAt), desc(answeredQuestionnaires.id)),
  ]);
  const addressesOf = byCustomer(addressRows);
  const personsOf = byCustomer(personRows);
  const documentsOf = byCustomer(documentRows);
  const questionnairesOf = byCustomer(questionnaireRows);
  for (const row of customerRows) {
    const c = row.customer;
    facts.set(
      c.id,
      factsOf(row, {
        addresses: addressesOf.get(c.id) ?? [],
        persons: personsOf.get(c.id) ?? [],
        documents: documentsOf.get(c.id) ?? [],
        questionnaires: questionnairesOf.get(c.id) ?? [],
      }),
    );
  }
  return facts;
}

/** Everything the entry gate reads about one customer; throws not found for an unknown customer. */
export async function loadOnboardingFacts(opts: { db: Db; customerId: number }): Promise<OnboardingFacts> {
  const facts = (await loadOnboardingFactsOf({ db: opts.db, customerIds: [opts.customerId] })).get(
    opts.customerId,
  );
  if (!facts) throw notFound();
  return facts;
}

/** One customer's facts from their rows (addresses and questionnaires newest first). */
function factsOf(
  row: {
    customer: typeof customers.$inferSelect;
    kycState: string | null;
    hasWallet: boolean;
    professionalRequestStatus: string | null;
  },
  rows: {
    addresses: (typeof addresses.$inferSelect)[];
    persons: (typeof uboUsers.$inferSelect)[];
    documents: Pick<typeof customerDocuments.$inferSelect, 'purpose' | 'issuedAt' | 'createdAt'>[];
    questionnaires: Pick<typeof answeredQuestionnaires.$inferSelect, 'type' | 'grade' | 'result'>[];
  },
): OnboardingFacts {
  const c = row.customer;
  const addressRows = rows.addresses;

  // The default address is the personal one (contract); the company's is the newest of kind company.
  const personalAddress =
    addressRows.find((a) => a.id === c.defaultAddressId) ?? addressRows.find((a) => a.kind === 'personal');
  const companyAddress = addressRows.find((a) => a.kind === 'company');

  // The latest answer of each type (rows come newest first); deleted answers are not read.
  const latest = new Map<string, (typeof rows.questionnaires)[number]>();
  for (const q of rows.questionnaires) if (!latest.has(q.type)) latest.set(q.type, q);
  const risk = latest.get('risk');

  const professionalRequestStatus = professionalRequestStatuses.includes(
    row.professionalRequestStatus as ProfessionalRequestStatus,
  )
    ? (row.professionalRequestStatus as ProfessionalRequestStatus)
    : null;

  return {
    accountType: c.accountType,
    customerStatus: isStateOf(customerLifecycle, c.status) ? c.status : null,
    registrarStatus: isStateOf(registrarLifecycle, c.cryptoRegistrarStatus) ? c.cryptoRegistrarStatus : null,
    followUpSeen: c.followUpSeenAt !== null,
    personal: {
      firstName: c.firstName,
      lastName: c.lastName,
      birthDate: c.birthDate,
      mobileNumber: c.mobileNumber,
      bankName: c.bankName,
      beneficiary: c.beneficiary,
      bic: c.bic,
      iban: c.iban,
      representativeConfirmation: c.representativeConfirmation,
      address: toAddressFacts(personalAddress),
    },
    company: {
      companyName: c.companyName,
      companyType: c.companyType,
      taxnumber: c.taxNumber,
      vatNumber: c.vatNumber,
      iban: c.iban,
      bic: c.bic,
      bankName: c.bankName,
      beneficiary: c.beneficiary,
      bankCountry: c.bankCountry,
      bankCurrency: c.bankCurrency,
      foundingDate: c.foundingDate,
      profileDescription: c.profileDescription,
      address: toAddressFacts(companyAddress),
    },
    notPep: c.notPep,
    actingOnOwnAccount: c.actingOnOwnAccount,
    uboUsers: rows.persons.map((p) => ({
      id: p.id,
      type: p.type,
      roles: p.roles,
      isUser: p.isUser,
      equityShares: p.equityShares,
      votingShares: p.votingShares,
      fictitiousBeneficialOwner: p.fictitiousBeneficialOwner,
      representativeSent: p.representativeSentAt !== null,
      heldThroughId: p.heldThroughId,
    })),
    // spec 5: a document's age is judged on the (Berlin) day it was uploaded.
    documents: rows.documents.map((d) => ({
      purpose: d.purpose,
      issuedAt: d.issuedAt,
      uploadedOn: platformDayOf(d.createdAt),
    })),
    adequacy: {
      optionalGrade: latest.get('optional')?.grade ?? null,
      surveyGrades: Object.fromEntries(
        wphgSurveyTypes.map((t) => [t, latest.get(t)?.grade ?? null]),
      ) as Record<(typeof wphgSurveyTypes)[number], number | null>,
      riskAnswered: risk !== undefined,
      riskPassed: isRiskQuestionnairePassed(risk?.result),
      isProfessional: isProfessionalInvestor(c.roles),
    },
    professionalRequestStatus,
    kycState: row.kycState === null ? null : parseKycState(row.kycState),
    kycPassed: c.kycPassed,
    hasWallet: row.hasWallet,
  };
}

/** The customer's `onboarding` (contract): next route, progress steps, may buy, banner. */
export async function getOnboarding(opts: { db: Db; customerId: number }): Promise<Onboarding> {
  return onboardingOf(await loadOnboardingFacts(opts));
}

/**
 * spec 2 "more information needed leads once to the contact page": records that the customer was
 * led there (`followUpSeenAt`), so the gate lets them through afterwards. Only while a follow-up is
 * open and not yet seen; returns whether it recorded anything. Whoever opens a new follow-up clears
 * `followUpSeenAt` so the next one leads to /contact again.
 */
export async function markFollowUpSeen(opts: { db: Db; customerId: number; now: Date }): Promise<boolean> {
  const { db, customerId, now } = opts;
  const [current] = await db
    .select({ status: customers.status, registrar: customers.cryptoRegistrarStatus })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!current) throw notFound();
  const followUp = needsMoreInformation({
    customerStatus: isStateOf(customerLifecycle, current.status) ? current.status : null,
    registrarStatus: isStateOf(registrarLifecycle, current.registrar) ? current.registrar : null,
  });
  if (!followUp) return false;
  const updated = await db
    .update(customers)
    .set({ followUpSeenAt: now })
    .where(
      and(
        eq(customers.id, customerId),
        isNull(customers.followUpSeenAt),
        or(eq(customers.status, 'follow_up'), eq(customers.cryptoRegistrarStatus, 'follow_up')),
      ),
    )
    .returning({ id: customers.id });
  return updated.length > 0;
}
