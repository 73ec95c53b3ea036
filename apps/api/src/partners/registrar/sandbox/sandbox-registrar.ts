import { randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import { registrarInstructionKinds } from '@token/domain/register';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import {
  sandboxRegistrarBalances,
  sandboxRegistrarInstructions,
  sandboxRegistrarPauses,
  sandboxRegistrarTransactions,
  wallets,
} from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../jobs/enqueue.ts';
import type { WebhookTransport } from '../../sandbox-webhooks.ts';
import { httpWebhookTransport } from '../../sandbox-webhooks.ts';
import { sandboxSignatureHeader, signWebhook, verifyWebhookSignature } from '../../webhook-signatures.ts';
import {
  type RegistrarEvent,
  type RegistrarInstruction,
  type RegistrarPort,
  type RegistrarWebhookCheck,
  type RegistrarWebhooks,
  registrarEventTypes,
} from '../port.ts';
import {
  type RegistrarSandboxDelivery,
  registrarSandboxDeliverJob,
} from './registrar-sandbox-deliver.job.ts';

/** `partner_events.provider` of the sandbox registrar's webhooks. */
export const sandboxRegistrarProvider = 'sandbox-registrar';

export type SandboxRegistrarInstruction = typeof sandboxRegistrarInstructions.$inferSelect;
export type SandboxRegistrarBalance = typeof sandboxRegistrarBalances.$inferSelect;
export type SandboxRegistrarTransaction = typeof sandboxRegistrarTransactions.$inferSelect;

/** What a tester may do with an open instruction on `/sandbox/registrar`. */
export const sandboxRegistrarActions = ['confirm', 'refuse', 'delay'] as const;
export type SandboxRegistrarAction = (typeof sandboxRegistrarActions)[number];

/** What a run of the delivery job did. */
export type SandboxDeliveryOutcome = 'stale' | 'delivered';

/** The sandbox's own controls: its page and its delivery job use them; the platform never does. */
export type SandboxRegistrarControls = {
  confirmAfterMs: number;
  listInstructions: (db: Db, limit: number) => Promise<SandboxRegistrarInstruction[]>;
  listBalances: (db: Db, limit: number) => Promise<SandboxRegistrarBalance[]>;
  /** A tester's decision on an open instruction; `invalid_transition` once it is decided. */
  act: (opts: {
    db: Db;
    id: number;
    action: SandboxRegistrarAction;
    reason?: string | null;
    delaySeconds?: number;
  }) => Promise<SandboxRegistrarInstruction>;
  /** The delivery job's work: executes the instruction when due, then posts its answer. */
  deliver: (opts: { db: Db; delivery: RegistrarSandboxDelivery }) => Promise<SandboxDeliveryOutcome>;
};

export type SandboxRegistrar = RegistrarPort & {
  kind: 'sandbox';
  webhooks: RegistrarWebhooks;
  sandbox: SandboxRegistrarControls;
};

const envelopeSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(registrarEventTypes),
  created: z.iso.datetime({ offset: true }),
  data: z.object({
    key: z.string().min(1).max(200),
    kind: z.enum(registrarInstructionKinds),
    transactionHash: z
      .string()
      .regex(/^0x[0-9a-f]{64}$/)
      .nullable(),
    blockNumber: z.number().int().positive().nullable(),
    blockTime: z.iso.datetime({ offset: true }).nullable(),
    fromAddress: z.string().max(100).nullable(),
    toAddress: z.string().max(100).nullable(),
    amount: z.number().int().positive(),
    reason: z.string().max(500).nullable(),
  }),
});

/** A fake transaction hash: 0x and 32 random bytes, as a chain's hashes look. */
const newTransactionHash = () => `0x${randomBytes(32).toString('hex')}`;
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The sandbox registrar (convention 4, the default when no real registrar is configured): its own
 * ledger in `sandbox_registrar_*` (instructions by key, balances per bond and address, a fake chain).
 * An instruction is executed `confirmAfterMs` after it arrived, unless a tester on `/sandbox/registrar`
 * confirms, refuses or delays it first, and the answer reaches the platform as a signed webhook
 * through the `registrar.sandbox-deliver` job. Like a permissioned token (ERC-3643) it refuses a
 * transfer or burn beyond the sender's balance, and a mint or transfer to an address off its
 * allow-list: the custodial wallets' addresses (the custodian registers its wallets with the
 * registrar) and any address it already booked tokens to.
 */
export function createSandboxRegistrar(opts: {
  webhookUrl: string;
  webhookSecret: string;
  confirmAfterMs: number;
  transport?: WebhookTransport;
}): SandboxRegistrar {
  const transport = opts.transport ?? httpWebhookTransport;

  async function schedule(tx: Db, key: string, version: number, afterMs: number) {
    await enqueueJob(
      tx,
      registrarSandboxDeliverJob,
      { key, version },
      afterMs > 0 ? { startAfter: afterMs / 1000 } : {},
    );
  }

  async function isAllowed(tx: Tx, address: string): Promise<boolean> {
    const [custodial] = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.type, 'custody'), sql`lower(${wallets.address}) = lower(${address})`))
      .limit(1);
    if (custodial) return true;
    const [seen] = await tx
      .select({ address: sandboxRegistrarBalances.address })
      .from(sandboxRegistrarBalances)
      .where(sql`lower(${sandboxRegistrarBalances.address}) = lower(${address})`)
      .limit(1);
    return seen !== undefined;
  }

  /** Executes an open instruction on the ledger (or refuses it); the row is locked by the caller. */
  async function execute(tx: Tx, row: SandboxRegistrarInstruction): Promise<SandboxRegistrarInstruction> {
    const now = new Date();
    const decide = async (values: Partial<SandboxRegistrarInstruction>) => {
      const [updated] = await tx
        .update(sandboxRegistrarInstructions)
        .set({ ...values, decidedAt: now, eventId: `evt_${randomUUID()}` })
        .where(eq(sandboxRegistrarInstructions.id, row.id))
        .returning();
      return updated!;
    };
    // A paused token moves nothing (the contract's `whenNotPaused`).
    const [paused] = await tx
      .select({ bondCode: sandboxRegistrarPauses.bondCode })
      .from(sandboxRegistrarPauses)
      .where(eq(sandboxRegistrarPauses.bondCode, row.bondCode));
    if (paused) return decide({ status: 'refused', reason: 'token_paused' });
    if (row.kind !== 'burn') {
      if (!row.toAddress) return decide({ status: 'refused', reason: 'address_missing' });
      if (!(await isAllowed(tx, row.toAddress)))
        return decide({ status: 'refused', reason: 'address_not_allowed' });
    }
    if (row.kind !== 'mint') {
      if (!row.fromAddress) return decide({ status: 'refused', reason: 'address_missing' });
      const [from] = await tx
        .select()
        .from(sandboxRegistrarBalances)
        .where(
          and(
            eq(sandboxRegistrarBalances.bondCode, row.bondCode),
            eq(sandboxRegistrarBalances.address, row.fromAddress),
          ),
        )
        .for('update');
      if (!from || from.balance < row.amount)
        return decide({ status: 'refused', reason: 'insufficient_balance' });
      await tx
        .update(sandboxRegistrarBalances)
        .set({ balance: sql`${sandboxRegistrarBalances.balance} - ${row.amount}`, updatedAt: now })
        .where(
          and(
            eq(sandboxRegistrarBalances.bondCode, row.bondCode),
            eq(sandboxRegistrarBalances.address, row.fromAddress),
          ),
        );
    }
    if (row.kind !== 'burn' && row.toAddress) {
      await tx
        .insert(sandboxRegistrarBalances)
        .values({ bondCode: row.bondCode, address: row.toAddress, balance: row.amount })
        .onConflictDoUpdate({
          target: [sandboxRegistrarBalances.bondCode, sandboxRegistrarBalances.address],
          set: { balance: sql`${sandboxRegistrarBalances.balance} + ${row.amount}`, updatedAt: now },
        });
    }
    const [block] = await tx
      .insert(sandboxRegistrarTransactions)
      .values({
        hash: newTransactionHash(),
        instructionKey: row.key,
        bondCode: row.bondCode,
        kind: row.kind,
        fromAddress: row.fromAddress,
        toAddress: row.toAddress,
        amount: row.amount,
        blockTime: now,
      })
      .returning({ blockNumber: sandboxRegistrarTransactions.blockNumber });
    return decide({ status: 'confirmed', reason: null, blockNumber: block!.blockNumber });
  }

  async function post(db: Db, row: SandboxRegistrarInstruction): Promise<void> {
    const [block] =
      row.blockNumber === null
        ? []
        : await db
            .select()
            .from(sandboxRegistrarTransactions)
            .where(eq(sandboxRegistrarTransactions.blockNumber, row.blockNumber));
    const confirmed = row.status === 'confirmed';
    const body = JSON.stringify({
      id: row.eventId,
      type: confirmed ? 'instruction.confirmed' : 'instruction.refused',
      created: (row.decidedAt ?? new Date()).toISOString(),
      data: {
        key: row.key,
        kind: row.kind,
        transactionHash: confirmed ? (block?.hash ?? null) : null,
        blockNumber: confirmed ? (block?.blockNumber ?? null) : null,
        blockTime: confirmed ? (block?.blockTime.toISOString() ?? null) : null,
        fromAddress: row.fromAddress,
        toAddress: row.toAddress,
        amount: row.amount,
        reason: confirmed ? null : (row.reason ?? 'refused'),
      },
    });
    // Signed at sending time: a retry carries a fresh timestamp within the receiver's window.
    const { status } = await transport({
      url: opts.webhookUrl,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'tokenwerk-registrar-sandbox/1',
        [sandboxSignatureHeader]: signWebhook(opts.webhookSecret, body),
      },
      body,
    });
    if (status < 200 || status > 299)
      throw new Error(`the platform answered ${status} to the registrar webhook`);
  }

  const sandbox: SandboxRegistrarControls = {
    confirmAfterMs: opts.confirmAfterMs,

    listInstructions: (db, limit) =>
      db
        .select()
        .from(sandboxRegistrarInstructions)
        .orderBy(desc(sandboxRegistrarInstructions.id))
        .limit(limit),

    listBalances: (db, limit) =>
      db
        .select()
        .from(sandboxRegistrarBalances)
        .orderBy(sandboxRegistrarBalances.bondCode, sandboxRegistrarBalances.address)
        .limit(limit),

    async act({ db, id, action, reason, delaySeconds }) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sandboxRegistrarInstructions)
          .where(eq(sandboxRegistrarInstructions.id, id))
          .for('update');
        if (!row) throw new AppError('not_found');
        if (row.status !== 'pending') {
          throw new AppError('invalid_transition', {
            detail: `sandbox registrar: ${row.status} -> ${action}`,
          });
        }
        if (action === 'delay') {
          const seconds = delaySeconds ?? Math.max(1, Math.round(opts.confirmAfterMs / 1000));
          const [delayed] = await tx
            .update(sandboxRegistrarInstructions)
            .set({ confirmAfter: new Date(Date.now() + seconds * 1000), version: row.version + 1 })
            .where(eq(sandboxRegistrarInstructions.id, row.id))
            .returning();
          await schedule(tx, row.key, delayed!.version, seconds * 1000);
          return delayed!;
        }
        // A decision supersedes the scheduled run (its version goes stale) and is answered at once.
        const [bumped] = await tx
          .update(sandboxRegistrarInstructions)
          .set({ version: row.version + 1 })
          .where(eq(sandboxRegistrarInstructions.id, row.id))
          .returning();
        let decided: SandboxRegistrarInstruction;
        if (action === 'confirm') {
          decided = await execute(tx, bumped!);
        } else {
          const [refused] = await tx
            .update(sandboxRegistrarInstructions)
            .set({
              status: 'refused',
              reason: reason?.trim() || 'refused by the registrar',
              decidedAt: new Date(),
              eventId: `evt_${randomUUID()}`,
            })
            .where(eq(sandboxRegistrarInstructions.id, row.id))
            .returning();
          decided = refused!;
        }
        await schedule(tx, decided.key, decided.version, 0);
        return decided;
      });
    },

    async deliver({ db, delivery }) {
      const row = await db.transaction(async (tx) => {
        const [found] = await tx
          .select()
          .from(sandboxRegistrarInstructions)
          .where(eq(sandboxRegistrarInstructions.key, delivery.key))
          .for('update');
        // Rescheduled (delayed) or decided by a tester since: that run answers, not this one.
        if (!found || found.version !== delivery.version) return null;
        // A retry of a run that decided already posts the same answer again (same event id).
        return found.status === 'pending' ? execute(tx, found) : found;
      });
      if (!row || row.status === 'pending') return 'stale';
      await post(db, row);
      await db
        .update(sandboxRegistrarInstructions)
        .set({ deliveredAt: new Date() })
        .where(eq(sandboxRegistrarInstructions.id, row.id));
      return 'delivered';
    },
  };

  return {
    kind: 'sandbox',
    sandbox,

    async submit({ db, instruction }) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(sandboxRegistrarInstructions)
          .values({
            key: instruction.key,
            kind: instruction.kind,
            bondCode: instruction.bond.code,
            tokenId: instruction.bond.tokenId,
            fromAddress: instruction.fromAddress,
            toAddress: instruction.toAddress,
            amount: instruction.amount,
            confirmAfter: new Date(Date.now() + opts.confirmAfterMs),
          })
          .onConflictDoNothing({ target: sandboxRegistrarInstructions.key })
          .returning();
        if (created) await schedule(tx, created.key, created.version, opts.confirmAfterMs);
        const row =
          created ??
          (
            await tx
              .select()
              .from(sandboxRegistrarInstructions)
              .where(eq(sandboxRegistrarInstructions.key, instruction.key))
          )[0];
        if (!row)
          throw new Error(`sandbox registrar: instruction ${instruction.key} neither stored nor found`);
        if (!sameInstruction(row, instruction)) {
          throw new Error(`sandbox registrar: key ${instruction.key} reused with other parameters`);
        }
        return {
          key: row.key,
          status: 'accepted' as const,
          reference: String(row.id),
          transactionHash: null,
        };
      });
    },

    async balances({ db, bond }) {
      const rows = await db
        .select()
        .from(sandboxRegistrarBalances)
        .where(eq(sandboxRegistrarBalances.bondCode, bond.code));
      return new Map(rows.filter((r) => r.balance > 0).map((r) => [r.address, r.balance]));
    },

    async setPaused({ db, bond, paused }) {
      if (paused) {
        await db.insert(sandboxRegistrarPauses).values({ bondCode: bond.code }).onConflictDoNothing();
      } else {
        await db.delete(sandboxRegistrarPauses).where(eq(sandboxRegistrarPauses.bondCode, bond.code));
      }
      return { transactionHash: null };
    },

    webhooks: {
      provider: sandboxRegistrarProvider,
      verify({ rawBody, headers, nowSeconds }): RegistrarWebhookCheck {
        const given = headers[sandboxSignatureHeader];
        const header = Array.isArray(given) ? given[0] : given;
        const check = verifyWebhookSignature({
          secret: opts.webhookSecret,
          rawBody,
          header,
          ...(nowSeconds === undefined ? {} : { nowSeconds }),
        });
        if (!check.ok) return { ok: false, reason: 'signature' };
        let json: unknown;
        try {
          json = JSON.parse(rawBody.toString('utf8'));
        } catch {
          return { ok: false, reason: 'malformed' };
        }
        const parsed = envelopeSchema.safeParse(json);
        if (!parsed.success) return { ok: false, reason: 'malformed' };
        const { id, type, data } = parsed.data;
        const event: RegistrarEvent = {
          eventId: id,
          type,
          key: data.key,
          transactionHash: data.transactionHash,
          blockTime: data.blockTime,
          fromAddress: data.fromAddress,
          toAddress: data.toAddress,
          amount: data.amount,
          reason: data.reason,
        };
        return { ok: true, event };
      },
    },
  };
}

/** Whether a stored instruction is the one submitted again under its key. */
function sameInstruction(row: SandboxRegistrarInstruction, i: RegistrarInstruction): boolean {
  const eqAddress = (a: string | null, b: string | null) =>
    a === null || b === null ? a === b : sameAddress(a, b);
  return (
    row.kind === i.kind &&
    row.bondCode === i.bond.code &&
    row.amount === i.amount &&
    eqAddress(row.fromAddress, i.fromAddress) &&
    eqAddress(row.toAddress, i.toAddress)
  );
}
