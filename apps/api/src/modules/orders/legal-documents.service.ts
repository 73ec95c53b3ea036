import type { Locale } from '@token/domain/i18n';
import {
  assertCanTransition,
  type CheckoutState,
  checkoutLifecycle,
  type OrderView,
} from '@token/domain/orders';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { param, prepared } from '../../db/prepared.ts';
import { legalDocuments, mediaFiles, orderItems, orders } from '../../db/schema/index.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { queueOrderMail } from './order-mails.ts';
import { findOwnOrder, lockEditableOrder, requireProduct } from './order-rows.ts';
import { toOrderView } from './order-views.service.ts';

/*
 * The checkout's legal documents (spec 2): confirming their versions and mailing them in the
 * investor's language.
 */

type LegalDocumentRow = {
  id: string;
  title: string;
  version: string;
  storageKey: string;
  fileName: string;
  mimeType: string;
};

const legalDocumentsOf = prepared('order_legal_documents', (db) =>
  db
    .select({
      id: legalDocuments.uuid,
      title: legalDocuments.title,
      locale: legalDocuments.locale,
      version: mediaFiles.sha256,
      storageKey: mediaFiles.storageKey,
      fileName: mediaFiles.fileName,
      mimeType: mediaFiles.mimeType,
    })
    .from(legalDocuments)
    .innerJoin(mediaFiles, eq(mediaFiles.id, legalDocuments.mediaFileId))
    // only the current versions: a superseded one stays downloadable for the orders that confirmed it
    .where(
      and(eq(legalDocuments.productId, sql.placeholder('productId')), isNull(legalDocuments.supersededAt)),
    )
    .orderBy(asc(legalDocuments.position), asc(legalDocuments.id)),
);

/** The legal documents of a product in the investor's language (documents for every language too). */
async function productLegalDocuments(db: Db, productId: number, locale: Locale): Promise<LegalDocumentRow[]> {
  const rows = await legalDocumentsOf(db).execute({ productId });
  const mine = rows.filter((r) => r.locale === null || r.locale === locale);
  return (mine.length > 0 ? mine : rows).map(({ locale: _locale, ...r }) => ({
    ...r,
    version: r.version ?? '',
  }));
}

const legalDocumentsConfirmed = prepared('order_legal_documents_confirmed', (db) =>
  db
    .update(orders)
    .set({
      legalDocsConfirmAt: param('at'),
      legalDocsConfirmed: param('confirmed'),
      checkoutState: param('checkoutState'),
      updatedAt: param('at'),
    })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .returning(),
);

/**
 * PATCH orders/{token}/legal-documents-confirm: records the moment and the documents' versions (their
 * file hashes) the investor confirmed; the confirmation step (spec 2) moves the cart to `addressed`.
 */
export async function confirmLegalDocuments(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
}): Promise<OrderView> {
  const row = await opts.db.transaction(async (tx) => {
    const order = await lockEditableOrder(tx, opts.customerId, opts.tokenValue);
    const productId = await requireProduct(order);
    const documents = await productLegalDocuments(tx, productId, order.localeCode);
    const next: CheckoutState = order.checkoutState === 'cart' ? 'addressed' : order.checkoutState;
    assertCanTransition(checkoutLifecycle, order.checkoutState, next);
    const [updated] = await legalDocumentsConfirmed(tx).execute({
      orderId: order.id,
      at: new Date().toISOString(),
      confirmed: JSON.stringify(documents.map((d) => ({ id: d.id, version: d.version }))),
      checkoutState: next,
    });
    return updated!;
  });
  return toOrderView(opts.db, row);
}

/**
 * PATCH orders/{token}/legal-documents-send: mails the product's legal documents in the investor's
 * language. The mail is written to the outbox in this transaction (its delivery is the mail job's,
 * at most once); it carries the documents' download links.
 */
export async function sendLegalDocuments(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  mail: MailPort;
  publicUrl: string;
}): Promise<OrderView> {
  const row = await opts.db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, opts.customerId, opts.tokenValue, true);
    const productId = await requireProduct(order);
    const documents = await productLegalDocuments(tx, productId, order.localeCode);
    const [item] = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).limit(1);
    await queueOrderMail(tx, {
      mail: opts.mail,
      publicUrl: opts.publicUrl,
      kind: 'order_legal_documents',
      order,
      item: item ?? null,
      documents: documents.map((d) => ({
        title: d.title,
        url: `${opts.publicUrl}/api/v2/shop/legal-documents/${d.id}`,
      })),
      // The PDFs themselves travel as attachments (read from storage by the delivery job).
      attachments: documents.map((d) => ({
        filename: pdfFileName(d.title),
        contentType: d.mimeType,
        storageKey: d.storageKey,
      })),
    });
    const [updated] = await tx
      .update(orders)
      .set({ legalDocsSentAt: new Date(), updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    return updated!;
  });
  return toOrderView(opts.db, row);
}

/** A document title as a safe PDF file name (`Wertpapier-Informationsblatt.pdf`). */
function pdfFileName(title: string): string {
  const base = title
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .trim()
    .slice(0, 120);
  return `${base || 'document'}.pdf`;
}
