import { isOperator, isProfessionalInvestor, professionalInvestorRole } from '@token/domain/accounts';
import type { AuditAction } from '@token/domain/compliance';
import {
  assertProfessionalRequestCanMove,
  isProfessionalRequestOpen,
  maxEvidenceFilesPerCriterion,
  missingProfessionalEvidence,
  type ProfessionalCriterion,
  type ProfessionalDecision,
  type ProfessionalEvidenceView,
  type ProfessionalRequestInput,
  type ProfessionalRequestStatus,
  type ProfessionalRequestView,
  professionalConsequencesNotice,
  professionalCriteria,
  professionalDecisionSchema,
  professionalEvidenceFieldsSchema,
  professionalRequestInputSchema,
} from '@token/domain/documents';
import { AppError, fieldViolationsOf, notFound, validationFailed } from '@token/domain/errors';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Page } from '../../db/paging.ts';
import {
  complianceAuditLog,
  customers,
  professionalRequestFiles,
  professionalRequests,
  storedFiles,
} from '../../db/schema/index.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import { insertStoredFile, storedFileView } from '../documents/files.service.ts';
import type { ReceivedFile } from '../documents/upload.ts';

/**
 * Requests to be classified as a professional client (WpHG § 67 (6)). The customer states at least
 * two criteria with explanations, confirms the notice on the protections lost, and uploads evidence
 * per criterion while the request is open; an operator approves (role `professional_investor`) or
 * refuses. Every step is written to the append-only compliance audit log in its transaction.
 */

/** What `professional_requests.criteria` holds: the statements and the confirmed notice. */
const storedCriteriaSchema = z.object({
  statements: z.array(z.object({ criterion: z.enum(professionalCriteria), explanation: z.string() })),
  consequencesAcknowledgedAt: z.string(),
  noticeVersion: z.string(),
});
/** How a request's statements are stored in `professional_requests.criteria`. */
export type StoredCriteria = z.infer<typeof storedCriteriaSchema>;

type RequestRow = typeof professionalRequests.$inferSelect;

/** The audit log's names for what happened to a request. */
export const professionalAuditActions = {
  submitted: 'professional_request_submitted',
  withdrawn: 'professional_request_withdrawn',
  approved: 'professional_approved',
  refused: 'professional_refused',
} as const satisfies Record<string, AuditAction>;

async function evidenceOf(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return new Map<number, ProfessionalEvidenceView[]>();
  const rows = await db
    .select({
      requestId: professionalRequestFiles.requestId,
      criterion: professionalRequestFiles.criterion,
      uuid: storedFiles.uuid,
      originalName: storedFiles.originalName,
      size: storedFiles.size,
      mediaType: storedFiles.mediaType,
    })
    .from(professionalRequestFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, professionalRequestFiles.fileId))
    .where(inArray(professionalRequestFiles.requestId, requestIds))
    .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id));
  const byRequest = new Map<number, ProfessionalEvidenceView[]>();
  for (const r of rows) {
    const list = byRequest.get(r.requestId) ?? [];
    list.push({ criterion: r.criterion as ProfessionalCriterion, file: storedFileView(r) });
    byRequest.set(r.requestId, list);
  }
  return byRequest;
}

function criteriaOf(row: RequestRow): StoredCriteria {
  return storedCriteriaSchema.parse(row.criteria);
}

function toView(row: RequestRow, evidence: ProfessionalEvidenceView[]): ProfessionalRequestView {
  const criteria = criteriaOf(row);
  return {
    id: row.id,
    status: row.status,
    criteria: criteria.statements,
    consequencesAcknowledgedAt: criteria.consequencesAcknowledgedAt,
    noticeVersion: criteria.noticeVersion,
    evidence,
    missingEvidence: missingProfessionalEvidence(
      criteria.statements.map((s) => s.criterion),
      evidence.map((e) => e.criterion),
    ),
    reason: row.status === 'requested' || row.status === 'withdrawn' ? null : row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

async function viewsOf(db: Db, rows: RequestRow[]): Promise<ProfessionalRequestView[]> {
  const evidence = await evidenceOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toView(r, evidence.get(r.id) ?? []));
}

async function viewOf(db: Db, row: RequestRow): Promise<ProfessionalRequestView> {
  const [view] = await viewsOf(db, [row]);
  return view!;
}

/** The request by id, locked for the transaction; with `customerId`, only the customer's own. */
async function lockRequest(db: Db, requestId: number, customerId?: number): Promise<RequestRow> {
  const byId = eq(professionalRequests.id, requestId);
  const [row] = await db
    .select()
    .from(professionalRequests)
    .where(customerId === undefined ? byId : and(byId, eq(professionalRequests.customerId, customerId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * Files a request (POST professional-requests): refused when the customer already is professional
 * (409 `already_professional`) or has an open request (409 `professional_request_open`).
 */
export async function createProfessionalRequest(opts: {
  db: Db;
  customerId: number;
  input: ProfessionalRequestInput;
  now?: Date;
}): Promise<ProfessionalRequestView> {
  const parsed = professionalRequestInputSchema.safeParse(opts.input);
  if (!parsed.success) throw validationFailed(fieldViolationsOf(parsed.error.issues, opts.input));
  const now = opts.now ?? new Date();
  try {
    return await opts.db.transaction(async (tx) => {
      const [customer] = await tx
        .select({ roles: customers.roles })
        .from(customers)
        .where(eq(customers.id, opts.customerId))
        .for('update');
      if (!customer) throw notFound();
      if (isProfessionalInvestor(customer.roles)) throw new AppError('already_professional');
      const [open] = await tx
        .select({ id: professionalRequests.id })
        .from(professionalRequests)
        .where(
          and(
            eq(professionalRequests.customerId, opts.customerId),
            eq(professionalRequests.status, 'requested'),
          ),
        );
      if (open) throw new AppError('professional_request_open');
      const criteria: StoredCriteria = {
        statements: parsed.data.criteria,
        consequencesAcknowledgedAt: now.toISOString(),
        noticeVersion: professionalConsequencesNotice.version,
      };
      const [row] = await tx
        .insert(professionalRequests)
        .values({ customerId: opts.customerId, criteria, createdAt: now })
        .returning();
      await tx.insert(complianceAuditLog).values({
        customerId: opts.customerId,
        actorId: opts.customerId,
        action: professionalAuditActions.submitted,
        details: {
          requestId: row!.id,
          criteria: criteria.statements.map((s) => s.criterion),
          noticeVersion: criteria.noticeVersion,
        },
      });
      return toView(row!, []);
    });
  } catch (e) {
    // A parallel request won the race for the one open request (unique partial index).
    if (isUniqueViolation(e, 'professional_requests_one_open'))
      throw new AppError('professional_request_open');
    throw e;
  }
}

/** The customer's requests, newest first. */
export async function listProfessionalRequests(opts: {
  db: Db;
  customerId: number;
  page: Page;
}): Promise<{ items: ProfessionalRequestView[]; totalItems: number }> {
  const where = eq(professionalRequests.customerId, opts.customerId);
  const [rows, [total]] = await Promise.all([
    opts.db
      .select()
      .from(professionalRequests)
      .where(where)
      .orderBy(desc(professionalRequests.createdAt), desc(professionalRequests.id))
      .limit(opts.page.itemsPerPage)
      .offset((opts.page.page - 1) * opts.page.itemsPerPage),
    opts.db.select({ n: count() }).from(professionalRequests).where(where),
  ]);
  return { items: await viewsOf(opts.db, rows), totalItems: total?.n ?? 0 };
}

/**
 * One request. With `customerId` only the customer's own (another's is not found); the operator
 * area leaves it out to read any customer's request.
 */
export async function getProfessionalRequest(opts: {
  db: Db;
  requestId: number;
  customerId?: number;
}): Promise<ProfessionalRequestView & { customerId: number }> {
  const byId = eq(professionalRequests.id, opts.requestId);
  const [row] = await opts.db
    .select()
    .from(professionalRequests)
    .where(
      opts.customerId === undefined ? byId : and(byId, eq(professionalRequests.customerId, opts.customerId)),
    );
  if (!row) throw notFound();
  return { ...(await viewOf(opts.db, row)), customerId: row.customerId };
}

/** Open requests of all customers, oldest first: the operator area's review queue. */
export async function listOpenProfessionalRequests(opts: {
  db: Db;
  page: Page;
}): Promise<{ items: (ProfessionalRequestView & { customerId: number })[]; totalItems: number }> {
  const where = eq(professionalRequests.status, 'requested');
  const [rows, [total]] = await Promise.all([
    opts.db
      .select()
      .from(professionalRequests)
      .where(where)
      .orderBy(asc(professionalRequests.createdAt), asc(professionalRequests.id))
      .limit(opts.page.itemsPerPage)
      .offset((opts.page.page - 1) * opts.page.itemsPerPage),
    opts.db.select({ n: count() }).from(professionalRequests).where(where),
  ]);
  const views = await viewsOf(opts.db, rows);
  return {
    items: views.map((v, i) => ({ ...v, customerId: rows[i]!.customerId })),
    totalItems: total?.n ?? 0,
  };
}

/** The customer takes back an open request (409 `invalid_transition` once decided or withdrawn). */
export async function withdrawProfessionalRequest(opts: {
  db: Db;
  customerId: number;
  requestId: number;
}): Promise<ProfessionalRequestView> {
  return opts.db.transaction(async (tx) => {
    const row = await lockRequest(tx, opts.requestId, opts.customerId);
    assertProfessionalRequestCanMove(row.status, 'withdrawn');
    const [updated] = await tx
      .update(professionalRequests)
      .set({ status: 'withdrawn', decidedAt: new Date() })
      .where(eq(professionalRequests.id, row.id))
      .returning();
    await tx.insert(complianceAuditLog).values({
      customerId: opts.customerId,
      actorId: opts.customerId,
      action: professionalAuditActions.withdrawn,
      details: { requestId: row.id },
    });
    return viewOf(tx, updated!);
  });
}

/** The criterion field of an evidence upload; 422 with a violation on `criterion` when wrong. */
export function parseEvidenceFields(input: Record<string, string>): { criterion: ProfessionalCriterion } {
  const parsed = professionalEvidenceFieldsSchema.safeParse(input);
  if (!parsed.success) throw validationFailed(fieldViolationsOf(parsed.error.issues, input));
  return parsed.data;
}

/** Evidence may be added to an open request of the customer, for a criterion it states, three per criterion. */
async function assertEvidenceAllowed(db: Db, row: RequestRow, criterion: ProfessionalCriterion | undefined) {
  if (!isProfessionalRequestOpen(row.status)) {
    throw new AppError('invalid_transition', { detail: `professional request is ${row.status}` });
  }
  if (criterion === undefined) return;
  if (!criteriaOf(row).statements.some((s) => s.criterion === criterion)) {
    throw validationFailed(
      [{ propertyPath: 'criterion', code: 'invalid_value' }],
      'Not a criterion of this request.',
    );
  }
  const [n] = await db
    .select({ n: count() })
    .from(professionalRequestFiles)
    .where(
      and(eq(professionalRequestFiles.requestId, row.id), eq(professionalRequestFiles.criterion, criterion)),
    );
  if ((n?.n ?? 0) >= maxEvidenceFilesPerCriterion) {
    throw new AppError('document_limit_reached', {
      violations: [{ propertyPath: 'criterion', code: 'document_limit_reached' }],
    });
  }
}

/**
 * The fields that came before an evidence file, judged before anything is stored: the request must
 * be the customer's (404) and open (409); a criterion sent already must fit it.
 */
export async function checkEvidenceEarly(opts: {
  db: Db;
  customerId: number;
  requestId: number;
  fields: Record<string, string>;
}): Promise<void> {
  const byOwner = and(
    eq(professionalRequests.id, opts.requestId),
    eq(professionalRequests.customerId, opts.customerId),
  );
  const [row] = await opts.db.select().from(professionalRequests).where(byOwner);
  if (!row) throw notFound();
  const criterion = Object.hasOwn(opts.fields, 'criterion')
    ? parseEvidenceFields(opts.fields).criterion
    : undefined;
  await assertEvidenceAllowed(opts.db, row, criterion);
}

/** Records an uploaded evidence file on the customer's open request (the caller removes the file if this throws). */
export async function addProfessionalEvidence(opts: {
  db: Db;
  customerId: number;
  requestId: number;
  criterion: ProfessionalCriterion;
  file: ReceivedFile;
}): Promise<ProfessionalRequestView> {
  return opts.db.transaction(async (tx) => {
    const row = await lockRequest(tx, opts.requestId, opts.customerId);
    await assertEvidenceAllowed(tx, row, opts.criterion);
    const stored = await insertStoredFile(tx, { customerId: opts.customerId, file: opts.file });
    await tx
      .insert(professionalRequestFiles)
      .values({ requestId: row.id, fileId: stored.id, criterion: opts.criterion });
    return viewOf(tx, row);
  });
}

/** Removes an evidence file (and its stored object) from the customer's open request. */
export async function removeProfessionalEvidence(opts: {
  db: Db;
  storage: StoragePort;
  customerId: number;
  requestId: number;
  fileUuid: string;
}): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(opts.fileUuid)) throw notFound();
  await opts.db.transaction(async (tx) => {
    const row = await lockRequest(tx, opts.requestId, opts.customerId);
    const [file] = await tx
      .select({ id: storedFiles.id, storageKey: storedFiles.storageKey })
      .from(professionalRequestFiles)
      .innerJoin(storedFiles, eq(storedFiles.id, professionalRequestFiles.fileId))
      .where(
        and(
          eq(professionalRequestFiles.requestId, row.id),
          eq(storedFiles.uuid, opts.fileUuid.toLowerCase()),
        ),
      );
    if (!file) throw notFound();
    // A decided request keeps its evidence: it is part of the compliance record.
    await assertEvidenceAllowed(tx, row, undefined);
    await tx.delete(storedFiles).where(eq(storedFiles.id, file.id));
    await opts.storage.remove(file.storageKey);
  });
}

/**
 * An operator decides an open request (called by the operator area, `/api/v2/admin/`). Approval
 * needs evidence for every stated criterion (409 `professional_evidence_missing`) and gives the
 * customer the role `professional_investor`; a refusal needs a reason (422). Both are written to
 * the compliance audit log in the same transaction; a decided request cannot be decided again
 * (409 `invalid_transition`). `operatorId` must be an operator (role `admin`) other than the
 * requesting customer (403 `forbidden`).
 */
export async function decideProfessionalRequest(opts: {
  db: Db;
  requestId: number;
  operatorId: number;
  decision: ProfessionalDecision;
  reason?: string | null | undefined;
  now?: Date;
}): Promise<ProfessionalRequestView & { customerId: number }> {
  const input = { decision: opts.decision, ...(opts.reason == null ? {} : { reason: opts.reason }) };
  const parsed = professionalDecisionSchema.safeParse(input);
  if (!parsed.success) throw validationFailed(fieldViolationsOf(parsed.error.issues, input));
  const { decision } = parsed.data;
  const reason = parsed.data.reason || null;
  const now = opts.now ?? new Date();
  return opts.db.transaction(async (tx) => {
    const row = await lockRequest(tx, opts.requestId);
    const [operator] = await tx
      .select({ roles: customers.roles })
      .from(customers)
      .where(eq(customers.id, opts.operatorId));
    // Operators are customers with the role `admin` (contract); nobody decides their own request.
    if (!isOperator(operator?.roles) || opts.operatorId === row.customerId) {
      throw new AppError('forbidden', { detail: 'Only another operator may decide this request.' });
    }
    const to: ProfessionalRequestStatus = decision;
    assertProfessionalRequestCanMove(row.status, to);
    const [before] = await viewsOf(tx, [row]);
    if (decision === 'approved' && before!.missingEvidence.length > 0) {
      throw new AppError('professional_evidence_missing', {
        detail: `No evidence for: ${before!.missingEvidence.join(', ')}`,
      });
    }
    const [updated] = await tx
      .update(professionalRequests)
      .set({ status: to, decidedById: opts.operatorId, decidedAt: now, reason })
      .where(eq(professionalRequests.id, row.id))
      .returning();
    if (decision === 'approved') {
      const hasRole: SQL = sql`${professionalInvestorRole} = any(${customers.roles})`;
      await tx
        .update(customers)
        .set({
          roles: sql`case when ${hasRole} then ${customers.roles} else array_append(${customers.roles}, ${professionalInvestorRole}::text) end`,
          updatedAt: now,
        })
        .where(eq(customers.id, row.customerId));
    }
    await tx.insert(complianceAuditLog).values({
      customerId: row.customerId,
      actorId: opts.operatorId,
      action: professionalAuditActions[decision],
      reason,
      details: {
        requestId: row.id,
        criteria: before!.criteria.map((c) => c.criterion),
        evidence: before!.evidence.map((e) => ({ criterion: e.criterion, file: e.file.uuid })),
      },
      createdAt: now,
    });
    return { ...toView(updated!, before!.evidence), customerId: row.customerId };
  });
}
