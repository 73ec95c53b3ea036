import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import { type PartnerResult, partnerResults } from '@token/domain/identification';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxKycCases } from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../jobs/enqueue.ts';
import { httpWebhookTransport, type WebhookTransport } from '../../sandbox-webhooks.ts';
import { hmacSha256Hex, safeEqualHex } from '../../webhook-signatures.ts';
import { createIdnowApiClient } from '../idnow-api.ts';
import { bodyDigestId, eventOfIdnowResult } from '../idnow-result.ts';
import { verifyJwtWebhook } from '../idnow-webhook.ts';
import type { IdentificationEvent, IdentificationPerson, IdentificationPort } from '../port.ts';
import {
  identificationSandboxDeliverJob,
  type SandboxDelivery,
} from './identification-sandbox-deliver.job.ts';
import {
  isSandboxLoginTokenValid,
  type SandboxSigningKey,
  sandboxSigningKey,
  sandboxWebhookAlgorithm,
  signSandboxLoginToken,
  signSandboxWebhook,
} from './sandbox-identification-keys.ts';

/**
 * The sandbox identification partner: a small IDnow inside the app. Starting an identification opens
 * a case in `sandbox_kyc_cases` under an unguessable id; its page `/sandbox/kyc/{caseId}` lets a
 * tester play the person ("start video call", "abort") and IDnow's reviewer (approve, approve in
 * review, data changed, reject in review, reject, cancel). Each decision is delivered a few seconds
 * later (`KYC_SANDBOX_DELAY_SECONDS`, a delayed job) as a webhook signed like IDnow's (a JWT as the
 * body, `application/jwt`, keys at `/sandbox/kyc/.well-known/jwks.json`) over HTTP to the platform's
 * own route, so it runs through the same verification, deduplication and processing as a real one.
 * Like IDnow it also answers results on request: `POST /sandbox/kyc/api/v1/sandbox/login` hands out
 * login tokens with a lifetime (`KYC_SANDBOX_LOGIN_TOKEN_SECONDS`) and `GET
 * /sandbox/kyc/api/v1/sandbox/identifications/{reference}` the case's last decision; the tester can
 * "lose" a decision's webhook so the platform's polling is what finds it (decision 029).
 */

/** The header of the sandbox partners' HMAC signature (bank, card payments; re-exported for their tests). */
export { sandboxSignatureHeader } from '../../webhook-signatures.ts';

/** The company id of the sandbox's API. */
export const sandboxCompanyId = 'sandbox';
/** The event type of a result in the sandbox's envelope. */
export const sandboxResultEventType = 'identification.result';

/** A case's status: created, in the video call, or the last result reported. */
export const sandboxCaseStatuses = ['CREATED', 'STARTED', ...partnerResults] as const;
export type SandboxCaseStatus = (typeof sandboxCaseStatuses)[number];

/** What the tester can do: start the call (as the person) or report a result. */
export type SandboxAction = 'start_call' | PartnerResult;

/**
 * The partner's own process, as IDnow runs it: the call starts; in the call the person may abort and
 * the agent may cancel or decide; a decision "in review" is followed by a final one. After an
 * aborted or cancelled attempt the person may start again with the same link.
 */
export const sandboxActions: Readonly<Record<SandboxCaseStatus, readonly SandboxAction[]>> = {
  CREATED: ['start_call'],
  STARTED: [
    'SUCCESS',
    'REVIEW_PENDING',
    'SUCCESS_DATA_CHANGED',
    'FRAUD_SUSPICION_PENDING',
    'FRAUD_SUSPICION_CONFIRMED',
    'CANCELED',
    'ABORTED',
  ],
  REVIEW_PENDING: ['SUCCESS', 'SUCCESS_DATA_CHANGED', 'FRAUD_SUSPICION_CONFIRMED'],
  CHECK_PENDING: ['SUCCESS', 'SUCCESS_DATA_CHANGED', 'FRAUD_SUSPICION_PENDING', 'FRAUD_SUSPICION_CONFIRMED'],
  FRAUD_SUSPICION_PENDING: ['SUCCESS', 'SUCCESS_DATA_CHANGED', 'FRAUD_SUSPICION_CONFIRMED'],
  ABORTED: ['start_call'],
  CANCELED: ['start_call'],
  SUCCESS: [],
  SUCCESS_DATA_CHANGED: [],
  FRAUD_SUSPICION_CONFIRMED: [],
};

/** IDnow reason codes the sandbox reports with a result. */
const reasonOf: Partial<Record<PartnerResult, string>> = {
  ABORTED: 'USER_CANCELLATION',
  CANCELED: 'ID_BLURRY',
  FRAUD_SUSPICION_PENDING: 'FRAUD_SUSPICION',
  FRAUD_SUSPICION_CONFIRMED: 'USER_WRONG_PERSON',
};

/** The last decision of a case, as the partner's API reports it. */
export type SandboxDecision = Pick<SandboxDelivery, 'result' | 'reason' | 'decidedAt' | 'corrections'>;

export type SandboxCase = {
  id: string;
  reference: string;
  /** `decision`: the last decision, kept with the case for the result-by-API. */
  person: IdentificationPerson & { locale?: string; decision?: SandboxDecision };
  status: SandboxCaseStatus;
  result: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The corrections the reviewer makes with "data changed". */
export type SandboxCorrections = { firstName?: string; lastName?: string; birthDate?: string };

export type SandboxIdentification = IdentificationPort & {
  provider: 'sandbox';
  sandbox: {
    delaySeconds: number;
    /** A case by its id, or null. */
    findCase: (db: Db, caseId: string) => Promise<SandboxCase | null>;
    /** The form token of the case as it is now; a form posted with an older one is refused. */
    formToken: (c: SandboxCase) => string;
    /**
     * Applies a tester's action (in one transaction, the case locked): the case moves on, and a result
     * is queued for delivery after the delay. Throws 404 for an unknown case, 409 `invalid_transition`
     * for an action the case does not allow now or a stale form.
     */
    act: (opts: {
      db: Db;
      caseId: string;
      token: string;
      action: SandboxAction;
      corrections?: SandboxCorrections;
      /** The decision is made but its webhook never sent (a lost callback). */
      loseCallback?: boolean;
    }) => Promise<SandboxCase>;
    /** Sends one queued result to the platform (called by the delivery job). */
    deliver: (opts: { db: Db; delivery: SandboxDelivery }) => Promise<void>;
    /** The public keys of the webhook signatures (JWKS). */
    jwks: () => { keys: object[] };
    /** The API's login: a token for the right API key, else null. */
    login: (apiKey: unknown) => Promise<string | null>;
    /** The API's result of a case by its reference: 401 without a valid login token. */
    apiResult: (opts: {
      db: Db;
      loginToken: string | undefined;
      reference: string;
    }) => Promise<{ status: number; body: unknown }>;
  };
};

/** A case id: 256 random bits, the only key to its page. */
const newCaseId = () => randomBytes(32).toString('base64url');
export const sandboxCaseIdPattern = /^[A-Za-z0-9_-]{43}$/;

function rowToCase(row: typeof sandboxKycCases.$inferSelect): SandboxCase {
  return {
    ...row,
    person: row.person as SandboxCase['person'],
    status: row.status as SandboxCaseStatus,
  };
}

/** The userdata item IDnow reports for a field: MATCH, or CHANGE with the original value. */
function item(sent: string | null | undefined, found: string | null | undefined) {
  const value = found ?? sent ?? null;
  if (value === null) return undefined;
  if (sent != null && found != null && found.trim().toLowerCase() !== sent.trim().toLowerCase()) {
    return { value: found, status: 'CHANGE', original: sent };
  }
  return { value, status: 'MATCH' };
}

/** The IDnow-shaped result of a case, as IDnow's callback and its API carry it. */
export function sandboxResultPayload(c: SandboxCase, delivery: SandboxDecision) {
  const p = c.person;
  const fix = delivery.corrections ?? {};
  const identified = delivery.result !== 'ABORTED' && delivery.result !== 'CANCELED';
  const validUntil = new Date(delivery.decidedAt);
  validUntil.setUTCFullYear(validUntil.getUTCFullYear() + 6);
  return {
    identificationprocess: {
      result: delivery.result,
      reason: delivery.reason,
      companyid: 'sandbox',
      // Derived from the case id without revealing it (the id opens the case's page).
      id: `SBX-${createHash('sha256').update(c.id).digest('hex').slice(0, 8).toUpperCase()}`,
      transactionnumber: c.reference,
      identificationtime: delivery.decidedAt,
      type: 'WEB',
    },
    contactdata: { email: p.email, mobilephone: p.mobileNumber },
    userdata: identified
      ? {
          firstname: item(p.firstName, fix.firstName),
          lastname: item(p.lastName, fix.lastName),
          birthday: item(p.birthDate, fix.birthDate),
          birthplace: item(p.birthPlace, undefined),
          nationality: item(p.nationality, undefined),
          title: item(p.title, undefined),
          address: {
            street: item(p.address.street, undefined),
            zipcode: item(p.address.postcode, undefined),
            city: item(p.address.city, undefined),
            country: item(p.address.country, undefined),
          },
        }
      : {},
    identificationdocument: identified
      ? {
          type: { value: 'IDCARD', status: 'NEW' },
          number: {
            value: `T${createHash('sha256').update(`${c.id}:doc`).digest('hex').slice(0, 8).toUpperCase()}`,
            status: 'NEW',
          },
          country: { value: p.nationality, status: 'NEW' },
          validuntil: { value: validUntil.toISOString().slice(0, 10), status: 'NEW' },
        }
      : {},
  };
}

/**
 * Reads the sandbox's envelope `{ id, type, created, data }` (the `data` claim of its webhook JWT):
 * `id` is the event id, `data` IDnow's result. Any other type is an unknown event type. A bare IDnow
 * result (fetched from the API) is read as IDnow's.
 */
export function readSandboxEvent(body: unknown, rawBody: Buffer): IdentificationEvent {
  if (body && typeof body === 'object' && 'identificationprocess' in body) {
    return eventOfIdnowResult(body, rawBody);
  }
  const envelope = body as { id?: unknown; type?: unknown; data?: unknown } | null;
  const id =
    typeof envelope?.id === 'string' && /^[A-Za-z0-9_:.-]{1,100}$/.test(envelope.id) ? envelope.id : null;
  const type = typeof envelope?.type === 'string' ? envelope.type.slice(0, 100) : 'unknown';
  if (!id) {
    return {
      eventId: bodyDigestId(rawBody),
      type,
      transactionNumber: null,
      outcome: null,
      problem: 'malformed_payload',
    };
  }
  if (type !== sandboxResultEventType) {
    return { eventId: id, type, transactionNumber: null, outcome: null, problem: 'unknown_event_type' };
  }
  return eventOfIdnowResult(envelope?.data, rawBody, { eventId: id, type });
}

export function createSandboxIdentification(opts: {
  /** The platform's public address: the case pages and the partner's API live under it. */
  publicUrl: string;
  /** Where decisions are delivered (the platform's webhook route). */
  webhookUrl: string;
  /** The signing key of the webhooks (derived from a secret; the platform verifies with its public half). */
  webhookKey: SandboxSigningKey | string;
  /** Keys the per-case form tokens. */
  formSecret: string;
  /** The API key of the partner's API, and the key of its login tokens. */
  apiKey: string;
  loginTokenSeconds?: number;
  delaySeconds: number;
  transport?: WebhookTransport;
  /** How the platform calls the partner's API; default HTTP (tests inject it into the app). */
  apiFetch?: typeof fetch;
  now?: () => number;
}): SandboxIdentification {
  const transport = opts.transport ?? httpWebhookTransport;
  const key = typeof opts.webhookKey === 'string' ? sandboxSigningKey(opts.webhookKey) : opts.webhookKey;
  const issuer = `${opts.publicUrl}/sandbox/kyc`;
  const audience = opts.publicUrl;
  const loginSecret = Buffer.from(hmacSha256Hex(opts.apiKey, 'kyc-sandbox:login-token'), 'hex');
  const loginTokenSeconds = opts.loginTokenSeconds ?? 1800;
  const now = opts.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);
  // The platform's side: the same client as IDnow's, against the sandbox's API.
  const api = createIdnowApiClient({
    baseUrl: `${opts.publicUrl}/sandbox/kyc/api/v1/${sandboxCompanyId}`,
    apiKey: opts.apiKey,
    name: 'the sandbox identification partner',
    now,
    ...(opts.apiFetch ? { fetch: opts.apiFetch } : {}),
  });

  async function findCase(db: Db, caseId: string): Promise<SandboxCase | null> {
    if (!sandboxCaseIdPattern.test(caseId)) return null;
    const [row] = await db.select().from(sandboxKycCases).where(eq(sandboxKycCases.id, caseId));
    return row ? rowToCase(row) : null;
  }

  function formToken(c: SandboxCase): string {
    return hmacSha256Hex(opts.formSecret, `${c.id}:${c.status}:${c.updatedAt.getTime()}`).slice(0, 40);
  }

  return {
    provider: 'sandbox',

    async startIdentification({ db, transactionNumber, person, locale }) {
      const id = newCaseId();
      await db
        .insert(sandboxKycCases)
        .values({ id, reference: transactionNumber, person: { ...person, locale } });
      return { externalId: transactionNumber, urlKycStart: `${opts.publicUrl}/sandbox/kyc/${id}` };
    },

    verifyWebhook: (webhook) =>
      verifyJwtWebhook(
        webhook,
        { keys: key.keys, issuer, audience, algorithms: [sandboxWebhookAlgorithm] },
        nowSeconds(),
      ),

    readEvent: readSandboxEvent,

    fetchResult: ({ transactionNumber }) => api.fetchResult(transactionNumber),

    sandbox: {
      delaySeconds: opts.delaySeconds,
      findCase,
      formToken,

      async act({ db, caseId, token, action, corrections, loseCallback }) {
        if (!sandboxCaseIdPattern.test(caseId)) throw new AppError('not_found');
        return db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(sandboxKycCases)
            .where(eq(sandboxKycCases.id, caseId))
            .for('update');
          if (!row) throw new AppError('not_found');
          const current = rowToCase(row);
          if (!safeEqualHex(token, formToken(current))) {
            throw new AppError('invalid_transition', { detail: 'the form is out of date' });
          }
          if (!sandboxActions[current.status].includes(action)) {
            throw new AppError('invalid_transition', {
              detail: `sandbox case: ${current.status} -> ${action}`,
            });
          }
          const status: SandboxCaseStatus = action === 'start_call' ? 'STARTED' : action;
          // Strictly later than before, so the form token changes even within one clock tick.
          const updatedAt = new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
          const delivery: SandboxDelivery | null =
            action === 'start_call'
              ? null
              : {
                  caseId,
                  eventId: `evt_${randomBytes(16).toString('hex')}`,
                  result: action,
                  reason: reasonOf[action] ?? null,
                  decidedAt: updatedAt.toISOString(),
                  ...(action === 'SUCCESS_DATA_CHANGED' && corrections ? { corrections } : {}),
                };
          const decision: SandboxDecision | null = delivery && {
            result: delivery.result,
            reason: delivery.reason,
            decidedAt: delivery.decidedAt,
            ...(delivery.corrections ? { corrections: delivery.corrections } : {}),
          };
          const [updated] = await tx
            .update(sandboxKycCases)
            .set({
              status,
              ...(decision ? { result: decision.result, person: { ...current.person, decision } } : {}),
              updatedAt,
            })
            .where(eq(sandboxKycCases.id, caseId))
            .returning();
          if (delivery && !loseCallback) {
            await enqueueJob(tx, identificationSandboxDeliverJob, delivery, {
              startAfter: opts.delaySeconds,
            });
          }
          return rowToCase(updated!);
        });
      },

      async deliver({ db, delivery }) {
        const c = await findCase(db, delivery.caseId);
        if (!c) throw new Error('sandbox KYC case not found');
        const body = await signSandboxWebhook({
          key,
          issuer,
          audience,
          nowSeconds: nowSeconds(),
          data: {
            id: delivery.eventId,
            type: sandboxResultEventType,
            created: delivery.decidedAt,
            data: sandboxResultPayload(c, delivery),
          },
        });
        const { status } = await transport({
          url: opts.webhookUrl,
          headers: { 'content-type': 'application/jwt', 'user-agent': 'tokenwerk-kyc-sandbox/1' },
          body,
        });
        // Like a real partner: anything but 2xx is retried by the job.
        if (status < 200 || status > 299)
          throw new Error(`the platform answered ${status} to the sandbox webhook`);
      },

      jwks: () => ({ keys: [key.jwk] }),

      async login(apiKey) {
        if (
          typeof apiKey !== 'string' ||
          !safeEqualHex(hmacSha256Hex(loginSecret, apiKey), hmacSha256Hex(loginSecret, opts.apiKey))
        ) {
          return null;
        }
        return signSandboxLoginToken({
          secret: loginSecret,
          companyId: sandboxCompanyId,
          seconds: loginTokenSeconds,
          nowSeconds: nowSeconds(),
        });
      },

      async apiResult({ db, loginToken, reference }) {
        const valid = await isSandboxLoginTokenValid({
          secret: loginSecret,
          companyId: sandboxCompanyId,
          token: loginToken,
          nowSeconds: nowSeconds(),
        });
        if (!valid) return { status: 401, body: { errors: [{ cause: 'INVALID_LOGIN_TOKEN' }] } };
        const [row] = await db
          .select()
          .from(sandboxKycCases)
          .where(eq(sandboxKycCases.reference, reference))
          .limit(1);
        if (!row) return { status: 404, body: { errors: [{ cause: 'OBJECT_NOT_FOUND' }] } };
        const c = rowToCase(row);
        const decision = c.person.decision;
        if (!decision) {
          // Known, nothing decided yet: the process without a result.
          return {
            status: 200,
            body: { identificationprocess: { transactionnumber: c.reference, result: null } },
          };
        }
        return { status: 200, body: sandboxResultPayload(c, decision) };
      },
    },
  };
}
