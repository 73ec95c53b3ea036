import { AppError } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { authenticateCustomer, type RequestCustomer } from '../http/auth.ts';
import type { App } from '../http/types.ts';
import { createLoaders, type Loaders } from './loaders.ts';
import { localeIn } from './paging.ts';

/** What every resolver gets: the database, the reader's language, the logged-in customer, batch loaders. */
export type GraphQLContext = {
  db: Database;
  locale: Locale;
  customer: RequestCustomer | null;
  publicUrl: string;
  loaders: Loaders;
};

/**
 * The context of one GraphQL request. The endpoint is public (products, taxa, reference data), so
 * the token is read here by the same code as the REST guard (`authenticateCustomer`): a missing or
 * invalid token leaves a visitor, and the customer-only fields answer `unauthorized`.
 */
export async function buildContext(app: App, request: FastifyRequest): Promise<GraphQLContext> {
  const customer =
    request.customer ?? (await authenticateCustomer(request, { db: app.db, tokens: app.accountKit.tokens }));
  return {
    db: app.db,
    locale: request.locale,
    customer,
    publicUrl: app.config.publicUrl,
    loaders: createLoaders(app.db),
  };
}

/** The logged-in customer, or the catalogue's `unauthorized` for a visitor. */
export function requireCustomer(ctx: GraphQLContext): RequestCustomer {
  if (!ctx.customer) throw new AppError('unauthorized');
  return ctx.customer;
}

/** The language of a field: its `locale` argument when given (as REST's `?locale=`), else the request's. */
export function localeOf(ctx: GraphQLContext, args: { locale?: string | null | undefined }): Locale {
  return localeIn(ctx.locale, args.locale);
}
