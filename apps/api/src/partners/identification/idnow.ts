import { AppError } from '@token/domain/errors';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { AppConfig } from '../../config.ts';
import { createIdnowApiClient } from './idnow-api.ts';
import { eventOfIdnowResult } from './idnow-result.ts';
import { verifyJwtWebhook, verifySharedSecret } from './idnow-webhook.ts';
import type {
  IdentificationPerson,
  IdentificationPort,
  IdentificationWebhookVerification,
  IncomingWebhook,
  StartedIdentification,
} from './port.ts';

/**
 * The IDnow adapter (VideoIdent/AutoIdent through IDnow's gateway API v1):
 * - `POST {gateway}/api/v1/{companyid}/login` with `{ apiKey }` answers `{ authToken }`, sent as
 *   `X-API-LOGIN-TOKEN` (kept for the token's lifetime, renewed on 401: `idnow-api.ts`);
 * - `POST {gateway}/api/v1/{companyid}/identifications/{transactionnumber}/start` with `X-API-KEY`
 *   and the person's data (firstname, lastname, birthday, birthplace, nationality, street,
 *   streetnumber, zipcode, city, country, mobilephone, email, title, gender, preferredLang)
 *   answers `{ id }` (IDnow's ident id), or `{ errors: [{ cause, … }] }`;
 * - the person opens `{identUrl}/{companyid}/identifications/{transactionnumber}/identification/start`;
 * - IDnow posts the result to the webhook URL configured in its portal,
 *   `/api/v2/shop/identification/webhook/idnow`;
 * - `GET {gateway}/api/v1/{companyid}/identifications/{transactionnumber}` answers the result on
 *   request: fetched when a callback cannot be verified, and polled when none comes.
 *
 * Callback authenticity (decision 029): a webhook is trusted when its JWT verifies against IDnow's
 * published keys (`IDNOW_WEBHOOK_JWKS_URL`, issuer and audience checked), or when it carries the
 * custom `X-Auth-Token` header configured in IDnow's portal (`IDNOW_WEBHOOK_SECRET`, optional).
 * Anything else is not believed: the platform fetches the result from the API instead.
 */

/** IDnow's settings (`IDNOW_*`, config.ts). */
export type IdnowConfig = NonNullable<AppConfig['identification']['idnow']>;

type Logger = { warn: (obj: object, msg: string) => void };

export type IdnowIdentification = IdentificationPort & { provider: 'idnow' };

/** IDnow's documented signature algorithm for webhook JWTs. */
export const idnowWebhookAlgorithms = ['RS256'];

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

export function createIdnowIdentification(opts: {
  config: IdnowConfig;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  logger?: Logger;
  now?: () => number;
  /** Injected in tests; IDnow's remote JWKS (fetched and cached by jose) otherwise. */
  webhookKeys?: JWTVerifyGetKey;
}): IdnowIdentification {
  const { config } = opts;
  const api = createIdnowApiClient({
    baseUrl: `${config.gatewayUrl}/api/v1/${encodeURIComponent(config.companyId)}`,
    apiKey: config.apiKey,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  const webhookKeys = opts.webhookKeys ?? createRemoteJWKSet(new URL(config.webhookJwksUrl));

  return {
    provider: 'idnow',

    async startIdentification({ transactionNumber, person, locale }): Promise<StartedIdentification> {
      const path = `/identifications/${encodeURIComponent(transactionNumber)}/start`;
      const res = await api.post(path, idnowIdentificationData(person, locale));
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

    async verifyWebhook(webhook: IncomingWebhook): Promise<IdentificationWebhookVerification> {
      if (config.webhookSecret) {
        const bySecret = verifySharedSecret(webhook, config.webhookSecret);
        if (bySecret) return bySecret;
      }
      return verifyJwtWebhook(
        webhook,
        {
          keys: webhookKeys,
          issuer: config.webhookIssuer,
          ...(config.webhookAudience ? { audience: config.webhookAudience } : {}),
          algorithms: idnowWebhookAlgorithms,
        },
        Math.floor((opts.now ?? Date.now)() / 1000),
      );
    },

    readEvent: (payload, rawPayload) => eventOfIdnowResult(payload, rawPayload),

    fetchResult: ({ transactionNumber }) => api.fetchResult(transactionNumber),
  };
}
