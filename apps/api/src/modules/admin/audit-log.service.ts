import type { AuditEntry } from '@token/domain/compliance';
import { notFound } from '@token/domain/errors';
import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { complianceAuditLog, customers } from '../../db/schema/index.ts';

/** The name an operator or a customer is shown by: first and last name, else the e-mail address. */
export function displayName(c: { firstName: string | null; lastName: string | null; email: string }): string {
  return [c.firstName, c.lastName].filter(Boolean).join(' ').trim() || c.email;
}

const actor = alias(customers, 'actor');

const entryColumns = {
  id: complianceAuditLog.id,
  action: complianceAuditLog.action,
  reason: complianceAuditLog.reason,
  details: complianceAuditLog.details,
  createdAt: complianceAuditLog.createdAt,
  actorUuid: actor.uuid,
  actorEmail: actor.email,
  actorFirstName: actor.firstName,
  actorLastName: actor.lastName,
};

type EntryRow = {
  id: number;
  action: string;
  reason: string | null;
  details: unknown;
  createdAt: Date;
  actorUuid: string | null;
  actorEmail: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
};

function toAuditEntry(row: EntryRow): AuditEntry {
  const details =
    row.details !== null && typeof row.details === 'object' && !Array.isArray(row.details)
      ? (row.details as Record<string, unknown>)
      : null;
  return {
    id: row.id,
    action: row.action,
    reason: row.reason,
    details,
    createdAt: row.createdAt.toISOString(),
    actor:
      row.actorUuid === null || row.actorEmail === null
        ? null
        : {
            uuid: row.actorUuid,
            email: row.actorEmail,
            fullName: displayName({
              firstName: row.actorFirstName,
              lastName: row.actorLastName,
              email: row.actorEmail,
            }),
          },
  };
}

/**
 * Appends one row to the compliance audit log (who, when, what, why) in the caller's transaction,
 * so the decision and its record commit together. The table refuses UPDATE and DELETE (trigger).
 */
export async function appendAuditEntry(
  db: Db,
  entry: {
    customerId: number;
    actorId: number | null;
    action: string;
    reason: string | null;
    details?: Record<string, unknown> | null;
  },
): Promise<AuditEntry> {
  const [row] = await db
    .insert(complianceAuditLog)
    .values({
      customerId: entry.customerId,
      actorId: entry.actorId,
      action: entry.action,
      reason: entry.reason,
      details: entry.details ?? null,
    })
    .returning({ id: complianceAuditLog.id });
  const [full] = await db
    .select(entryColumns)
    .from(complianceAuditLog)
    .leftJoin(actor, eq(actor.id, complianceAuditLog.actorId))
    .where(eq(complianceAuditLog.id, row!.id));
  return toAuditEntry(full!);
}

/** A customer's audit log, newest first, paged; an unknown customer is not found. */
export async function listAuditLog(opts: {
  db: Database;
  customerUuid: string;
  page: Page;
}): Promise<{ items: AuditEntry[]; totalItems: number }> {
  const { db, page } = opts;
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.uuid, opts.customerUuid.toLowerCase()));
  if (!customer) throw notFound();
  const [rows, [total]] = await Promise.all([
    db
      .select(entryColumns)
      .from(complianceAuditLog)
      .leftJoin(actor, eq(actor.id, complianceAuditLog.actorId))
      .where(eq(complianceAuditLog.customerId, customer.id))
      .orderBy(desc(complianceAuditLog.createdAt), desc(complianceAuditLog.id))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(complianceAuditLog).where(eq(complianceAuditLog.customerId, customer.id)),
  ]);
  return { items: rows.map(toAuditEntry), totalItems: total?.n ?? 0 };
}

/** The customer's newest audit row (the one a decision made by another module just appended). */
export async function latestAuditEntry(db: Db, customerId: number): Promise<AuditEntry> {
  const [row] = await db
    .select(entryColumns)
    .from(complianceAuditLog)
    .leftJoin(actor, eq(actor.id, complianceAuditLog.actorId))
    .where(eq(complianceAuditLog.customerId, customerId))
    .orderBy(desc(complianceAuditLog.id))
    .limit(1);
  return toAuditEntry(row!);
}
