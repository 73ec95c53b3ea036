import { platformToday } from '@token/domain/calendar';
import {
  type CustomerDocumentView,
  type DocumentPurpose,
  type DocumentScope,
  type DocumentType,
  type DocumentUploadFields,
  documentScopeOf,
  documentUploadFieldsSchema,
  maxDocumentsPerPurpose,
} from '@token/domain/documents';
import { AppError, fieldViolationsOf, notFound, validationFailed } from '@token/domain/errors';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { customerDocuments, customers, storedFiles } from '../../db/schema/index.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import { insertStoredFile, storedFileView } from './files.service.ts';
import type { ReceivedFile } from './upload.ts';

/**
 * Customer documents (spec 3 `CustomerDocument`): register excerpts and UBO documents a customer
 * uploads, each a PDF on the storage port with its purpose and date. Limits from spec 5/9 live in
 * `@token/domain/documents`.
 */

const documentColumns = {
  id: customerDocuments.id,
  type: customerDocuments.type,
  purpose: customerDocuments.purpose,
  issuedAt: customerDocuments.issuedAt,
  scope: customerDocuments.scope,
  createdAt: customerDocuments.createdAt,
  fileUuid: storedFiles.uuid,
  fileName: storedFiles.originalName,
  fileSize: storedFiles.size,
  fileMediaType: storedFiles.mediaType,
};

type DocumentRow = {
  id: number;
  type: DocumentType;
  purpose: DocumentPurpose;
  issuedAt: string;
  scope: DocumentScope;
  createdAt: Date;
  fileUuid: string;
  fileName: string;
  fileSize: number;
  fileMediaType: string;
};

function toView(row: DocumentRow): CustomerDocumentView {
  return {
    id: row.id,
    type: row.type,
    purpose: row.purpose,
    issuedAt: row.issuedAt,
    scope: row.scope,
    file: storedFileView({
      uuid: row.fileUuid,
      originalName: row.fileName,
      size: row.fileSize,
      mediaType: row.fileMediaType,
    }),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The customer's documents in upload order, optionally of one type and one scope
 * (`customer-documents` lists all of them, `customer-documents/company` the company's).
 */
export async function listCustomerDocuments(opts: {
  db: Database;
  customerId: number;
  type?: DocumentType | undefined;
  scope?: DocumentScope | undefined;
  page: Page;
}): Promise<{ items: CustomerDocumentView[]; totalItems: number }> {
  const conditions: SQL[] = [eq(customerDocuments.customerId, opts.customerId)];
  if (opts.type) conditions.push(eq(customerDocuments.type, opts.type));
  if (opts.scope) conditions.push(eq(customerDocuments.scope, opts.scope));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    opts.db
      .select(documentColumns)
      .from(customerDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, customerDocuments.fileId))
      .where(where)
      .orderBy(asc(customerDocuments.createdAt), asc(customerDocuments.id))
      .limit(opts.page.itemsPerPage)
      .offset((opts.page.page - 1) * opts.page.itemsPerPage),
    opts.db.select({ n: count() }).from(customerDocuments).where(where),
  ]);
  return { items: (rows as DocumentRow[]).map(toView), totalItems: total?.n ?? 0 };
}

/** One of the customer's documents; another customer's is not found. */
export async function getCustomerDocument(opts: {
  db: Db;
  customerId: number;
  documentId: number;
}): Promise<CustomerDocumentView> {
  const [row] = await opts.db
    .select(documentColumns)
    .from(customerDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, customerDocuments.fileId))
    .where(and(eq(customerDocuments.id, opts.documentId), eq(customerDocuments.customerId, opts.customerId)));
  if (!row) throw notFound();
  return toView(row as DocumentRow);
}

/**
 * The upload's text fields judged against today's date (Europe/Berlin): 422 with violations on
 * the fields (`document_too_old`, `date_in_future` on `issuedAt`, unknown fields, …).
 */
export function parseDocumentFields(
  input: Record<string, string>,
  now: Date = new Date(),
): DocumentUploadFields {
  const parsed = documentUploadFieldsSchema(platformToday(now)).safeParse(input);
  if (!parsed.success) throw validationFailed(fieldViolationsOf(parsed.error.issues, input));
  return parsed.data;
}

/**
 * The fields that arrived before the file, judged before any byte is stored: each field present
 * must be valid, and the purpose must still have room. Missing fields wait for the final check.
 */
export async function checkDocumentFieldsEarly(opts: {
  db: Db;
  customerId: number;
  fields: Record<string, string>;
  now?: Date;
}): Promise<void> {
  const parsed = documentUploadFieldsSchema(platformToday(opts.now)).safeParse(opts.fields);
  if (!parsed.success) {
    const present = fieldViolationsOf(parsed.error.issues, opts.fields).filter((v) =>
      Object.hasOwn(opts.fields, v.propertyPath),
    );
    if (present.length > 0) throw validationFailed(present);
  }
  const purpose = parsed.success ? parsed.data.purpose : undefined;
  if (purpose) await assertPurposeHasRoom({ db: opts.db, customerId: opts.customerId, purpose });
}

async function assertPurposeHasRoom(opts: { db: Db; customerId: number; purpose: DocumentPurpose }) {
  const [row] = await opts.db
    .select({ n: count() })
    .from(customerDocuments)
    .where(
      and(eq(customerDocuments.customerId, opts.customerId), eq(customerDocuments.purpose, opts.purpose)),
    );
  // spec 5/9: at most three documents per purpose.
  if ((row?.n ?? 0) >= maxDocumentsPerPurpose) {
    throw new AppError('document_limit_reached', {
      violations: [{ propertyPath: 'purpose', code: 'document_limit_reached' }],
    });
  }
}

/**
 * Records an uploaded PDF as the customer's document, in one transaction: the customer row is
 * locked so two parallel uploads cannot both take the third place of a purpose. The caller removes
 * the stored file when this throws (`withUploadedFile`).
 */
export async function addCustomerDocument(opts: {
  db: Database;
  customerId: number;
  fields: DocumentUploadFields;
  file: ReceivedFile;
}): Promise<CustomerDocumentView> {
  return opts.db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ accountType: customers.accountType })
      .from(customers)
      .where(eq(customers.id, opts.customerId))
      .for('update');
    if (!customer) throw notFound();
    await assertPurposeHasRoom({ db: tx, customerId: opts.customerId, purpose: opts.fields.purpose });
    const stored = await insertStoredFile(tx, { customerId: opts.customerId, file: opts.file });
    const [doc] = await tx
      .insert(customerDocuments)
      .values({
        customerId: opts.customerId,
        fileId: stored.id,
        scope: documentScopeOf(customer.accountType),
        type: opts.fields.type,
        purpose: opts.fields.purpose,
        issuedAt: opts.fields.issuedAt,
      })
      .returning();
    return toView({
      id: doc!.id,
      type: doc!.type,
      purpose: doc!.purpose,
      issuedAt: doc!.issuedAt,
      scope: doc!.scope,
      createdAt: doc!.createdAt,
      fileUuid: stored.uuid,
      fileName: stored.originalName,
      fileSize: stored.size,
      fileMediaType: stored.mediaType,
    });
  });
}

/**
 * Deletes one of the customer's documents and its stored file. The object is removed inside the
 * transaction, before the rows' deletion commits: if removing fails nothing changes and the
 * customer may try again; no row ever outlives its object unnoticed, and no object its row.
 */
export async function deleteCustomerDocument(opts: {
  db: Database;
  storage: StoragePort;
  customerId: number;
  documentId: number;
}): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [doc] = await tx
      .select({ fileId: customerDocuments.fileId, storageKey: storedFiles.storageKey })
      .from(customerDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, customerDocuments.fileId))
      .where(
        and(eq(customerDocuments.id, opts.documentId), eq(customerDocuments.customerId, opts.customerId)),
      )
      .for('update');
    if (!doc) throw notFound();
    // The document row goes with its file (on delete cascade).
    await tx.delete(storedFiles).where(eq(storedFiles.id, doc.fileId));
    await opts.storage.remove(doc.storageKey);
  });
}
