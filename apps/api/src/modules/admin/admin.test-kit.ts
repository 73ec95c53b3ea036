import { createHash, randomBytes } from 'node:crypto';
import { professionalConsequencesNotice } from '@token/domain/documents';
import type { Database } from '../../db/client.ts';
import {
  customerDocuments,
  type customers,
  identifications,
  professionalRequestFiles,
  professionalRequests,
  storedFiles,
  wallets,
} from '../../db/schema/index.ts';
import {
  type CustomerRow,
  seedAnsweredQuestionnaire,
  seedInvestor,
  seedOperator,
} from '../../db/seed/factories.ts';
import type { App } from '../../http/types.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import { openSession } from '../accounts/sessions.service.ts';
import type { StoredCriteria } from '../professional/professional.service.ts';

/*
 * Test kit of the admin module's integration tests: operators, customers at the stages the review
 * cares about, stored files, and calls to /api/v2/admin/ as a given session.
 */

/** A base32 TOTP secret for a test operator. */
export const operatorSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * An access token of a fresh session of `customer` (what a login would hand out); `secondFactor`:
 * the login passed a two-factor code (operators need it).
 */
export async function tokenFor(
  app: App,
  customer: { id: number; uuid: string },
  opts: { secondFactor?: boolean } = {},
): Promise<string> {
  const session = await openSession({
    db: app.db,
    tokens: app.accountKit.tokens,
    customer,
    client: { ip: '127.0.0.1', userAgent: 'vitest' },
    secondFactorPassed: opts.secondFactor ?? false,
  });
  return session.token;
}

export type Answer = {
  status: number;
  headers: Record<string, unknown>;
  body: Record<string, unknown> & { [k: string]: unknown };
};

/** Calls the operator API with `token` (or none) in `locale`. */
export function admin(app: App, token?: string, locale: 'de' | 'en' = 'de') {
  const call = async (method: 'GET' | 'POST', path: string, payload?: unknown): Promise<Answer> => {
    const res = await app.inject({
      method,
      url: `/api/v2/admin${path}`,
      headers: {
        accept: 'application/json',
        'accept-language': locale,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    let body: Record<string, unknown> = {};
    try {
      body = res.body ? res.json() : {};
    } catch {
      body = { raw: res.body };
    }
    return { status: res.statusCode, headers: res.headers, body };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown = {}) => call('POST', path, body),
  };
}

/** An operator (role admin, two-factor on) and a token of theirs from a login with a code. */
export async function operatorWithToken(
  app: App,
  appSecret: string,
  overrides: Partial<typeof customers.$inferInsert> = {},
) {
  const operator = await seedOperator(app.db, { appSecret, twoFactorSecret: operatorSecret, ...overrides });
  return { operator, token: await tokenFor(app, operator, { secondFactor: true }) };
}

/** A minimal PDF, as an upload would have stored it. */
export const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A file of the customer on the storage port with its record (as the upload module stores it). */
export async function storeFile(
  db: Database,
  storage: StoragePort,
  customerId: number,
  opts: { name?: string; bytes?: Buffer; mediaType?: string } = {},
) {
  const bytes = opts.bytes ?? pdfBytes;
  const storageKey = `private/customer-files/${randomBytes(16).toString('hex')}`;
  await storage.put(storageKey, bytes, opts.mediaType ?? 'application/pdf');
  const [row] = await db
    .insert(storedFiles)
    .values({
      customerId,
      storageKey,
      originalName: opts.name ?? 'Handelsregisterauszug.pdf',
      mediaType: opts.mediaType ?? 'application/pdf',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    })
    .returning();
  return row!;
}

/**
 * A customer who went through onboarding up to a passed identification (the last step) and waits
 * for the review: personal data, PEP answers, the appropriateness test (both WpHG surveys above 7),
 * a custody wallet, a registry document, and an identification. `adequacy: false` leaves the test
 * unanswered, `wallet: false` the wallet missing (onboarding not complete).
 */
export async function seedIdentifiedCustomer(
  app: App,
  appSecret: string,
  overrides: Partial<typeof customers.$inferInsert> & {
    identifiedAt?: Date;
    kycState?: string;
    adequacy?: boolean;
    wallet?: boolean;
  } = {},
): Promise<CustomerRow & { fileUuid: string }> {
  const { identifiedAt, kycState, adequacy = true, wallet = true, ...columns } = overrides;
  const customer = await seedInvestor(app.db, {
    appSecret,
    birthDate: '1985-04-12',
    birthCity: 'Leipzig',
    birthCountry: 'DE',
    nationality: 'DE',
    mobileNumber: '+49 151 11122233',
    notPep: true,
    actingOnOwnAccount: true,
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    beneficiary: 'Erika Mustermann',
    kycPassed: true,
    cryptoRegistrarStatus: 'approval_required',
    address: { street: 'Karl-Liebknecht-Straße 5', postcode: '04107', city: 'Leipzig', countryCode: 'DE' },
    ...columns,
  });
  const at = identifiedAt ?? new Date();
  await app.db.insert(identifications).values({
    customerId: customer.id,
    provider: 'sandbox',
    externalId: `kyc-${randomBytes(6).toString('hex')}`,
    state: kycState ?? 'approved',
    partnerResult: kycState === 'rejected_in_review' ? 'FRAUD_SUSPICION_PENDING' : 'SUCCESS',
    urlKycStart: 'http://localhost:3000/sandbox/kyc/start',
    result: { firstName: customer.firstName, lastName: customer.lastName, document: 'ID_CARD' },
    decidedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  if (adequacy) {
    await seedAnsweredQuestionnaire(app.db, { customerId: customer.id, type: 'optional', grade: 1 });
    await seedAnsweredQuestionnaire(app.db, { customerId: customer.id, type: 'wphg_bonds', grade: 9 });
    await seedAnsweredQuestionnaire(app.db, { customerId: customer.id, type: 'wphg_crypto', grade: 11 });
  }
  if (wallet) {
    await app.db.insert(wallets).values({
      customerId: customer.id,
      type: 'custody',
      name: 'Verwahrung',
      address: `0x${randomBytes(20).toString('hex')}`,
      defaultWallet: true,
      provider: 'sandbox',
      externalId: randomBytes(6).toString('hex'),
    });
  }
  const file = await storeFile(app.db, app.partners.storage, customer.id);
  await app.db.insert(customerDocuments).values({
    customerId: customer.id,
    fileId: file.id,
    type: 'registry_excerpt',
    purpose: 'commercial_register_excerpt',
    issuedAt: '2026-01-15',
  });
  return { ...customer, fileUuid: file.uuid };
}

/** An open request of `customer` to be classified as a professional client, with one evidence file. */
export async function seedProfessionalRequest(app: App, customerId: number, createdAt = new Date()) {
  const [request] = await app.db
    .insert(professionalRequests)
    .values({
      customerId,
      criteria: {
        statements: [
          { criterion: 'transactions', explanation: 'Zehn Anleihekäufe je Quartal über 10.000 EUR' },
          { criterion: 'portfolio', explanation: 'Depot über 500.000 EUR' },
        ],
        consequencesAcknowledgedAt: createdAt.toISOString(),
        noticeVersion: professionalConsequencesNotice.version,
      } satisfies StoredCriteria,
      createdAt,
    })
    .returning();
  const file = await storeFile(app.db, app.partners.storage, customerId, { name: 'Depotauszug 2025.pdf' });
  const transactions = await storeFile(app.db, app.partners.storage, customerId, {
    name: 'Abrechnungen 2025.pdf',
  });
  await app.db.insert(professionalRequestFiles).values([
    { requestId: request!.id, fileId: file.id, criterion: 'portfolio' },
    { requestId: request!.id, fileId: transactions.id, criterion: 'transactions' },
  ]);
  return { request: request!, file };
}
