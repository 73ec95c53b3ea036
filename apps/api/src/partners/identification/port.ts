import type { Locale } from '@token/domain/i18n';
import type { PartnerResult } from '@token/domain/identification';
import type { Db } from '../../db/client.ts';

/**
 * The identification (KYC) partner (convention 4): the platform starts an identification and hands
 * the person the partner's link; the partner reports its result later by webhook, and its API answers
 * it on request (polled when no webhook comes, decision 029). Adapters: the
 * built-in sandbox (default) and IDnow (`IDNOW_API_KEY` set).
 */

/** The person as the platform sends it to the partner (spec 3 personal profile). */
export type IdentificationPerson = {
  salutation: 'ms' | 'mr' | 'mx' | null;
  title: string | null;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  birthPlace: string | null;
  /** ISO 3166-1 alpha-2. */
  nationality: string;
  address: { street: string; postcode: string; city: string; country: string };
  /** International format (+49 …). */
  mobileNumber: string;
  email: string;
};

export type StartIdentificationInput = {
  /**
   * The platform's database handle: the sandbox partner keeps its cases there (`sandbox_kyc_cases`);
   * a real partner ignores it.
   */
  db: Db;
  /** The platform's unique reference of this identification (IDnow: the transaction number). */
  transactionNumber: string;
  person: IdentificationPerson;
  /** The language the partner's pages should speak to the person. */
  locale: Locale;
};

export type StartedIdentification = {
  /** The id the partner's webhooks refer to (stored as `identifications.external_id`). */
  externalId: string;
  /** Where the person identifies themself. */
  urlKycStart: string;
};

/** A webhook as it arrived: the exact bytes and the headers (lower-case names). */
export type IncomingWebhook = {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
};

/** A webhook checked by a partner that signs its whole body (bank, card payments). */
export type WebhookVerification =
  | { ok: true }
  | { ok: false; reason: 'malformed' | 'mismatch' | 'expired' | 'missing' };

/**
 * A webhook checked by its adapter: `payload` is what the signature covers (the only part that is
 * trusted). A webhook that cannot be verified still names, untrusted, the transaction it is about
 * (`transactionNumber`), so the platform can fetch that identification's result from the partner's
 * API instead of believing the body (decision 029).
 */
export type IdentificationWebhookVerification =
  | { ok: true; payload: unknown }
  | {
      ok: false;
      reason: 'malformed' | 'mismatch' | 'expired' | 'missing';
      transactionNumber: string | null;
    };

/** An identification's result as the partner's API reports it now (IDnow: GET identifications/{tx}). */
export type FetchedIdentification =
  /** Decided: the body has the shape of IDnow's result callback. */
  | { status: 'result'; body: unknown }
  /** Known to the partner, nothing decided yet. */
  | { status: 'open' }
  /** Unknown to the partner (never started there, or no longer kept). */
  | { status: 'not_found' };

/** What the partner's result says, in the partner's terms (the KYC state follows from the domain table). */
export type IdentificationOutcome = {
  result: PartnerResult;
  /** The partner's reason code (IDnow `reason`), if any. */
  reason: string | null;
  /** The partner's own id of the identification (IDnow `identificationprocess.id`). */
  partnerIdentId: string | null;
  identifiedAt: string | null;
  /** The person as the partner identified it; `changed` lists the fields the partner corrected. */
  person: Record<string, string | null>;
  changed: string[];
  /** The identity document (type, number, issuing country, validity) as reported. */
  document: Record<string, string | null>;
};

/**
 * A webhook read by its adapter. `eventId` deduplicates deliveries (the same event twice is one
 * event); `type` is the partner's event type. `transactionNumber` and `outcome` are set for a result
 * event the adapter understood; otherwise `problem` says why the event cannot be applied.
 */
export type IdentificationEvent = {
  eventId: string;
  type: string;
  transactionNumber: string | null;
  outcome: IdentificationOutcome | null;
  problem: 'unknown_event_type' | 'unknown_result' | 'malformed_payload' | null;
};

/** One adapter of the identification partner. */
export type IdentificationPort = {
  provider: string;
  /** Starts an identification; throws `AppError('partner_unavailable')` when the partner fails. */
  startIdentification: (input: StartIdentificationInput) => Promise<StartedIdentification>;
  /** Checks that a webhook comes from this partner (its signature over the raw body). */
  verifyWebhook: (webhook: IncomingWebhook) => Promise<IdentificationWebhookVerification>;
  /** Reads a verified webhook's payload (never throws). */
  readEvent: (payload: unknown, rawPayload: Buffer) => IdentificationEvent;
  /**
   * Asks the partner's API for the identification's result (the safety net when a callback cannot be
   * verified or does not come); throws `AppError('partner_unavailable')` when the partner fails.
   */
  fetchResult: (opts: { db: Db; transactionNumber: string }) => Promise<FetchedIdentification>;
};
