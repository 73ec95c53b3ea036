import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { AppError } from '@token/domain/errors';
import {
  type DataExportInput,
  type DataExportView,
  dataExportDays,
  dataExportLinkSeconds,
} from '@token/domain/privacy';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import yazl from 'yazl';
import type { SecretBox } from '../../crypto/secrets.ts';
import type { Database } from '../../db/client.ts';
import { dataExports } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import { privacyExportJob } from '../../jobs/privacy-export.job.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import { invoicePdf } from '../invoices/invoices.service.ts';
import { collectExportContent } from './export-data.ts';
import { queuePrivacyMail } from './privacy-mails.ts';
import { assertReauthenticated } from './reauth.ts';

type ExportRow = typeof dataExports.$inferSelect;

function exportView(row: ExportRow): DataExportView {
  return {
    id: row.uuid,
    state: row.state,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    size: row.size ?? null,
  };
}

/**
 * POST customers/{uuid}/data-exports: after re-authentication, queues the export job in the same
 * transaction (outbox style). One export is built at a time (`data_export_pending`).
 */
export async function requestDataExport(opts: {
  db: Database;
  secretBox: SecretBox;
  customerId: number;
  input: DataExportInput;
}): Promise<DataExportView> {
  await assertReauthenticated(opts);
  return opts.db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.customerId, opts.customerId), eq(dataExports.state, 'pending')))
      .for('update');
    if (pending) throw new AppError('data_export_pending');
    const [row] = await tx.insert(dataExports).values({ customerId: opts.customerId }).returning();
    await enqueueJob(tx, privacyExportJob, { exportId: row!.id });
    return exportView(row!);
  });
}

/** GET customers/{uuid}/data-exports: the customer's exports, newest first. */
export async function listDataExports(opts: { db: Database; customerId: number }): Promise<DataExportView[]> {
  const rows = await opts.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.customerId, opts.customerId))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(20);
  return rows.map(exportView);
}

/**
 * A short-lived signed link to a ready export of the customer (another customer's: 404); an export
 * not built yet or expired is `data_export_not_ready`.
 */
export async function dataExportLink(opts: {
  db: Database;
  storage: StoragePort;
  customerId: number;
  exportId: string;
  now?: Date;
}): Promise<{ url: string; expiresAt: string }> {
  const now = opts.now ?? new Date();
  const [row] = await opts.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.uuid, opts.exportId), eq(dataExports.customerId, opts.customerId)));
  if (!row) throw new AppError('not_found');
  if (row.state !== 'ready' || !row.storageKey || !row.expiresAt || row.expiresAt <= now) {
    throw new AppError('data_export_not_ready');
  }
  const day = row.readyAt?.toISOString().slice(0, 10) ?? 'export';
  const link = await opts.storage.presignGet(row.storageKey, {
    expiresInSeconds: dataExportLinkSeconds,
    fileName: `datenauskunft-${day}.zip`,
  });
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}

/** Streams the archive: data.json, the stored files, the invoices as PDFs. Nothing is held in memory whole. */
function archiveStream(opts: {
  db: Database;
  storage: StoragePort;
  customerId: number;
  content: Awaited<ReturnType<typeof collectExportContent>>;
}): Readable {
  const zip = new yazl.ZipFile();
  const { content } = opts;
  zip.addBuffer(Buffer.from(JSON.stringify(content.data, null, 2)), 'data.json');
  const missing = (path: string) => Readable.from([Buffer.from(`${path}: not found in storage\n`)]);
  for (const file of content.files) {
    zip.addReadStreamLazy(file.path, (cb) => {
      opts.storage.getStream(file.storageKey).then(
        (found) => cb(null, found ? found.stream : missing(file.path)),
        (err) => cb(err, missing(file.path)),
      );
    });
  }
  for (const invoice of content.invoiceIds) {
    zip.addReadStreamLazy(`invoices/${invoice.number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`, (cb) => {
      // An invoice that cannot be rendered (no channel any more) is named, not a failed export.
      invoicePdf({ db: opts.db, invoiceId: invoice.id, customerId: opts.customerId }).then(
        (pdf) => cb(null, pdf.stream),
        () => cb(null, missing(invoice.number)),
      );
    });
  }
  zip.end();
  const out = new PassThrough();
  zip.outputStream.on('error', (err) => out.destroy(err));
  zip.on('error', (err: Error) => out.destroy(err));
  return zip.outputStream.pipe(out);
}

/**
 * The export job's work: builds the zip into the private bucket under a random key and marks the
 * export ready for `dataExportDays`, then mails the customer. Idempotent: a ready export is left alone.
 */
export async function buildDataExport(opts: {
  db: Database;
  storage: StoragePort;
  mailCtx: () => Promise<MailContext>;
  exportId: number;
  now?: Date;
}): Promise<void> {
  const [row] = await opts.db.select().from(dataExports).where(eq(dataExports.id, opts.exportId));
  if (row?.state !== 'pending') return;
  const content = await collectExportContent(opts.db, row.customerId);
  const key = `private/data-exports/${randomBytes(24).toString('hex')}.zip`;
  const size = await opts.storage.putStream(
    key,
    archiveStream({ db: opts.db, storage: opts.storage, customerId: row.customerId, content }),
    'application/zip',
  );
  const now = opts.now ?? new Date();
  const expiresAt = new Date(now.getTime() + dataExportDays * 24 * 60 * 60 * 1000);
  const ctx = await opts.mailCtx();
  await opts.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(dataExports)
      .set({ state: 'ready', storageKey: key, size, readyAt: now, expiresAt })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.state, 'pending')))
      .returning({ id: dataExports.id });
    if (!updated) return;
    await queuePrivacyMail(tx, ctx, {
      customerId: row.customerId,
      kind: 'export_ready',
      params: { expiresAt },
    });
  });
}

/** The export job's last failed attempt: the export is marked failed, so a new one can be requested. */
export async function failDataExport(db: Database, exportId: number, message: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ state: 'failed', failure: message.slice(0, 500) })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.state, 'pending')));
}

/** Retention: removes export files past their time; answers how many. */
export async function expireDataExports(opts: {
  db: Database;
  storage: StoragePort;
  now?: Date;
}): Promise<number> {
  const now = opts.now ?? new Date();
  const due = await opts.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.state, 'ready'), lt(dataExports.expiresAt, now)));
  for (const row of due) {
    if (row.storageKey) await opts.storage.remove(row.storageKey);
  }
  if (due.length > 0) {
    await opts.db
      .update(dataExports)
      .set({ state: 'expired', storageKey: null })
      .where(
        inArray(
          dataExports.id,
          due.map((r) => r.id),
        ),
      );
  }
  return due.length;
}
