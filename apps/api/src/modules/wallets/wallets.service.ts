import { AppError, notFound } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import {
  assertCanTransition,
  type CreateWalletInput,
  defaultCustodyWalletName,
  isRegistrarBanned,
  isStateOf,
  registrarLifecycle,
  type WalletView,
  walletTypes,
} from '@token/domain/wallets';
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Page } from '../../db/paging.ts';
import { addresses, customers, identifications, uboUsers, wallets } from '../../db/schema/index.ts';
import type { CustodyHolder, CustodyPort } from '../../partners/custody/port.ts';
import { custodyCompanyOf, custodyKycDocumentOf } from './custody-holder.ts';

type WalletRow = typeof wallets.$inferSelect;

function toWalletView(row: WalletRow): WalletView {
  return {
    id: row.id,
    type: (walletTypes as readonly string[]).includes(row.type)
      ? (row.type as WalletView['type'])
      : 'custody',
    name: row.name,
    address: row.address,
    defaultWallet: row.defaultWallet,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The customer's wallets, oldest first, paged (spec 9: up to 400 at once). */
export async function listWallets(opts: { db: Database; customerId: number; page: Page }) {
  const { db, customerId, page } = opts;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(wallets)
      .where(eq(wallets.customerId, customerId))
      .orderBy(asc(wallets.createdAt), asc(wallets.id))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(wallets).where(eq(wallets.customerId, customerId)),
  ]);
  return { items: rows.map(toWalletView), totalItems: total?.n ?? 0 };
}

/** One of the customer's wallets; another customer's wallet is not found (convention 3). */
export async function getWallet(opts: { db: Database; customerId: number; id: number }): Promise<WalletView> {
  const [row] = await opts.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, opts.id), eq(wallets.customerId, opts.customerId)));
  if (!row) throw notFound();
  return toWalletView(row);
}

type CustodyFacts = {
  uuid: string;
  status: string | null;
  cryptoRegistrarStatus: string | null;
  kycPassed: boolean;
  hasCustodyWallet: boolean;
};

async function custodyFactsOf(db: Db, customerId: number, lock: boolean): Promise<CustodyFacts> {
  const query = db
    .select({
      uuid: customers.uuid,
      status: customers.status,
      cryptoRegistrarStatus: customers.cryptoRegistrarStatus,
      kycPassed: customers.kycPassed,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  const [customer] = lock ? await query.for('update') : await query;
  if (!customer) throw notFound();
  const [custody] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.customerId, customerId), eq(wallets.type, 'custody')));
  return { ...customer, hasCustodyWallet: Boolean(custody) };
}

/**
 * Whether a custody wallet may be opened now: not for a banned customer (spec 6: registrar status
 * `rejected`, or the platform's ban), not twice, not before the identification passed (decision 032:
 * the custodian's customer carries it), and only where the registrar status may start over at
 * `approval_required`.
 */
function assertMayOpenCustodyWallet(facts: CustodyFacts) {
  const registrar = isStateOf(registrarLifecycle, facts.cryptoRegistrarStatus)
    ? facts.cryptoRegistrarStatus
    : null;
  if (isRegistrarBanned(registrar) || facts.status === 'banned') throw new AppError('customer_banned');
  if (facts.hasCustodyWallet) throw new AppError('wallet_exists');
  if (!facts.kycPassed) throw new AppError('identification_required');
  assertCanTransition(registrarLifecycle, registrar, 'approval_required');
}

/**
 * The holder as the custodian's customer record needs them (Tangany 2.0, decision 030): the customer's
 * opaque uuid as reference, the person's names, birth, nationality, personal address and the
 * identification that passed with its document; for a company account the company (name, legal form,
 * register, tax ids, address) and its representatives and beneficial owners. Nothing else leaves the
 * platform.
 */
async function custodyHolderOf(db: Db, customerId: number, reference: string): Promise<CustodyHolder> {
  const [person] = await db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      birthDate: customers.birthDate,
      birthPlace: customers.birthCity,
      birthCountry: customers.birthCountry,
      nationality: customers.nationality,
      email: customers.email,
      kycPassed: customers.kycPassed,
      accountType: customers.accountType,
      companyName: customers.companyName,
      companyType: customers.companyType,
      registryNumber: customers.registryNumber,
      court: customers.court,
      taxNumber: customers.taxNumber,
      vatNumber: customers.vatNumber,
      representativeRole: customers.representativeRole,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!person) throw notFound();
  const addressOf = async (kind: 'personal' | 'company') => {
    const [row] = await db
      .select({
        country: addresses.countryCode,
        city: addresses.city,
        postcode: addresses.postcode,
        streetName: addresses.street,
      })
      .from(addresses)
      .where(and(eq(addresses.customerId, customerId), eq(addresses.kind, kind)))
      .orderBy(desc(addresses.updatedAt), desc(addresses.id))
      .limit(1);
    return row ?? null;
  };
  const [kyc] = person.kycPassed
    ? await db
        .select({
          id: identifications.externalId,
          decidedAt: identifications.decidedAt,
          result: identifications.result,
        })
        .from(identifications)
        .where(and(eq(identifications.customerId, customerId), isNotNull(identifications.decidedAt)))
        .orderBy(desc(identifications.decidedAt))
        .limit(1)
    : [];
  const company =
    person.accountType === 'company'
      ? custodyCompanyOf({
          customer: person,
          address: await addressOf('company'),
          ubos: await db
            .select()
            .from(uboUsers)
            .where(eq(uboUsers.customerId, customerId))
            .orderBy(asc(uboUsers.id)),
        })
      : null;
  return {
    reference,
    person: {
      firstName: person.firstName,
      lastName: person.lastName,
      birthDate: person.birthDate,
      birthPlace: person.birthPlace,
      birthCountry: person.birthCountry,
      nationality: person.nationality,
      email: person.email,
      address: await addressOf('personal'),
      kyc: kyc?.decidedAt
        ? {
            id: kyc.id,
            date: kyc.decidedAt.toISOString(),
            method: 'video_ident',
            document: custodyKycDocumentOf(kyc.result),
          }
        : null,
    },
    company,
  };
}

/**
 * Opens the customer's custodial wallet (POST wallets, type `custody`): the custody partner creates
 * the key pair and address (outside any transaction or lock), then, in one transaction, the wallet
 * is stored (the default wallet when asked) and the crypto registrar status becomes
 * `approval_required`; the custodian reports the registrar's verdict later by webhook.
 */
export async function createCustodyWallet(opts: {
  db: Database;
  custody: CustodyPort;
  customerId: number;
  locale: Locale;
  input: CreateWalletInput;
  log?: FastifyBaseLogger;
}): Promise<WalletView> {
  const { db, custody, customerId, input } = opts;
  // Refused before the custodian is asked, so a refused request opens nothing there.
  const facts = await custodyFactsOf(db, customerId, false);
  assertMayOpenCustodyWallet(facts);
  const name = input.name ?? defaultCustodyWalletName[opts.locale];
  // The holder's reference at the custodian is the customer's opaque uuid. Attempt 1: the platform keeps
  // one custodial wallet per customer, so a retry (after a timeout, or a failed store below) asks the
  // custodian for the same wallet, and it answers with the one it opened (decision 030).
  const holder = await custodyHolderOf(db, customerId, facts.uuid);
  const opened = await custody.createWallet({ db, holder, attempt: 1 });
  try {
    return await db.transaction(async (tx) => {
      // Serialises concurrent requests of this customer; the checks are repeated under the lock.
      assertMayOpenCustodyWallet(await custodyFactsOf(tx, customerId, true));
      if (input.defaultWallet) {
        await tx
          .update(wallets)
          .set({ defaultWallet: false })
          .where(and(eq(wallets.customerId, customerId), eq(wallets.defaultWallet, true)));
      }
      const [row] = await tx
        .insert(wallets)
        .values({
          customerId,
          type: 'custody',
          name,
          address: opened.address,
          defaultWallet: input.defaultWallet,
          provider: custody.kind,
          externalId: opened.walletId,
        })
        .returning();
      await tx
        .update(customers)
        .set({ cryptoRegistrarStatus: 'approval_required', updatedAt: sql`now()` })
        .where(eq(customers.id, customerId));
      return toWalletView(row!);
    });
  } catch (err) {
    // Not an orphan: the next request for this customer asks for the same wallet and stores it.
    opts.log?.warn(
      { customerId, provider: custody.kind, walletId: opened.walletId },
      'custody wallet opened at the partner but not stored; the next attempt takes it',
    );
    if (isUniqueViolation(err, 'wallets_one_custody')) throw new AppError('wallet_exists');
    throw err;
  }
}
