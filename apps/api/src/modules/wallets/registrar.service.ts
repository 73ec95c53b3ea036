import { AppError } from '@token/domain/errors';
import {
  assertCanTransition,
  canTransition,
  customerLifecycle,
  isStateOf,
  type RegistrarStatus,
  registrarLifecycle,
  registrarStatuses,
} from '@token/domain/wallets';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { complianceAuditLog, customers, partnerEvents, wallets } from '../../db/schema/index.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { greetingName } from '../accounts/account-mail.service.ts';
import { findShopChannel } from '../reference/reference.service.ts';
import { type RegistrarMailKind, registrarFollowUpDefault, renderRegistrarMail } from './wallet-mails.ts';

/** A custodian's event as the platform keeps it in `partner_events.payload`: its reading, and what was sent. */
export const storedRegistrarEventSchema = z.object({
  custodian: z.string(),
  walletId: z.string(),
  status: z.enum(registrarStatuses),
  message: z.string().nullable(),
  occurredAt: z.string(),
  raw: z.unknown(),
});

export type ApplyOutcome = 'applied' | 'unchanged' | 'already_processed' | 'refused';

async function markProcessed(tx: Tx, eventId: number, error: string | null) {
  await tx.update(partnerEvents).set({ processedAt: sql`now()`, error }).where(eq(partnerEvents.id, eventId));
}

/** Whether a later report about the same wallet was applied already (the customer row is locked). */
async function isOvertaken(
  tx: Tx,
  event: { id: number; provider: string; report: z.infer<typeof storedRegistrarEventSchema> },
): Promise<boolean> {
  const at = Date.parse(event.report.occurredAt);
  if (Number.isNaN(at)) return false;
  const applied = await tx
    .select({ payload: partnerEvents.payload })
    .from(partnerEvents)
    .where(
      and(
        eq(partnerEvents.provider, event.provider),
        sql`${partnerEvents.payload}->>'walletId' = ${event.report.walletId}`,
        sql`${partnerEvents.processedAt} is not null`,
        sql`${partnerEvents.error} is null`,
        sql`${partnerEvents.id} <> ${event.id}`,
      ),
    );
  return applied.some((row) => {
    const other = storedRegistrarEventSchema.safeParse(row.payload);
    return other.success && Date.parse(other.data.occurredAt) > at;
  });
}

const mailKinds: Partial<Record<RegistrarStatus, RegistrarMailKind>> = {
  approved: 'registrar_approved',
  follow_up: 'registrar_follow_up',
  rejected: 'registrar_rejected',
};

/**
 * Applies a recorded registrar status (spec 4 crypto registrar status) to the wallet's holder, once:
 * the change must be allowed by `registrarLifecycle`; `follow_up` also sets the customer status to
 * `follow_up` with the registrar's message (more information needed) and `rejected` bans (spec 6).
 * The change, an audit-log row (no actor: the partner) and the customer's mail (approved, follow-up,
 * rejected, in their language) are one transaction. An event for a wallet the platform has not
 * stored yet (the report overtook the request that opened it) waits for a retry.
 */
export async function applyRegistrarEvent(opts: {
  db: Database;
  mail: MailPort;
  partnerEventId: number;
  publicUrl: string;
  /** On the job's last attempt a missing wallet is recorded as the event's error instead of retried. */
  isLastAttempt: boolean;
  log?: FastifyBaseLogger;
}): Promise<ApplyOutcome> {
  const { db, partnerEventId, log } = opts;
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.id, partnerEventId))
      .for('update');
    if (!event || event.processedAt) return 'already_processed';
    const parsed = storedRegistrarEventSchema.safeParse(event.payload);
    if (!parsed.success) {
      await markProcessed(tx, event.id, 'unreadable registrar event');
      return 'refused';
    }
    const report = parsed.data;
    const [wallet] = await tx
      .select()
      .from(wallets)
      .where(and(eq(wallets.provider, report.custodian), eq(wallets.externalId, report.walletId)));
    if (!wallet) {
      if (opts.isLastAttempt) {
        await markProcessed(tx, event.id, 'unknown wallet');
        return 'refused';
      }
      throw new Error(`registrar event ${event.eventId}: wallet not stored (yet)`);
    }
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, wallet.customerId))
      .for('update');
    if (!customer) {
      await markProcessed(tx, event.id, 'unknown customer');
      return 'refused';
    }
    // Webhooks may arrive out of order (a retried delivery overtaken by a later one): a report older
    // than one already applied for this wallet is stale, so an early `approval_required` can never
    // undo a later `rejected`.
    if (await isOvertaken(tx, { id: event.id, provider: event.provider, report })) {
      await markProcessed(tx, event.id, 'stale report');
      return 'refused';
    }
    const from = isStateOf(registrarLifecycle, customer.cryptoRegistrarStatus)
      ? customer.cryptoRegistrarStatus
      : null;
    const to = report.status;
    try {
      assertCanTransition(registrarLifecycle, from, to);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // A stale or out-of-order report: kept with the reason, nothing changes.
      log?.warn({ eventId: event.eventId, from, to }, 'registrar status change refused');
      await markProcessed(tx, event.id, `invalid transition ${from} -> ${to}`);
      return 'refused';
    }
    if (from === to) {
      await markProcessed(tx, event.id, null);
      return 'unchanged';
    }

    const locale = customer.locale;
    const followUpMessage =
      to === 'follow_up' ? report.message?.trim() || registrarFollowUpDefault[locale] : null;
    const customerStatus = isStateOf(customerLifecycle, customer.status) ? customer.status : null;
    const moveToFollowUp =
      to === 'follow_up' && canTransition(customerLifecycle, customerStatus, 'follow_up');
    if (to === 'follow_up' && !moveToFollowUp) {
      log?.warn(
        { customerId: customer.id, status: customerStatus },
        'registrar follow-up: customer status kept',
      );
    }
    await tx
      .update(customers)
      .set({
        cryptoRegistrarStatus: to,
        ...(moveToFollowUp ? { status: 'follow_up', followUpMessage, followUpSeenAt: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(customers.id, customer.id));
    await tx.insert(complianceAuditLog).values({
      customerId: customer.id,
      actorId: null,
      action: 'registrar_status',
      reason: followUpMessage,
      details: {
        from,
        to,
        custodian: report.custodian,
        walletId: report.walletId,
        eventId: event.eventId,
        ...(moveToFollowUp ? { customerStatus: { from: customerStatus, to: 'follow_up' } } : {}),
      },
    });
    const kind = mailKinds[to];
    if (kind) {
      const channel = await findShopChannel({ db: tx });
      const platform = channel?.name ?? 'Tokenwerk';
      const { subject, text } = renderRegistrarMail(kind, locale, {
        name: greetingName(customer),
        platform,
        address: wallet.address,
        message: followUpMessage,
        custodyUrl: `${opts.publicUrl}/account/custody`,
        contactUrl: `${opts.publicUrl}/contact`,
      });
      await opts.mail.queue(tx, {
        to: customer.email,
        from: channel?.contactEmail ?? 'noreply@tokenwerk.example',
        subject,
        text,
        template: kind,
      });
    }
    await markProcessed(tx, event.id, null);
    return 'applied';
  });
}
