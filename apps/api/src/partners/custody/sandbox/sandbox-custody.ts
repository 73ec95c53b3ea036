import { createHash, randomUUID } from 'node:crypto';
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
import { isUniqueViolation } from '../../../db/errors.ts';
import {
  sandboxCustodyCustomers,
  sandboxCustodyEntities,
  sandboxCustodyRequests,
  sandboxCustodyWallets,
} from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../jobs/enqueue.ts';
import { httpWebhookTransport, type WebhookTransport } from '../../sandbox-webhooks.ts';
import { sandboxSignatureHeader, signWebhook, verifyWebhookSignature } from '../../webhook-signatures.ts';
import { custodyIdsOf } from '../custody-ids.ts';
import type { CustodyPort, WebhookCheck } from '../port.ts';
import { tanganyCustomerPlan } from '../tangany-entities.ts';
import { custodySandboxAutoApproveJob } from './custody-sandbox-auto-approve.job.ts';
import { custodySandboxDeliverJob, type SandboxReport } from './custody-sandbox-deliver.job.ts';
import { customerRefusalOf, type SandboxEntity, sandboxEntityProblem } from './sandbox-entities.ts';

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

/** An answer of the sandbox's Tangany-like API: an HTTP status and the JSON body Tangany would send. */
export type SandboxAnswer = { status: number; body: Record<string, unknown> };

/** Tangany 2.0's wallet create body (`POST /custody/wallets`). */
export type SandboxCreateWalletBody = { wallet: string; securityLevel: 1 | 2; customerId: string };

/** The Ethereum networks Tangany 2.0 accepts in `tangany-network` (its "Get wallet status" page). */
export const sandboxNetworks = [
  'mainnet',
  'goerli',
  'sepolia',
  'polygon',
  'mumbai',
  'bsc',
  'bsc-testnet',
  'gnosis',
  'chiado',
] as const;

/**
 * The sandbox custodian's Tangany 2.0 surface (decision 030), answering as Tangany documents: customers
 * before wallets, wallets by name, the address per protocol and network, and `tangany-request-id`
 * honoured once (the same request again gets the first answer, another request under the id a 409).
 */
export type SandboxTanganyApi = {
  /**
   * `POST /customers/entities/natural-persons` and `…/legal-persons`: 201; 400 when a field Tangany
   * requires is missing or malformed; 409 when the id exists (for either kind); 422 `entity_not_found`
   * when a legal person's related entity is unknown.
   */
  createEntity: (
    db: Database,
    opts: { kind: SandboxEntity['kind']; reference: string; body: Record<string, unknown> },
  ) => Promise<SandboxAnswer>;
  /**
   * `POST /customers/customers`: 201, or 409 when the id exists; 422 as Tangany refuses: an unknown
   * entity (`entity_not_found`), a natural owner or authorised person without nationality, address or
   * KYC (`entity_data_insufficient`, naming the entity and the missing data; no KYC needed for an
   * owner under 18), an authorised person under 18 (`entity_must_be_an_adult`).
   */
  createCustomer: (
    db: Database,
    opts: { reference: string; body: Record<string, unknown> },
  ) => Promise<SandboxAnswer>;
  /** `GET /customers/customers/{id}`: 200 or 404. */
  getCustomer: (db: Db, id: string) => Promise<SandboxAnswer>;
  /** `POST /custody/wallets` with an optional `tangany-request-id`. */
  createWallet: (
    db: Database,
    opts: { requestId: string | null; body: SandboxCreateWalletBody; reference: string },
  ) => Promise<SandboxAnswer>;
  /** `GET /custody/wallets/{wallet}`: 200 or 404. */
  getWallet: (db: Db, name: string) => Promise<SandboxAnswer>;
  /** `GET /custody/protocols/eth/wallets/{wallet}` with `tangany-network`: 200, 400 (network) or 404. */
  getEthWallet: (db: Db, name: string, network: string) => Promise<SandboxAnswer>;
};

/** The sandbox's own controls: its page and its jobs use them; the platform never does. */
export type SandboxControls = {
  delaySeconds: number;
  /** The Tangany 2.0 surface the sandbox's `createWallet` goes through (tests call it as Tangany). */
  api: SandboxTanganyApi;
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
 * Wallets are opened the way Tangany 2.0 opens them (decision 030, `sandbox.api`): a customer first,
 * the wallet under its deterministic name, the request id honoured once, the address per network.
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

  const walletBody = (row: {
    name: string | null;
    customerId: string | null;
    securityLevel: number | null;
    createdAt: Date;
    updatedAt: Date;
  }) => ({
    wallet: row.name,
    customerId: row.customerId,
    securityLevel: row.securityLevel,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  });
  const notFound = (message: string): SandboxAnswer => ({
    status: 404,
    body: { statusCode: 404, activityId: randomUUID(), message },
  });
  const walletRow = async (db: Db, name: string) => {
    const [row] = await db
      .select({
        ...columns,
        name: sandboxCustodyWallets.name,
        customerId: sandboxCustodyWallets.customerId,
        securityLevel: sandboxCustodyWallets.securityLevel,
      })
      .from(sandboxCustodyWallets)
      .where(eq(sandboxCustodyWallets.name, name));
    return row ?? null;
  };
  /** The digest a request id is bound to: the endpoint and the body with its keys in a fixed order. */
  const digestOf = (body: Record<string, unknown>) =>
    createHash('sha256')
      .update(
        JSON.stringify(
          Object.keys(body)
            .sort()
            .map((k) => [k, body[k]]),
        ),
      )
      .digest('hex');

  /** The answer kept under a request id: replayed for the same request, 409 for another. */
  async function replayOf(db: Db, requestId: string, endpoint: string, digest: string) {
    const [kept] = await db
      .select()
      .from(sandboxCustodyRequests)
      .where(eq(sandboxCustodyRequests.requestId, requestId));
    if (!kept) return null;
    if (kept.endpoint !== endpoint || kept.bodyDigest !== digest) {
      return {
        status: 409,
        body: {
          statusCode: 409,
          activityId: randomUUID(),
          message: 'The request id was already used for another request',
          errorCode: 'request_id_conflict',
        },
      } satisfies SandboxAnswer;
    }
    return {
      status: kept.statusCode,
      body: kept.response as Record<string, unknown>,
    } satisfies SandboxAnswer;
  }

  async function entityOf(db: Db, id: string): Promise<SandboxEntity | null> {
    const [row] = await db
      .select({
        id: sandboxCustodyEntities.id,
        kind: sandboxCustodyEntities.kind,
        data: sandboxCustodyEntities.data,
      })
      .from(sandboxCustodyEntities)
      .where(eq(sandboxCustodyEntities.id, id));
    return row ? { id: row.id, kind: row.kind, data: row.data as Record<string, unknown> } : null;
  }
  const entityNotFound = (entityId: string): SandboxAnswer => ({
    status: 422,
    body: {
      statusCode: 422,
      activityId: randomUUID(),
      message: 'Referenced entity was not found',
      errorCode: 'entity_not_found',
      details: { entityId },
    },
  });

  /** Tangany's refusal of a customer body (unknown or insufficient entities), or null when it would take it. */
  async function customerRefusal(db: Db, body: Record<string, unknown>): Promise<SandboxAnswer | null> {
    const owner = (body.owner as { entityId?: string } | undefined)?.entityId;
    const authorized = ((body.authorized as { entityId?: string }[] | undefined) ?? []).map(
      (a) => a.entityId,
    );
    if (typeof body.id !== 'string' || !owner || authorized.length === 0 || authorized.some((a) => !a)) {
      return {
        status: 400,
        body: { statusCode: 400, activityId: randomUUID(), message: 'id, owner and authorized are required' },
      };
    }
    const ownerEntity = await entityOf(db, owner);
    if (!ownerEntity) return entityNotFound(owner);
    const authorizedEntities: SandboxEntity[] = [];
    for (const id of authorized as string[]) {
      const entity = await entityOf(db, id);
      if (!entity) return entityNotFound(id);
      authorizedEntities.push(entity);
    }
    const refusal = customerRefusalOf(ownerEntity, authorizedEntities, new Date());
    return refusal ? { status: 422, body: { statusCode: 422, activityId: randomUUID(), ...refusal } } : null;
  }

  async function insertCustomer(
    db: Db,
    reference: string,
    body: Record<string, unknown>,
  ): Promise<SandboxAnswer> {
    const id = body.id as string;
    const inserted = await db
      .insert(sandboxCustodyCustomers)
      .values({ id, reference, person: body })
      .onConflictDoNothing()
      .returning({ id: sandboxCustodyCustomers.id });
    if (inserted.length === 0) {
      return {
        status: 409,
        body: { statusCode: 409, activityId: randomUUID(), message: 'A customer with this id exists' },
      };
    }
    return { status: 201, body };
  }

  const api: SandboxTanganyApi = {
    async createEntity(db, { kind, reference, body }) {
      const problem = sandboxEntityProblem(kind, body);
      if (problem) {
        return { status: 400, body: { statusCode: 400, activityId: randomUUID(), message: problem } };
      }
      const id = body.id as string;
      if (kind === 'legal_person') {
        const related = (body.related as { entityId: string }[] | undefined) ?? [];
        for (const { entityId } of related) {
          if (!(await entityOf(db, entityId))) return entityNotFound(entityId);
        }
      }
      const inserted = await db
        .insert(sandboxCustodyEntities)
        .values({ id, kind, reference, data: body })
        .onConflictDoNothing()
        .returning({ id: sandboxCustodyEntities.id });
      if (inserted.length === 0) {
        return {
          status: 409,
          body: { statusCode: 409, activityId: randomUUID(), message: 'An entity with this id exists' },
        };
      }
      return { status: 201, body };
    },

    async createCustomer(db, { reference, body }) {
      const refusal = await customerRefusal(db, body);
      if (refusal) return refusal;
      return insertCustomer(db, reference, body);
    },

    async getCustomer(db, id) {
      const [row] = await db
        .select({ id: sandboxCustodyCustomers.id })
        .from(sandboxCustodyCustomers)
        .where(eq(sandboxCustodyCustomers.id, id));
      return row ? { status: 200, body: { id: row.id } } : notFound('Customer not found');
    },

    async createWallet(db, { requestId, body, reference }) {
      const endpoint = 'POST /wallets';
      const digest = digestOf(body);
      if (requestId) {
        const replay = await replayOf(db, requestId, endpoint, digest);
        if (replay) return replay;
      }
      const [customer] = await db
        .select({ id: sandboxCustodyCustomers.id })
        .from(sandboxCustodyCustomers)
        .where(eq(sandboxCustodyCustomers.id, body.customerId));
      // Tangany 2.0: a wallet's customer must exist in the Customers API first.
      if (!customer) {
        return {
          status: 422,
          body: {
            statusCode: 422,
            activityId: randomUUID(),
            message: 'Unknown customerId',
            errorCode: 'customer_not_found',
          },
        };
      }
      if (await walletRow(db, body.wallet)) {
        return {
          status: 409,
          body: { statusCode: 409, activityId: randomUUID(), message: 'A wallet with this name exists' },
        };
      }
      const privateKey = generatePrivateKey();
      const address = privateKeyToAccount(privateKey).address;
      const id = randomUUID();
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(sandboxCustodyWallets)
            .values({
              id,
              reference,
              address,
              encryptedPrivateKey: keyBox.seal(privateKey),
              name: body.wallet,
              customerId: body.customerId,
              securityLevel: body.securityLevel,
            })
            .returning({
              ...columns,
              name: sandboxCustodyWallets.name,
              customerId: sandboxCustodyWallets.customerId,
              securityLevel: sandboxCustodyWallets.securityLevel,
            });
          const answer: SandboxAnswer = { status: 201, body: walletBody(row!) };
          // The answer is kept with the wallet, in one transaction: a wallet is never without its request.
          if (requestId) {
            await tx.insert(sandboxCustodyRequests).values({
              requestId,
              endpoint,
              bodyDigest: digest,
              statusCode: answer.status,
              response: answer.body,
            });
          }
          await enqueueJob(tx, custodySandboxDeliverJob, reportOf(toWallet(row!), null));
          await enqueueJob(
            tx,
            custodySandboxAutoApproveJob,
            { walletId: id },
            { startAfter: opts.delaySeconds },
          );
          return answer;
        });
      } catch (err) {
        // A concurrent request made the wallet or used the request id first: answer as it would now.
        if (!isUniqueViolation(err)) throw err;
        if (requestId) {
          const replay = await replayOf(db, requestId, endpoint, digest);
          if (replay) return replay;
        }
        return {
          status: 409,
          body: { statusCode: 409, activityId: randomUUID(), message: 'A wallet with this name exists' },
        };
      }
    },

    async getWallet(db, name) {
      const row = await walletRow(db, name);
      return row ? { status: 200, body: walletBody(row) } : notFound('No wallet found for given name');
    },

    async getEthWallet(db, name, network) {
      if (!(sandboxNetworks as readonly string[]).includes(network)) {
        return {
          status: 400,
          body: {
            statusCode: 400,
            activityId: randomUUID(),
            message: `Unsupported tangany-network ${network}`,
          },
        };
      }
      const row = await walletRow(db, name);
      // One secp256k1 key: the same address on every EVM network; balances are the sandbox's zero.
      if (!row) return notFound('No wallet found for given name');
      // Tangany prefixes testnet currencies with t (tETH); the sandbox names Ethereum's only.
      const currency = network === 'sepolia' || network === 'goerli' ? 'tETH' : 'ETH';
      return { status: 200, body: { address: row.address, balance: '0', currency, nonce: 'auto' } };
    },
  };

  const sandbox: SandboxControls = {
    delaySeconds: opts.delaySeconds,
    api,

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

  function refused(what: string, answer: SandboxAnswer): never {
    opts.logger?.warn(
      { what, status: answer.status, errorCode: answer.body.errorCode, details: answer.body.details },
      'sandbox custody: request refused',
    );
    throw new AppError('partner_unavailable', {
      detail: `sandbox custody ${what}: answered ${answer.status}`,
    });
  }

  return {
    kind: 'sandbox',
    sandbox,

    async createWallet({ db, holder, attempt }) {
      // The same steps as the Tangany adapter, against the sandbox's Tangany 2.0 surface (decision 030).
      const ids = custodyIdsOf(holder.reference, attempt);
      if ((await api.getCustomer(db, ids.customerId)).status === 404) {
        const plan = tanganyCustomerPlan(holder, ids, new Date().toISOString().slice(0, 10));
        for (const entity of plan.entities) {
          const kind = entity.kind === 'legal-persons' ? 'legal_person' : 'natural_person';
          const made = await api.createEntity(db, { kind, reference: holder.reference, body: entity.body });
          if (made.status !== 201 && made.status !== 409) refused('entity', made);
        }
        // Refused as Tangany refuses (a person without kyc among them): the platform asks only after
        // the identification passed (decision 032).
        const refusal = await customerRefusal(db, plan.customer);
        if (refusal) refused('customer', refusal);
        const made = await insertCustomer(db, holder.reference, plan.customer);
        if (made.status !== 201 && made.status !== 409) refused('customer', made);
      }
      if ((await api.getWallet(db, ids.walletName)).status === 404) {
        const created = await api.createWallet(db, {
          requestId: ids.walletRequestId,
          body: { wallet: ids.walletName, securityLevel: 1, customerId: ids.customerId },
          reference: holder.reference,
        });
        if (created.status !== 201 && created.status !== 409) {
          opts.logger?.warn({ status: created.status }, 'sandbox custody: wallet refused');
          throw new AppError('partner_unavailable', {
            detail: `sandbox custody: answered ${created.status}`,
          });
        }
      } else {
        opts.logger?.info(
          { wallet: ids.walletName },
          'sandbox custody: wallet found from an earlier attempt',
        );
      }
      const row = await walletRow(db, ids.walletName);
      if (!row) throw new AppError('partner_unavailable', { detail: 'sandbox custody: wallet missing' });
      const eth = await api.getEthWallet(db, ids.walletName, 'mainnet');
      const address = eth.body.address as WalletAddress;
      opts.logger?.info({ walletId: row.id, address }, 'sandbox custody: wallet opened');
      return { walletId: row.id, address };
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
