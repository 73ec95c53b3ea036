import type { RegisterCause, RegistrarInstructionKind } from '@token/domain/register';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { registrarInstructions, wallets } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import { registrarSubmitJob } from '../../jobs/registrar-submit.job.ts';

/*
 * Instructions to the registrar (issue 16, decision 016): recorded with an idempotency key and handed
 * to the registrar by a job enqueued in the same transaction (outbox). The journal records the entry
 * only when the registrar confirms (`registrar-events.service.ts`).
 */

export type RegistrarInstructionRow = typeof registrarInstructions.$inferSelect;

/** A customer's custodial wallet address (the registrar knows holders by it), or null without one. */
export async function holderAddressOf(tx: Tx, customerId: number): Promise<string | null> {
  const [wallet] = await tx
    .select({ address: wallets.address })
    .from(wallets)
    .where(and(eq(wallets.customerId, customerId), eq(wallets.type, 'custody')));
  return wallet?.address ?? null;
}

export type QueueInstruction = {
  productId: number;
  kind: RegistrarInstructionKind;
  fromCustomerId: number | null;
  toCustomerId: number | null;
  amount: number;
  cause: RegisterCause;
  /** Unique per intended effect (e.g. `mint-order-42`): a second call with it returns the first instruction. */
  idempotencyKey: string;
  /** The holders' custodial addresses when the caller has read them already (else looked up here). */
  addresses?: { from: string | null; to: string | null };
};

/**
 * Records an instruction and enqueues its submission, inside the caller's transaction. Idempotent by
 * key: an instruction already recorded under the key is returned as it is (`created: false`) and
 * nothing is enqueued again. The holders' custodial wallet addresses are looked up here unless given.
 */
export async function queueInstruction(
  tx: Tx,
  input: QueueInstruction,
): Promise<{ instruction: RegistrarInstructionRow; created: boolean }> {
  const { addresses, ...columns } = input;
  const fromAddress = addresses
    ? addresses.from
    : input.fromCustomerId === null
      ? null
      : await holderAddressOf(tx, input.fromCustomerId);
  const toAddress = addresses
    ? addresses.to
    : input.toCustomerId === null
      ? null
      : await holderAddressOf(tx, input.toCustomerId);
  const [created] = await tx
    .insert(registrarInstructions)
    .values({ ...columns, fromAddress, toAddress })
    .onConflictDoNothing({ target: registrarInstructions.idempotencyKey })
    .returning();
  if (created) {
    await enqueueJob(tx, registrarSubmitJob, { instructionId: created.id });
    return { instruction: created, created: true };
  }
  const [existing] = await tx
    .select()
    .from(registrarInstructions)
    .where(eq(registrarInstructions.idempotencyKey, input.idempotencyKey));
  if (!existing) throw new Error(`instruction ${input.idempotencyKey} neither inserted nor found`);
  return { instruction: existing, created: false };
}
