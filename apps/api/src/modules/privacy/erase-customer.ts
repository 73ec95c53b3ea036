import { AppError } from '@token/domain/errors';
import type { RetentionCategory } from '@token/domain/privacy';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import {
  accountTokens,
  addresses,
  answeredQuestionnaires,
  authSessions,
  customerMediaFiles,
  customerNotificationSettings,
  customers,
  invoices,
  legacyCustomerRecords,
  mediaFiles,
  orders,
  productCollections,
  productMediaFiles,
  professionalRequests,
  recoveryCodes,
  retainedRecords,
  wallets,
} from '../../db/schema/index.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { invoicePdf } from '../invoices/invoices.service.ts';

/**
 * The erasure itself (GDPR Art. 17, decision 024), in the confirming transaction: what the law keeps
 * is recorded per category in `retained_records` (with its end date) and locked; everything else is
 * deleted or anonymised; the login is closed. The customer row stays as a pseudonymous stub, because
 * the register, the books and the kept records refer to it.
 */

/** The e-mail address an erased customer's row carries: unique, undeliverable (RFC 2606 `.invalid`). */
export const erasedEmail = (uuid: string) => `erased-${uuid}@erased.invalid`;

/** Renders each invoice of the customer as issued and stores it in the private bucket. */
export async function archiveInvoices(opts: {
  db: Database;
  storage: StoragePort;
  customerId: number;
}): Promise<{ number: string; storageKey: string }[]> {
  const rows = await opts.db
    .select({ id: invoices.id, number: invoices.number, orderUuid: orders.tokenValue })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(orders.customerId, opts.customerId));
  const archived: { number: string; storageKey: string }[] = [];
  try {
    for (const row of rows) {
      const pdf = await invoicePdf({ db: opts.db, invoiceId: row.id, customerId: opts.customerId }).catch(
        (err: unknown) => {
          // An invoice the platform cannot render any more keeps its row and number only.
          if (err instanceof AppError) return null;
          throw err;
        },
      );
      if (!pdf) continue;
      const storageKey = `private/retained/invoices/${row.number.replace(/[^A-Za-z0-9_-]/g, '_')}-${row.id}.pdf`;
      await opts.storage.putStream(storageKey, pdf.stream, 'application/pdf');
      archived.push({ number: row.number, storageKey });
    }
  } catch (err) {
    for (const a of archived) await opts.storage.remove(a.storageKey).catch(() => {});
    throw err;
  }
  return archived;
}

export async function eraseCustomer(
  tx: Tx,
  opts: {
    customerId: number;
    erasureRequestId: number;
    operatorId: number;
    reason: string | null;
    invoiceKeys: { number: string; storageKey: string }[];
    retainUntil: Record<RetentionCategory, string | null>;
    legalBasis: Record<RetentionCategory, string>;
    now: Date;
  },
): Promise<string[]> {
  const { customerId, now } = opts;
  const [c] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
  if (!c) throw new Error(`customer ${customerId} not found`);
  const addressRows = await tx.select().from(addresses).where(eq(addresses.customerId, customerId));
  const walletRows = await tx
    .select({ address: wallets.address, type: wallets.type })
    .from(wallets)
    .where(eq(wallets.customerId, customerId));
  const [questionnaires] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(answeredQuestionnaires)
    .where(eq(answeredQuestionnaires.customerId, customerId));
  const [professional] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(professionalRequests)
    .where(eq(professionalRequests.customerId, customerId));
  // An open request to be classified as a professional client ends with the relationship.
  await tx
    .update(professionalRequests)
    .set({ status: 'withdrawn', decidedAt: now })
    .where(
      and(eq(professionalRequests.customerId, customerId), eq(professionalRequests.status, 'requested')),
    );

  // GwG § 8: the identity as it was when the relationship ended (names, birth data, addresses).
  const identity = {
    email: c.email,
    salutation: c.salutation,
    title: c.title,
    firstName: c.firstName,
    lastName: c.lastName,
    birthDate: c.birthDate,
    birthCity: c.birthCity,
    birthCountry: c.birthCountry,
    nationality: c.nationality,
    mobileNumber: c.mobileNumber,
    accountType: c.accountType,
    companyName: c.companyName,
    companyType: c.companyType,
    registryNumber: c.registryNumber,
    court: c.court,
    foundingDate: c.foundingDate,
    taxNumber: c.taxNumber,
    vatNumber: c.vatNumber,
    notPep: c.notPep,
    actingOnOwnAccount: c.actingOnOwnAccount,
    addresses: addressRows.map((a) => ({
      kind: a.kind,
      firstName: a.firstName,
      lastName: a.lastName,
      company: a.company,
      street: a.street,
      postcode: a.postcode,
      city: a.city,
      countryCode: a.countryCode,
    })),
  };
  const kept: Record<RetentionCategory, { data: Record<string, unknown>; storageKeys?: string[] }> = {
    identification: { data: identity },
    investment_records: {
      data: { answeredQuestionnaires: questionnaires?.n ?? 0, professionalRequests: professional?.n ?? 0 },
    },
    accounting_vouchers: {
      data: {
        invoices: opts.invoiceKeys.map((i) => i.number),
        bankAccount: { iban: c.iban, bic: c.bic, bankName: c.bankName, beneficiary: c.beneficiary },
        paysChurchTax: c.paysChurchTax,
      },
      storageKeys: opts.invoiceKeys.map((i) => i.storageKey),
    },
    books: { data: {} },
    business_letters: { data: { email: c.email } },
    register: { data: { holder: c.uuid, wallets: walletRows } },
  };
  await tx.insert(retainedRecords).values(
    (Object.keys(kept) as RetentionCategory[]).map((category) => ({
      customerId,
      erasureRequestId: opts.erasureRequestId,
      category,
      legalBasis: opts.legalBasis[category],
      retainUntil: opts.retainUntil[category],
      data: kept[category].data,
      storageKeys: kept[category].storageKeys ?? [],
    })),
  );

  // Deleted: sessions (and with them refresh tokens), mailed links, recovery codes, favourites,
  // notification settings, open carts, the former platform's record, addresses (kept in the snapshot).
  await tx.delete(authSessions).where(eq(authSessions.customerId, customerId));
  await tx.delete(accountTokens).where(eq(accountTokens.customerId, customerId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.customerId, customerId));
  await tx.delete(productCollections).where(eq(productCollections.customerId, customerId));
  await tx
    .delete(customerNotificationSettings)
    .where(eq(customerNotificationSettings.customerId, customerId));
  await tx.delete(legacyCustomerRecords).where(eq(legacyCustomerRecords.customerId, customerId));
  await tx
    .delete(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.checkoutState, ['cart', 'addressed', 'payment_selected']),
      ),
    );
  // Profile pictures: the links go; a picture no product shows goes with them (its bytes by the job).
  const linked = await tx
    .select({ id: customerMediaFiles.mediaFileId })
    .from(customerMediaFiles)
    .where(eq(customerMediaFiles.customerId, customerId));
  await tx.delete(customerMediaFiles).where(eq(customerMediaFiles.customerId, customerId));
  const unusedMedia = linked.length
    ? await tx
        .delete(mediaFiles)
        .where(
          and(
            inArray(
              mediaFiles.id,
              linked.map((l) => l.id),
            ),
            notExists(
              tx.select().from(productMediaFiles).where(eq(productMediaFiles.mediaFileId, mediaFiles.id)),
            ),
          ),
        )
        .returning({ storageKey: mediaFiles.storageKey, renditions: mediaFiles.renditions })
    : [];
  await tx.update(customers).set({ defaultAddressId: null }).where(eq(customers.id, customerId));
  await tx.delete(addresses).where(eq(addresses.customerId, customerId));

  // Anonymised: the stub keeps its id and uuid (the register's holder identifier) and nothing personal.
  await tx
    .update(customers)
    .set({
      email: erasedEmail(c.uuid),
      passwordHash: null,
      passwordChangedAt: now,
      verifiedAt: null,
      salutation: null,
      title: null,
      firstName: null,
      lastName: null,
      mobileNumber: null,
      profileName: null,
      profileDescription: null,
      displayName: null,
      website: null,
      socialLinks: [],
      companyName: null,
      companyType: null,
      subscribedToNewsletter: false,
      referralCode: null,
      // An erased referral partner earns nothing more (bookReferralCommission: terms of 0 book nothing).
      referralCommissionPerPaidOrder: 0,
      referralCommissionPerRegisteredCustomer: 0,
      followUpMessage: null,
      birthDate: null,
      birthCity: null,
      birthCountry: null,
      nationality: null,
      notPep: null,
      actingOnOwnAccount: null,
      representativeConfirmation: null,
      representativeRole: null,
      iban: null,
      bic: null,
      bankName: null,
      beneficiary: null,
      bankCountry: null,
      bankCurrency: null,
      taxNumber: null,
      vatNumber: null,
      registryNumber: null,
      court: null,
      foundingDate: null,
      ethAddress: null,
      migrationError: null,
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorLastStep: null,
      twoFactorFailures: 0,
      twoFactorLockedUntil: null,
      updatedAt: now,
    })
    .where(eq(customers.id, customerId));

  await appendAuditEntry(tx, {
    customerId,
    actorId: opts.operatorId,
    action: 'erasure_confirmed',
    reason: opts.reason,
    details: {
      retained: Object.fromEntries(Object.entries(opts.retainUntil)),
      mediaRemoved: unusedMedia.length,
    },
  });
  // The removed pictures' bytes go once the erasure has committed (storage is no database).
  return unusedMedia.flatMap((m) => [
    m.storageKey,
    ...Object.values(m.renditions ?? {}).map((r) => r.storageKey),
  ]);
}
