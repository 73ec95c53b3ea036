import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import { eventOfIdnowResult } from './idnow-result.ts';
import type {
  IdentificationPerson,
  IdentificationPort,
  IncomingWebhook,
  StartedIdentification,
  WebhookVerification,
} from './port.ts';

/**
 * The IDnow adapter (VideoIdent/AutoIdent through IDnow's gateway API v1):
 * - `POST {gateway}/api/v1/{companyid}/login` with `{ apiKey }` answers `{ authToken }`, sent as
 *   `X-API-LOGIN-TOKEN` (cached until shortly before it expires);
 * - `POST {gateway}/api/v1/{companyid}/identifications/{transactionnumber}/start` with `X-API-KEY`
 *   and the person's data (firstname, lastname, birthday, birthplace, nationality, street,
 *   streetnumber, zipcode, city, country, mobilephone, email, title, gender, preferredLang)
 *   answers `{ id }` (IDnow's ident id), or `{ errors: [{ cause, … }] }`;
 * - the person opens `{identUrl}/{companyid}/identifications/{transactionnumber}/identification/start`;
 * - IDnow posts the result (`identificationprocess`, `contactdata`, `userdata`,
 *   `identificationdocument`, `attachments`) to the callback URL configured in its portal:
 *   `/api/v2/shop/identification/webhook/idnow`.
 *
 * Callback authenticity: IDnow's gateway does not sign the result callback with an HMAC. IDnow lets
 * the company configure custom headers for its callbacks (a shared secret) and restricts the senders
 * to its published IP ranges. The adapter therefore expects the configured shared secret
 * (`IDNOW_WEBHOOK_SECRET`) in the `X-Auth-Token` header and compares it in constant time; replays
 * are neutralised by the event id (one result of one identification at one time is applied once).
 */

export type IdnowConfig = {
  apiKey: string;
  companyId: string;
  webhookSecret: string;
  /** e.g. https://gateway.idnow.de (test: https://gateway.test.idnow.de). */
  gatewayUrl: string;
  /** e.g. https://go.idnow.de (test: https://go.test.idnow.de). */
  identUrl: string;
};

type Logger = { warn: (obj: object, msg: string) => void };

export type IdnowIdentification = IdentificationPort & { provider: 'idnow' };

/** The header IDnow is configured to send the shared secret in. */
export const idnowSecretHeader = 'x-auth-token';

/** IDnow's login token lives 30 minutes; it is renewed a little earlier. */
const loginTokenTtlMs = 25 * 60 * 1000;

/** "Friedrichstraße 10a" -> street "Friedrichstraße", number "10a" (IDnow wants both apart). */
export function splitStreet(line: string): { street: string; streetNumber: string | null } {
  const m = /^(.*?\S)\s+(\d+\s?[A-Za-z]?(?:\s?[-/]\s?\d+\s?[A-Za-z]?)?)$/.exec(line.trim());
  return m
    ? { street: m[1]!, streetNumber: m[2]!.replace(/\s+/g, '') }
    : { street: line.trim(), streetNumber: null };
}

/** The body of IDnow's "create identification" call for a person. */
export function idnowIdentificationData(person: IdentificationPerson, locale: 'de' | 'en') {
  const { street, streetNumber } = splitStreet(person.address.street);
  const gender = person.salutation === 'ms' ? 'FEMALE' : person.salutation === 'mr' ? 'MALE' : undefined;
  return {
    firstname: person.firstName,
    lastname: person.lastName,
    birthday: person.birthDate,
    ...(person.birthPlace ? { birthplace: person.birthPlace } : {}),
    nationality: person.nationality.toUpperCase(),
    street,
    ...(streetNumber ? { streetnumber: streetNumber } : {}),
    zipcode: person.address.postcode,
    city: person.address.city,
    country: person.address.country.toUpperCase(),
    mobilephone: person.mobileNumber.replace(/\s+/g, ''),
    email: person.email,
    ...(person.title ? { title: person.title } : {}),
    ...(gender ? { gender } : {}),
    preferredLang: locale,
  };
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export function createIdnowIdentification(opts: {
  config: IdnowConfig;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  logger?: Logger;
  now?: () => number;
}): IdnowIdentification {
  const { config } = opts;
  const doFetch = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const now = opts.now ?? Date.now;
  const base = `${config.gatewayUrl}/api/v1/${encodeURIComponent(config.companyId)}`;
  let login: { token: string; until: number } | null = null;

  /** A call to IDnow; any failure (network, timeout, error answer) is `partner_unavailable`. */
  async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      opts.logger?.warn(
        { path: path.replace(/identifications\/[^/]+/, 'identifications/…'), err: String(err) },
        'IDnow unreachable',
      );
      throw new AppError('partner_unavailable', { detail: 'IDnow could not be reached' });
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const errors = (json as { errors?: { cause?: string }[] } | null)?.errors;
    return {
      status: res.status,
      json,
      causes: Array.isArray(errors) ? errors.map((e) => String(e?.cause)) : [],
    };
  }

  async function loginToken(): Promise<string> {
    if (login && login.until > now()) return login.token;
    const res = await call('/login', { apiKey: config.apiKey });
    const token = (res.json as { authToken?: unknown } | null)?.authToken;
    if (res.status !== 200 || typeof token !== 'string' || !token) {
      opts.logger?.warn({ status: res.status, causes: res.causes }, 'IDnow login refused');
      throw new AppError('partner_unavailable', { detail: `IDnow login failed (${res.status})` });
    }
    login = { token, until: now() + loginTokenTtlMs };
    return token;
  }

  return {
    provider: 'idnow',

    async startIdentification({ transactionNumber, person, locale }): Promise<StartedIdentification> {
      const path = `/identifications/${encodeURIComponent(transactionNumber)}/start`;
      const body = idnowIdentificationData(person, locale);
      let res = await call(path, body, {
        'x-api-key': config.apiKey,
        'x-api-login-token': await loginToken(),
      });
      if (res.status === 401) {
        // An expired login token: log in again once.
        login = null;
        res = await call(path, body, { 'x-api-key': config.apiKey, 'x-api-login-token': await loginToken() });
      }
      const identId = (res.json as { id?: unknown } | null)?.id;
      if (res.status < 200 || res.status > 299 || typeof identId !== 'string') {
        opts.logger?.warn({ status: res.status, causes: res.causes }, 'IDnow refused the identification');
        throw new AppError('partner_unavailable', {
          detail: `IDnow refused the identification (${res.status})`,
        });
      }
      return {
        externalId: transactionNumber,
        urlKycStart: `${config.identUrl}/${encodeURIComponent(config.companyId)}/identifications/${encodeURIComponent(transactionNumber)}/identification/start`,
      };
    },

    verifyWebhook({ headers }: IncomingWebhook): WebhookVerification {
      const given = headers[idnowSecretHeader];
      if (typeof given !== 'string' || given.length === 0) return { ok: false, reason: 'missing' };
      // Compared as digests: constant time whatever the lengths.
      return timingSafeEqual(digest(given), digest(config.webhookSecret))
        ? { ok: true }
        : { ok: false, reason: 'mismatch' };
    },

    readEvent: (body, rawBody) => eventOfIdnowResult(body, rawBody),
  };
}
