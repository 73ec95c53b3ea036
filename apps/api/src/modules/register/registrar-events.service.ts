import { AppError } from '@token/domain/errors';
import { assertCanTransition } from '@token/domain/orders';
import { registrarInstructionLifecycle, transferLifecycle } from '@token/domain/register';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import {
  bondWhitelist,
  orders,
  partnerEvents,
  products,
  registerHoldings,
  registrarInstructions,
  tokenTransfers,
} from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import { registrarEventJob } from '../../jobs/registrar-event.job.ts';
import { type RegistrarEvent, registrarEventTypes } from '../../partners/registrar/port.ts';
import { recordPartnerEvent } from '../partner-events/partner-events.service.ts';
import type { RegistrarInstructionRow } from './instructions.service.ts';
import { appendRegisterEntry, type RegisterEntryRow } from './journal.service.ts';
import { followOrderMinting } from './minting.service.ts';

/*
 * The registrar's answers (issue 16, decision 016 "Registrar"): a verified webhook is recorded once
 * by its event id with its job in the same transaction; the job books it: the instruction confirmed
 * and its journal entry (the only place a registrar's confirmation enters the register), then what
 * the entry causes (an order shipped, a transfer confirmed), or the instruction refused and what it
 * held released. Idempotent: an instruction is decided once; a repeat or late answer changes nothing.
 */

/** A registrar event as `partner_events.payload` keeps it: the adapter's reading, and what was sent. */
export const storedRegistrarEventSchema = z.object({
  registrar: z.string(),
  event: z.object({
    eventId: z.string(),
    type: z.enum(registrarEventTypes),
    key: z.string(),
    transactionHash: z.string().nullable(),
    blockTime: z.string().nullable(),
    fromAddress: z.string().nullable(),
    toAddress: z.string().nullable(),
    amount: z.number().int(),
    reason: z.string().nullable(),
  }),
  raw: z.unknown(),
});

/**
 * Records a verified registrar webhook once (by provider and event id) and, in the same
 * transaction, enqueues the job that books it. A repeated delivery answers `duplicate`, nothing else.
 */
export async function receiveRegistrarWebhook(opts: {
  db: Database;
  provider: string;
  registrar: string;
  event: RegistrarEvent;
  raw: unknown;
}): Promise<'recorded' | 'duplicate'> {
  return opts.db.transaction(async (tx) => {
    const id = await recordPartnerEvent(tx, {
      provider: opts.provider,
      eventId: opts.event.eventId,
      type: opts.event.type,
      payload: {
        registrar: opts.registrar,
        event: opts.event,
        raw: opts.raw,
      } satisfies z.infer<typeof storedRegistrarEventSchema>,
    });
    if (id === null) return 'duplicate';
    await enqueueJob(tx, registrarEventJob, { partnerEventId: id });
    return 'recorded';
  });
}

/** What applying an answer did. */
export type RegistrarEventOutcome =
  | 'confirmed'
  | 'refused'
  | 'unknown_instruction'
  | 'already_decided'
  | 'already_processed'
  | 'unreadable';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The job's entry: reads the recorded event and applies it, marking the event processed with it. */
export async function applyRecordedRegistrarEvent(opts: {
  db: Database;
  partnerEventId: number;
  log?: Log;
}): Promise<RegistrarEventOutcome> {
  const [row] = await opts.db.select().from(partnerEvents).where(eq(partnerEvents.id, opts.partnerEventId));
  if (!row || row.processedAt) return 'already_processed';
  const parsed = storedRegistrarEventSchema.safeParse(row.payload);
  if (!parsed.success) {
    await opts.db
      .update(partnerEvents)
      .set({ processedAt: sql`now()`, error: 'unreadable registrar event' })
      .where(eq(partnerEvents.id, row.id));
    opts.log?.error({ partnerEventId: row.id }, 'registrar event unreadable');
    return 'unreadable';
  }
  return applyRegistrarEvent({
    db: opts.db,
    event: parsed.data.event,
    partnerEventId: row.id,
    ...(opts.log ? { log: opts.log } : {}),
  });
}

/**
 * Books one registrar answer, idempotently, in one transaction. Confirmed: the instruction (still
 * `submitted`) becomes `confirmed`, its entry is appended to the journal with the transaction hash,
 * block time and addresses, and by its cause an order's shipping state and stock move (decision 011:
 * minting takes the tokens from `on_hand` and `on_hold` together) and the buyer joins a whitelisted
 * bond's whitelist, or a transfer request is confirmed, settling the sender's `pending_out`. Refused:
 * the instruction is refused, a transfer request refused and its `pending_out` released. An answer
 * for an unknown key or an instruction decided before is recorded and ignored. When the journal
 * refuses the entry (`register_entry_refused`) nothing is written and the error is thrown.
 */
export async function applyRegistrarEvent(opts: {
  db: Database;
  event: RegistrarEvent;
  /** The recorded webhook event, marked processed in the same transaction. */
  partnerEventId?: number;
  log?: Log;
  now?: Date;
}): Promise<RegistrarEventOutcome> {
  const { db, event, log } = opts;
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const markProcessed = async (error: string | null) => {
      if (opts.partnerEventId === undefined) return;
      await tx
        .update(partnerEvents)
        .set({ processedAt: now, error })
        .where(eq(partnerEvents.id, opts.partnerEventId));
    };
    if (opts.partnerEventId !== undefined) {
      const [recorded] = await tx
        .select({ processedAt: partnerEvents.processedAt })
        .from(partnerEvents)
        .where(eq(partnerEvents.id, opts.partnerEventId))
        .for('update');
      if (!recorded || recorded.processedAt) return 'already_processed';
    }
    const [instruction] = await tx
      .select()
      .from(registrarInstructions)
      .where(eq(registrarInstructions.idempotencyKey, event.key))
      .for('update');
    if (!instruction) {
      log?.warn(
        { key: event.key, eventId: event.eventId },
        'registrar answer for an unknown instruction ignored',
      );
      await markProcessed('unknown instruction');
      return 'unknown_instruction';
    }
    if (instruction.status !== 'submitted') {
      log?.info(
        { instructionId: instruction.id, status: instruction.status, type: event.type },
        'registrar answer for a decided instruction ignored',
      );
      await markProcessed(`instruction already ${instruction.status}`);
      return 'already_decided';
    }
    if (event.type === 'instruction.refused') {
      await refuseInstruction(tx, instruction, event.reason ?? 'refused', now, log);
      await markProcessed(null);
      return 'refused';
    }
    if (event.amount !== instruction.amount) {
      // A registrar booking another amount than instructed: never booked silently.
      throw new Error(
        `registrar confirmed ${event.amount} tokens for instruction ${instruction.id} of ${instruction.amount}`,
      );
    }
    try {
      await confirmInstruction(tx, instruction, event, now, log);
    } catch (err) {
      if (err instanceof AppError && err.code === 'register_entry_refused') {
        // The registrar booked what the register does not allow: an operator must look (nothing written).
        log?.error(
          { instructionId: instruction.id, key: instruction.idempotencyKey, kind: instruction.kind },
          'the journal refused a confirmed registrar instruction; it stays submitted',
        );
      }
      throw err;
    }
    await markProcessed(null);
    return 'confirmed';
  });
}

async function confirmInstruction(
  tx: Tx,
  instruction: RegistrarInstructionRow,
  event: RegistrarEvent,
  now: Date,
  log: Log | undefined,
): Promise<void> {
  assertCanTransition(registrarInstructionLifecycle, instruction.status, 'confirmed');
  const { cause } = instruction;
  const blockTime = event.blockTime ? new Date(event.blockTime) : now;
  // Lock order of the order's lifecycle first (order row), then the register's head (in the append).
  const [order] =
    cause.type === 'order'
      ? await tx
          .select()
          .from(orders)
          .where(eq(orders.id, Number(cause.orderId)))
          .for('update')
      : [];
  const [transfer] =
    cause.type === 'transfer_request'
      ? await tx
          .select()
          .from(tokenTransfers)
          .where(eq(tokenTransfers.id, Number(cause.transferId)))
          .for('update')
      : [];
  const settlesPending = transfer?.status === 'pending' ? transfer.amount : 0;

  const entry = await appendRegisterEntry(tx, {
    productId: instruction.productId,
    kind: instruction.kind,
    fromCustomerId: instruction.fromCustomerId,
    toCustomerId: instruction.toCustomerId,
    amount: instruction.amount,
    cause,
    ...(settlesPending > 0 ? { settlesPending } : {}),
    instructionId: instruction.id,
    transactionHash: event.transactionHash,
    blockTime,
    fromAddress: event.fromAddress ?? instruction.fromAddress,
    toAddress: event.toAddress ?? instruction.toAddress,
    now,
  });
  await tx
    .update(registrarInstructions)
    .set({
      status: 'confirmed',
      transactionHash: event.transactionHash,
      blockTime,
      decidedAt: now,
    })
    .where(eq(registrarInstructions.id, instruction.id));

  if (order) await shipOrderTokens(tx, { order, entry, now });
  if (transfer) {
    if (transfer.status === 'pending') {
      assertCanTransition(transferLifecycle, transfer.status, 'confirmed');
      await tx
        .update(tokenTransfers)
        .set({ status: 'confirmed', decidedAt: now })
        .where(eq(tokenTransfers.id, transfer.id));
    } else {
      log?.warn(
        { transferId: transfer.id, status: transfer.status },
        'registrar confirmed a transfer not pending',
      );
    }
  }
}

/**
 * After a mint of an order's tokens: the order's shipping state and the stock follow the journal
 * (`followOrderMinting`, the one rule shared with reversals), and on a bond with whitelisting the
 * buyer joins its whitelist.
 */
async function shipOrderTokens(
  tx: Tx,
  opts: { order: typeof orders.$inferSelect; entry: RegisterEntryRow; now: Date },
): Promise<void> {
  const { order, entry, now } = opts;
  await followOrderMinting(tx, { orderId: order.id, tokens: entry.amount });
  const [product] = await tx
    .select({ whitelisting: products.whitelisting })
    .from(products)
    .where(eq(products.id, entry.productId));
  const holder = entry.toCustomerId ?? order.customerId;
  if (product?.whitelisting) {
    await tx
      .insert(bondWhitelist)
      .values({ productId: entry.productId, customerId: holder, source: 'subscription', addedAt: now })
      .onConflictDoNothing();
  }
}

async function refuseInstruction(
  tx: Tx,
  instruction: RegistrarInstructionRow,
  reason: string,
  now: Date,
  log: Log | undefined,
): Promise<void> {
  assertCanTransition(registrarInstructionLifecycle, instruction.status, 'refused');
  await tx
    .update(registrarInstructions)
    .set({ status: 'refused', refusalReason: reason.slice(0, 500), decidedAt: now })
    .where(eq(registrarInstructions.id, instruction.id));
  const { cause } = instruction;
  if (cause.type === 'transfer_request') {
    const [transfer] = await tx
      .select()
      .from(tokenTransfers)
      .where(eq(tokenTransfers.id, Number(cause.transferId)))
      .for('update');
    if (transfer?.status === 'pending') {
      assertCanTransition(transferLifecycle, transfer.status, 'refused');
      await tx
        .update(tokenTransfers)
        .set({ status: 'refused', refusalReason: reason.slice(0, 500), decidedAt: now })
        .where(eq(tokenTransfers.id, transfer.id));
      // The tokens held back for this transfer are the sender's to use again.
      await tx
        .update(registerHoldings)
        .set({
          pendingOut: sql`greatest(0, ${registerHoldings.pendingOut} - ${transfer.amount})`,
          updatedAt: now,
        })
        .where(
          and(
            eq(registerHoldings.productId, transfer.productId),
            eq(registerHoldings.customerId, transfer.senderId),
          ),
        );
    }
  }
  log?.warn(
    { instructionId: instruction.id, kind: instruction.kind, cause: cause.type, reason },
    'registrar refused an instruction',
  );
}
