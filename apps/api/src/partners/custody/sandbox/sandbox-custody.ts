import { randomUUID } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import {
  assertCanTransition,
  isStateOf,
  type RegistrarStatus,
  registrarLifecycle,
  registrarStatuses,
  type WalletAddress,
} from '@token/domain/wallets';
import { and, desc, eq, sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { createSecretBox, deriveKey } from '../../../crypto/secrets.ts';
import type { Database, Db } from '../../../db/client.ts';
import { sandboxCustodyWallets } from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../jobs/enqueue.ts';
import { httpWebhookTransport, type WebhookTransport } from '../../sandbox-webhooks.ts';
import { sandboxSignatureHeader, signWebhook, verifyWebhookSignature } from '../../webhook-signatures.ts';
import type { CustodyPort, WebhookCheck } from '../port.ts';
import { custodySandboxAutoApproveJob } from './custody-sandbox-auto-approve.job.ts';
import { custodySandboxDeliverJob, type SandboxReport } from './custody-sandbox-deliver.job.ts';

/** `partner_events.provider` of the sandbox custodian's webhooks. */
export const sandboxCustodyProvider = 'sandbox-custody';
/** The header carrying the sandbox signature (`t=<unix>,v1=<hex>`, partners/webhook-signatures.ts). */
export { sandboxSignatureHeader };
/** The purpose label of the key that seals the sandbox custodian's private keys at rest. */
export const sandboxKeyPurpose = 'custody-sandbox-private-key-v1';
const webhookSecretPurpose = 'custody-sandbox-webhook-v1';

/** The secret the sandbox custodian signs its webhooks with, derived from APP_SECRET for this one use. */
export function sandboxWebhookSecret(secret: string): string {
  return deriveKey(secret, webhookSecretPurpose).toString('hex');
}

/** The sandbox custodian's own record of a wallet (never the key). */
export type SandboxWallet = {
  id: string;
  reference: string;
  address: WalletAddress;
  registrarStatus: RegistrarStatus;
  createdAt: Date;
  updatedAt: Date;
};

/** What a tester may decide on the sandbox page: approve now, ask for more information, ban. */
export const sandboxDecisions = [
  'approved',
  'follow_up',
  'rejected',
] as const satisfies readonly RegistrarStatus[];
export type SandboxDecision = (typeof sandboxDecisions)[number];

/** The sandbox's own controls: its page and its jobs use them; the platform never does. */
export type SandboxControls = {
  delaySeconds: number;
  findWallet: (db: Db, id: string) => Promise<SandboxWallet | null>;
  listWallets: (db: Db, limit: number) => Promise<SandboxWallet[]>;
  /** A tester's decision: the registrar status changes now and is reported by webhook. */
  decide: (
    db: Database,
    opts: { walletId: string; status: SandboxDecision; message: string | null },
  ) => Promise<SandboxWallet>;
  /** The registrar's own verdict after the delay: approved, unless a tester decided first. */
  autoApprove: (db: Database, walletId: string) => Promise<void>;
  /** Sends one report to the platform; throws when it is not accepted (the job retries). */
  deliver: (report: SandboxReport) => Promise<void>;
};

export type SandboxCustody = CustodyPort & { kind: 'sandbox'; sandbox: SandboxControls };

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

const envelopeSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  created: z.iso.datetime({ offset: true }),
  data: z.unknown(),
});
const registrarDataSchema = z.object({
  wallet: z.string().min(1).max(200),
  reference: z.string().max(200),
  address: z.string().max(42),
  registrarStatus: z.enum(registrarStatuses),
  message: z.string().max(2000).nullable(),
});

/**
 * The sandbox custodian (convention 4, the default custody partner): a real secp256k1 key pair and
 * EIP-55 address per wallet (viem), the private key AES-256-GCM sealed at rest in
 * `sandbox_custody_wallets` and never answered or logged. Like a real custodian it reports the
 * crypto registrar's verdict later, by signed webhook: `approval_required` at once, `approved`
 * `delaySeconds` later, unless a tester on `/sandbox/custody/{walletId}` decides otherwise first.
 * Reports go out through jobs (`custody.sandbox-deliver`), so they survive a crash and are retried.
 */
export function createSandboxCustody(opts: {
  /** APP_SECRET: the sealing key and the webhook secret are derived from it, one per purpose. */
  secret: string;
  /** Where the platform receives the webhooks (`{PUBLIC_URL}/api/v2/shop/wallets/webhook/sandbox`). */
  webhookUrl: string;
  delaySeconds: number;
  deliver?: WebhookTransport;
  logger?: Logger;
}): SandboxCustody {
  const keyBox = createSecretBox(opts.secret, sandboxKeyPurpose);
  const webhookSecret = sandboxWebhookSecret(opts.secret);
  const deliver = opts.deliver ?? httpWebhookTransport;

  const columns = {
    id: sandboxCustodyWallets.id,
    reference: sandboxCustodyWallets.reference,
    address: sandboxCustodyWallets.address,
    registrarStatus: sandboxCustodyWallets.registrarStatus,
    createdAt: sandboxCustodyWallets.createdAt,
    updatedAt: sandboxCustodyWallets.updatedAt,
  };
  const toWallet = (
    row: { registrarStatus: string; address: string } & Omit<SandboxWallet, 'registrarStatus' | 'address'>,
  ) =>
    ({
      ...row,
      address: row.address as WalletAddress,
      registrarStatus: isStateOf(registrarLifecycle, row.registrarStatus)
        ? row.registrarStatus
        : 'approval_required',
    }) satisfies SandboxWallet;

  function reportOf(wallet: SandboxWallet, message: string | null): SandboxReport {
    return {
      eventId: `evt_${randomUUID()}`,
      walletId: wallet.id,
      reference: wallet.reference,
      address: wallet.address,
      status: wallet.registrarStatus,
      message,
      occurredAt: new Date().toISOString(),
    };
  }

  const sandbox: SandboxControls = {
    delaySeconds: opts.delaySeconds,

    async findWallet(db, id) {
      const [row] = await db
        .select(columns)
        .from(sandboxCustodyWallets)
        .where(eq(sandboxCustodyWallets.id, id));
      return row ? toWallet(row) : null;
    },

    async listWallets(db, limit) {
      const rows = await db
        .select(columns)
        .from(sandboxCustodyWallets)
        .orderBy(desc(sandboxCustodyWallets.createdAt), desc(sandboxCustodyWallets.id))
        .limit(limit);
      return rows.map(toWallet);
    },

    async decide(db, { walletId, status, message }) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select(columns)
          .from(sandboxCustodyWallets)
          .where(eq(sandboxCustodyWallets.id, walletId))
          .for('update');
        if (!row) throw new AppError('not_found');
        const current = toWallet(row);
        assertCanTransition(registrarLifecycle, current.registrarStatus, status);
        if (current.registrarStatus === status) return current;
        const [updated] = await tx
          .update(sandboxCustodyWallets)
          .set({ registrarStatus: status, updatedAt: sql`now()` })
          .where(eq(sandboxCustodyWallets.id, walletId))
          .returning(columns);
        const wallet = toWallet(updated!);
        await enqueueJob(
          tx,
          custodySandboxDeliverJob,
          reportOf(wallet, status === 'follow_up' ? message : null),
        );
        return wallet;
      });
    },

    async autoApprove(db, walletId) {
      await db.transaction(async (tx) => {
        // Only a wallet still waiting: a tester's decision came first and stands.
        const [updated] = await tx
          .update(sandboxCustodyWallets)
          .set({ registrarStatus: 'approved', updatedAt: sql`now()` })
          .where(
            and(
              eq(sandboxCustodyWallets.id, walletId),
              eq(sandboxCustodyWallets.registrarStatus, 'approval_required'),
            ),
          )
          .returning(columns);
        if (updated) await enqueueJob(tx, custodySandboxDeliverJob, reportOf(toWallet(updated), null));
      });
    },

    async deliver(report) {
      const body = JSON.stringify({
        id: report.eventId,
        type: 'wallet.registrar_status',
        created: report.occurredAt,
        data: {
          wallet: report.walletId,
          reference: report.reference,
          address: report.address,
          registrarStatus: report.status,
          message: report.message,
        },
      });
      // Signed at sending time: a retry carries a fresh timestamp within the receiver's window.
      const res = await deliver({
        url: opts.webhookUrl,
        headers: {
          'content-type': 'application/json',
          [sandboxSignatureHeader]: signWebhook(webhookSecret, body),
        },
        body,
      });
      if (res.status < 200 || res.status >= 300) {
        throw new Error(`sandbox custody webhook answered ${res.status}`);
      }
    },
  };

  return {
    kind: 'sandbox',
    sandbox,

    async createWallet({ db, reference }) {
      const privateKey = generatePrivateKey();
      const address = privateKeyToAccount(privateKey).address;
      const id = randomUUID();
      const wallet = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(sandboxCustodyWallets)
          .values({ id, reference, address, encryptedPrivateKey: keyBox.seal(privateKey) })
          .returning(columns);
        const created = toWallet(row!);
        await enqueueJob(tx, custodySandboxDeliverJob, reportOf(created, null));
        await enqueueJob(
          tx,
          custodySandboxAutoApproveJob,
          { walletId: id },
          { startAfter: opts.delaySeconds },
        );
        return created;
      });
      opts.logger?.info({ walletId: wallet.id, address }, 'sandbox custody: wallet opened');
      return { walletId: wallet.id, address };
    },

    webhooks: {
      provider: sandboxCustodyProvider,
      verify({ rawBody, headers, nowSeconds }): WebhookCheck {
        const given = headers[sandboxSignatureHeader];
        const header = Array.isArray(given) ? given[0] : given;
        const check = verifyWebhookSignature({
          secret: webhookSecret,
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
        const envelope = envelopeSchema.safeParse(json);
        if (!envelope.success) return { ok: false, reason: 'malformed' };
        const { id, type, created, data } = envelope.data;
        if (type !== 'wallet.registrar_status') {
          return { ok: true, event: { eventId: id, type, unknown: true } };
        }
        const parsed = registrarDataSchema.safeParse(data);
        if (!parsed.success) return { ok: false, reason: 'malformed' };
        return {
          ok: true,
          event: {
            eventId: id,
            type: 'wallet.registrar_status',
            walletId: parsed.data.wallet,
            status: parsed.data.registrarStatus,
            message: parsed.data.message,
            occurredAt: created,
          },
        };
      },
    },
  };
}
