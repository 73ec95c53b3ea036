import { eq } from 'drizzle-orm';
import { products, registerHeads, registrarInstructions } from '../db/schema/index.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';
import type { registrarSubmitJob } from './registrar-submit.job.ts';

/**
 * Hands one recorded instruction to the registrar: skipped once it is no longer `submitted` (the
 * registrar answered already); the partner is called outside any transaction, then `sentAt` is set.
 * A failing registrar throws, so the job retries with the same idempotency key (executed once).
 */
export async function handleRegistrarSubmit(
  { db, partners, log }: JobContext,
  { instructionId }: JobPayload<typeof registrarSubmitJob>,
): Promise<void> {
  const [row] = await db
    .select({
      instruction: registrarInstructions,
      code: products.code,
      tokenId: products.tokenId,
      paused: registerHeads.paused,
    })
    .from(registrarInstructions)
    .innerJoin(products, eq(products.id, registrarInstructions.productId))
    .leftJoin(registerHeads, eq(registerHeads.productId, registrarInstructions.productId))
    .where(eq(registrarInstructions.id, instructionId));
  if (!row) {
    log.warn({ instructionId }, 'registrar submit: no such instruction');
    return;
  }
  const { instruction } = row;
  if (instruction.status !== 'submitted') {
    log.info({ instructionId, status: instruction.status }, 'registrar submit: already answered, skipped');
    return;
  }
  const submission = await partners.registrar.submit({
    db,
    instruction: {
      key: instruction.idempotencyKey,
      kind: instruction.kind,
      bond: { code: row.code, tokenId: row.tokenId, paused: row.paused === true },
      fromAddress: instruction.fromAddress,
      toAddress: instruction.toAddress,
      amount: instruction.amount,
    },
  });
  await db
    .update(registrarInstructions)
    .set({ sentAt: new Date() })
    .where(eq(registrarInstructions.id, instructionId));
  log.info(
    { instructionId, key: instruction.idempotencyKey, reference: submission.reference },
    'registrar instruction submitted',
  );
}
