import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  addresses,
  answeredQuestionnaires,
  authSessions,
  creatorCollections,
  creatorProducts,
  customerDocuments,
  customerMediaFiles,
  customerNotificationSettings,
  customers,
  dataExports,
  erasureRequests,
  identifications,
  invoices,
  mailOutbox,
  mediaFiles,
  orderItems,
  orders,
  payments,
  payouts,
  productCollectionItems,
  productCollections,
  professionalRequests,
  registerEntries,
  registerExcerpts,
  registerHoldings,
  storedFiles,
  tokenTransfers,
  uboUsers,
  wallets,
} from '../../db/schema/index.ts';

/**
 * What a data export holds (GDPR Art. 15/20): every record of the customer, section by section, and
 * the stored files to put beside it. Secrets (password hash, two-factor secrets, token hashes) and
 * internal storage keys never leave the platform; everything else is the customer's.
 */

/** Keys never exported: credentials, secrets and the platform's internal storage locations. */
const withheldKeys = new Set([
  'passwordHash',
  'twoFactorSecret',
  'twoFactorPendingSecret',
  'twoFactorLastStep',
  'twoFactorFailures',
  'twoFactorLockedUntil',
  'tokenHash',
  'codeHash',
  'deviceHash',
  'storageKey',
  'renditions',
  'urlKycStart',
]);

function clean<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !withheldKeys.has(key)));
}
const cleanAll = (rows: Record<string, unknown>[]) => rows.map(clean);

/** A stored object to put into the archive under `path`. */
export type ExportFile = { path: string; storageKey: string };

export type ExportContent = {
  data: Record<string, unknown>;
  files: ExportFile[];
  /** Invoices, rendered as PDFs when the archive is written. */
  invoiceIds: { id: number; number: string }[];
};

/** A name safe inside a zip: no directories, no control characters, at most 100 characters. */
export function safeName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = name.replace(/[\u0000-\u001f/\\:*?"<>|]+/g, '_').replace(/^\.+/, '_');
  return cleaned.slice(-100) || 'file';
}

/** Collects the customer's records and files (only theirs: every query is by the customer's id). */
export async function collectExportContent(db: Db, customerId: number): Promise<ExportContent> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new Error(`customer ${customerId} not found`);
  const byCustomer = <T extends { customerId: unknown }>(t: T) => eq(t.customerId as never, customerId);

  const [
    addressRows,
    identificationRows,
    questionnaireRows,
    professionalRows,
    uboRows,
    documentRows,
    fileRows,
    walletRows,
    orderRows,
    payoutRows,
    holdingRows,
    entryRows,
    excerptRows,
    transferRows,
    favouriteRows,
    notificationRows,
    sessionRows,
    creatorProductRows,
    creatorCollectionRows,
    erasureRows,
    exportRows,
    mailRows,
  ] = await Promise.all([
    db.select().from(addresses).where(byCustomer(addresses)),
    db.select().from(identifications).where(byCustomer(identifications)),
    db.select().from(answeredQuestionnaires).where(byCustomer(answeredQuestionnaires)),
    db.select().from(professionalRequests).where(byCustomer(professionalRequests)),
    db.select().from(uboUsers).where(byCustomer(uboUsers)),
    db.select().from(customerDocuments).where(byCustomer(customerDocuments)),
    db.select().from(storedFiles).where(byCustomer(storedFiles)).orderBy(asc(storedFiles.id)),
    db.select().from(wallets).where(byCustomer(wallets)),
    db.select().from(orders).where(byCustomer(orders)).orderBy(asc(orders.id)),
    db.select().from(payouts).where(byCustomer(payouts)).orderBy(asc(payouts.id)),
    db.select().from(registerHoldings).where(byCustomer(registerHoldings)),
    db
      .select()
      .from(registerEntries)
      .where(or(eq(registerEntries.fromCustomerId, customerId), eq(registerEntries.toCustomerId, customerId)))
      .orderBy(asc(registerEntries.id)),
    db.select().from(registerExcerpts).where(byCustomer(registerExcerpts)),
    db
      .select()
      .from(tokenTransfers)
      .where(or(eq(tokenTransfers.senderId, customerId), eq(tokenTransfers.receiverId, customerId))),
    db
      .select({ collection: productCollections.type, item: productCollectionItems })
      .from(productCollectionItems)
      .innerJoin(productCollections, eq(productCollections.id, productCollectionItems.collectionId))
      .where(eq(productCollections.customerId, customerId)),
    db.select().from(customerNotificationSettings).where(byCustomer(customerNotificationSettings)),
    db.select().from(authSessions).where(byCustomer(authSessions)),
    db.select().from(creatorProducts).where(eq(creatorProducts.creatorId, customerId)),
    db.select().from(creatorCollections).where(eq(creatorCollections.creatorId, customerId)),
    db.select().from(erasureRequests).where(byCustomer(erasureRequests)),
    db.select().from(dataExports).where(byCustomer(dataExports)),
    // Letters the platform sent the customer (the outbox keeps them by address).
    db
      .select({
        subject: mailOutbox.subject,
        template: mailOutbox.template,
        text: mailOutbox.text,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, customer.email))
      .orderBy(asc(mailOutbox.id)),
  ]);

  const orderIds = orderRows.map((o) => o.id);
  const [itemRows, paymentRows, invoiceRows] = orderIds.length
    ? await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
        db.select().from(payments).where(inArray(payments.orderId, orderIds)),
        db.select().from(invoices).where(inArray(invoices.orderId, orderIds)),
      ])
    : [[], [], []];

  // Media: the profile's pictures and the creator's own uploads.
  const linked = await db
    .select({ type: customerMediaFiles.type, file: mediaFiles })
    .from(customerMediaFiles)
    .innerJoin(mediaFiles, eq(mediaFiles.id, customerMediaFiles.mediaFileId))
    .where(eq(customerMediaFiles.customerId, customerId));
  const owned = await db.select().from(mediaFiles).where(eq(mediaFiles.ownerCustomerId, customerId));
  const media = new Map<number, typeof mediaFiles.$inferSelect>();
  for (const m of [...linked.map((l) => l.file), ...owned]) media.set(m.id, m);

  const files: ExportFile[] = [
    ...fileRows.map((f) => ({
      path: `documents/${f.id}-${safeName(f.originalName)}`,
      storageKey: f.storageKey,
    })),
    ...[...media.values()]
      .filter((m) => m.state === 'ready')
      .map((m) => ({ path: `media/${m.id}-${safeName(m.originalName)}`, storageKey: m.storageKey })),
  ];

  const data = {
    exportedAt: new Date().toISOString(),
    account: clean(customer),
    addresses: cleanAll(addressRows),
    onboarding: {
      identifications: cleanAll(identificationRows),
      questionnaires: cleanAll(questionnaireRows),
      professionalRequests: cleanAll(professionalRows),
      beneficialOwnersAndRepresentatives: cleanAll(uboRows),
      documents: documentRows.map((d) => ({
        ...clean(d),
        file: fileRows.find((f) => f.id === d.fileId)?.originalName ?? null,
      })),
    },
    files: [
      ...fileRows.map((f) => ({ ...clean(f), path: `documents/${f.id}-${safeName(f.originalName)}` })),
      ...[...media.values()].map((m) => ({
        ...clean(m),
        use: linked.find((l) => l.file.id === m.id)?.type ?? 'upload',
        path: m.state === 'ready' ? `media/${m.id}-${safeName(m.originalName)}` : null,
      })),
    ],
    wallets: cleanAll(walletRows),
    orders: orderRows.map((o) => ({
      ...clean(o),
      items: cleanAll(itemRows.filter((i) => i.orderId === o.id)),
      payments: cleanAll(paymentRows.filter((p) => p.orderId === o.id)),
    })),
    invoices: invoiceRows.map((i) => ({ ...clean(i), path: `invoices/${safeName(i.number)}.pdf` })),
    payouts: cleanAll(payoutRows),
    register: {
      holdings: cleanAll(holdingRows),
      entries: cleanAll(entryRows),
      excerpts: cleanAll(excerptRows),
      transfers: cleanAll(transferRows),
    },
    collectibles: {
      creatorProfile: {
        profileName: customer.profileName,
        displayName: customer.displayName,
        profileDescription: customer.profileDescription,
        website: customer.website,
        socialLinks: customer.socialLinks,
      },
      products: cleanAll(creatorProductRows),
      collections: cleanAll(creatorCollectionRows),
      favourites: favouriteRows.map((f) => ({ collection: f.collection, ...clean(f.item) })),
    },
    notificationSettings: cleanAll(notificationRows),
    signIns: cleanAll(sessionRows),
    mails: mailRows,
    dataProtection: { erasureRequests: cleanAll(erasureRows), dataExports: cleanAll(exportRows) },
  };
  return { data, files, invoiceIds: invoiceRows.map((i) => ({ id: i.id, number: i.number })) };
}
