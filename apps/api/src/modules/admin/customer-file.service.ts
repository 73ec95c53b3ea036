import {
  availableDecisions,
  type CustomerFile,
  kycDisplayOf,
  parseKycState,
  type ReviewedCustomer,
  type ReviewedFile,
  type ReviewedProfessionalRequest,
} from '@token/domain/compliance';
import { notFound } from '@token/domain/errors';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  addresses,
  answeredQuestionnaires,
  customerDocuments,
  customers,
  identifications,
  professionalRequestFiles,
  professionalRequests,
  storedFiles,
  uboUsers,
  wallets,
} from '../../db/schema/index.ts';
import { findCustomerErasure } from '../privacy/erasure.service.ts';
import { toUboUserView } from '../ubo/ubo.service.ts';
import { displayName } from './audit-log.service.ts';
import { queueReasonsOf } from './review-queue.service.ts';

/** The operator's address of a stored file (opens it in the browser). */
export function operatorFileUrl(uuid: string): string {
  return `/api/v2/admin/files/${uuid}`;
}

function fileView(f: { uuid: string; originalName: string; size: number; mediaType: string }): ReviewedFile {
  return {
    uuid: f.uuid,
    name: f.originalName,
    size: f.size,
    mediaType: f.mediaType,
    downloadUrl: operatorFileUrl(f.uuid),
  };
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The customer row as the review shows it (spec 3 spellings, as the shop's customer resource). */
export function reviewedCustomerOf(c: typeof customers.$inferSelect): ReviewedCustomer {
  return {
    uuid: c.uuid,
    email: c.email,
    accountType: c.accountType,
    salutation: c.salutation,
    title: c.title,
    firstName: c.firstName,
    lastName: c.lastName,
    fullName: displayName(c),
    locale: c.locale,
    verified: c.verifiedAt !== null,
    twoFactorEnabled: c.twoFactorEnabled,
    customerRolesAsString: c.roles,
    status: c.status,
    cryptoRegistrarStatus: c.cryptoRegistrarStatus,
    kycPassed: c.kycPassed,
    followUpMessage: c.followUpMessage,
    followUpSeenAt: iso(c.followUpSeenAt),
    birthDate: c.birthDate,
    birthCity: c.birthCity,
    birthCountry: c.birthCountry,
    nationality: c.nationality,
    mobileNumber: c.mobileNumber,
    notPep: c.notPep,
    actingOnOwnAccount: c.actingOnOwnAccount,
    representativeConfirmation: c.representativeConfirmation,
    representative_role: c.representativeRole,
    paysChurchTax: c.paysChurchTax,
    iban: c.iban,
    bic: c.bic,
    bankName: c.bankName,
    beneficiary: c.beneficiary,
    bankCountry: c.bankCountry,
    bankCurrency: c.bankCurrency,
    companyName: c.companyName,
    companyType: c.companyType,
    taxnumber: c.taxNumber,
    vatNumber: c.vatNumber,
    registryNumber: c.registryNumber,
    court: c.court,
    foundingDate: c.foundingDate,
    ethAddress: c.ethAddress,
    migrationState: c.migrationState,
    createdAt: c.createdAt.toISOString(),
  };
}

async function professionalRequestsOf(
  db: Database,
  customerId: number,
): Promise<ReviewedProfessionalRequest[]> {
  const decider = alias(customers, 'decider');
  const requests = await db
    .select({
      request: professionalRequests,
      deciderUuid: decider.uuid,
      deciderEmail: decider.email,
      deciderFirstName: decider.firstName,
      deciderLastName: decider.lastName,
    })
    .from(professionalRequests)
    .leftJoin(decider, eq(decider.id, professionalRequests.decidedById))
    .where(eq(professionalRequests.customerId, customerId))
    .orderBy(desc(professionalRequests.createdAt), desc(professionalRequests.id));
  const ids = requests.map((r) => r.request.id);
  const files = ids.length
    ? await db
        .select({
          requestId: professionalRequestFiles.requestId,
          criterion: professionalRequestFiles.criterion,
          file: storedFiles,
        })
        .from(professionalRequestFiles)
        .innerJoin(storedFiles, eq(storedFiles.id, professionalRequestFiles.fileId))
        .where(inArray(professionalRequestFiles.requestId, ids))
        .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id))
    : [];
  return requests.map(({ request: r, ...d }) => ({
    id: r.id,
    status: r.status,
    criteria: r.criteria,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
    decidedBy:
      d.deciderUuid === null || d.deciderEmail === null
        ? null
        : {
            uuid: d.deciderUuid,
            email: d.deciderEmail,
            fullName: displayName({
              firstName: d.deciderFirstName,
              lastName: d.deciderLastName,
              email: d.deciderEmail,
            }),
          },
    files: files
      .filter((f) => f.requestId === r.id)
      .map((f) => ({ ...fileView(f.file), criterion: f.criterion })),
  }));
}

/**
 * Everything the review needs about one customer: personal and company data, addresses,
 * beneficial owners and representatives, documents, identifications, questionnaires (answered again
 * ones included), wallets, professional requests, why the customer waits, which decisions can be
 * taken now, and the customer's erasure request (an erased customer's file stays readable, as what
 * the law keeps, for an authority's request, and takes no decision). An unknown uuid is not found.
 */
export async function getCustomerFile(opts: {
  db: Database;
  customerUuid: string;
  /** The operator reading: no decision on their own account (decisions.service.ts). */
  operatorId?: number;
}): Promise<CustomerFile> {
  const { db } = opts;
  const [customer] = await db
    .select()
    .from(customers)
    .where(eq(customers.uuid, opts.customerUuid.toLowerCase()));
  if (!customer) throw notFound();
  const id = customer.id;
  const [
    addressRows,
    uboRows,
    documentRows,
    identificationRows,
    questionnaireRows,
    walletRows,
    requests,
    reasons,
    erasure,
  ] = await Promise.all([
    db
      .select()
      .from(addresses)
      .where(eq(addresses.customerId, id))
      .orderBy(asc(addresses.kind), asc(addresses.id)),
    db.select().from(uboUsers).where(eq(uboUsers.customerId, id)).orderBy(asc(uboUsers.id)),
    db
      .select({ document: customerDocuments, file: storedFiles })
      .from(customerDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, customerDocuments.fileId))
      .where(eq(customerDocuments.customerId, id))
      .orderBy(asc(customerDocuments.purpose), desc(customerDocuments.createdAt), desc(customerDocuments.id)),
    db
      .select()
      .from(identifications)
      .where(eq(identifications.customerId, id))
      .orderBy(desc(identifications.createdAt), desc(identifications.id)),
    db
      .select()
      .from(answeredQuestionnaires)
      .where(eq(answeredQuestionnaires.customerId, id))
      .orderBy(desc(answeredQuestionnaires.createdAt), desc(answeredQuestionnaires.id)),
    db.select().from(wallets).where(eq(wallets.customerId, id)).orderBy(asc(wallets.id)),
    professionalRequestsOf(db, id),
    queueReasonsOf({ db, customerId: id }),
    findCustomerErasure(db, id),
  ]);
  const erased = erasure?.state === 'confirmed';
  return {
    customer: reviewedCustomerOf(customer),
    addresses: addressRows.map((a) => ({
      id: a.id,
      kind: a.kind,
      isDefault: a.id === customer.defaultAddressId,
      firstName: a.firstName,
      lastName: a.lastName,
      company: a.company,
      street: a.street,
      postcode: a.postcode,
      city: a.city,
      countryCode: a.countryCode,
      phoneNumber: a.phoneNumber,
    })),
    uboUsers: uboRows.map(toUboUserView),
    documents: documentRows.map(({ document: d, file }) => ({
      id: d.id,
      type: d.type,
      purpose: d.purpose,
      scope: d.scope,
      issuedAt: d.issuedAt,
      createdAt: d.createdAt.toISOString(),
      file: fileView(file),
    })),
    identifications: identificationRows.map((i) => {
      const state = parseKycState(i.state);
      return {
        id: i.id,
        provider: i.provider,
        state: i.state,
        stateAsString: i.state,
        display: state === null ? null : kycDisplayOf(state).display,
        partnerResult: i.partnerResult,
        result: i.result ?? null,
        createdAt: i.createdAt.toISOString(),
        decidedAt: iso(i.decidedAt),
      };
    }),
    questionnaires: questionnaireRows.map((q) => ({
      id: q.id,
      type: q.type,
      version: q.version,
      answers: q.answers,
      grade: q.grade,
      result: q.result,
      warningsShown: q.warningsShown,
      warningsAcknowledged: q.warningsAcknowledgedAt !== null,
      warningsAcknowledgedAt: iso(q.warningsAcknowledgedAt),
      createdAt: q.createdAt.toISOString(),
      deletedAt: iso(q.deletedAt),
    })),
    wallets: walletRows.map((w) => ({
      id: w.id,
      type: w.type,
      name: w.name,
      address: w.address,
      defaultWallet: w.defaultWallet,
      createdAt: w.createdAt.toISOString(),
    })),
    professionalRequests: requests,
    queueReasons: reasons,
    decisions: availableDecisions({ status: customer.status, kycPassed: customer.kycPassed, erased }).map(
      (d) => (customer.id === opts.operatorId ? { ...d, blocker: 'forbidden' } : d),
    ),
    erasure,
  };
}

/** The operator as the admin area greets them. */
export async function getOperatorView(opts: { db: Database; operatorId: number }) {
  const [row] = await opts.db.select().from(customers).where(eq(customers.id, opts.operatorId));
  if (!row) throw notFound();
  return { uuid: row.uuid, email: row.email, fullName: displayName(row) };
}
