import type { Locale } from '@token/domain/i18n';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import type { SecretBox } from '../crypto/secrets.ts';
import type { Database, DbHandle } from '../db/client.ts';
import type { AccessTokens } from '../modules/accounts/access-tokens.ts';
import type { Partners } from '../partners/create-partners.ts';

/** Who may call a route: anyone, a logged-in customer, or an operator (route config `auth`, enforced by `http/auth.ts`; ARCHITECTURE convention 3). */
export type RouteAuth = 'public' | 'customer' | 'operator';

declare module 'fastify' {
  interface FastifyRequest {
    /** The negotiated language: `locale` query, else Accept-Language, else German. */
    locale: Locale;
  }
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    dbHandle: DbHandle;
    /** Mail, storage and the other partners, built once (convention 4). */
    partners: Partners;
    /** Every registered route with the `auth` its config declares (`public` when it declares none). */
    routeList: { method: string; url: string; auth: RouteAuth }[];
    accountKit: { tokens: AccessTokens; secretBox: SecretBox };
  }
}

/** The Fastify instance with zod schemas as the type provider; every module registers on it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
