import mercurius from 'mercurius';
import { apiBase } from '../http/hydra.ts';
import type { App } from '../http/types.ts';
import { buildContext } from './context.ts';
import { formatGraphQLErrors } from './errors.ts';
import { graphiqlRoutes } from './graphiql.routes.ts';
import { costLimitRule, depthLimitRule } from './limits.ts';
import { shopGraphQLSchema } from './schema.ts';

/** The shop's GraphQL endpoint (POST and GET). */
export const graphqlPath = `${apiBase}/graphql`;

/**
 * The codes the endpoint may answer in `extensions.code`: its own refusals and whatever the services
 * behind its fields raise (convention 1; a code outside the catalogue never crosses the wire).
 */
export const graphqlErrorCodes = [
  'graphql_invalid_query',
  'graphql_query_too_deep',
  'graphql_query_too_costly',
  'invalid_query',
  'invalid_body',
  'unauthorized',
  'not_found',
  'order_not_found',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
] as const;

/**
 * GraphQL at /api/v2/shop/graphql with mercurius (ARCHITECTURE: same services as REST, batched
 * loaders, limits), and GraphiQL from our own origin outside production.
 */
export async function graphqlPlugin(app: App) {
  await app.register(mercurius, {
    schema: shopGraphQLSchema(),
    path: graphqlPath,
    graphiql: false,
    context: (request) => buildContext(app, request),
    errorFormatter: formatGraphQLErrors,
    validationRules: [depthLimitRule, costLimitRule],
    additionalRouteOptions: {
      // Mercurius validates its own body; the app's zod validator takes no JSON schema. Hidden from
      // the REST document: GraphQL answers errors as GraphQL errors, not problem+json.
      schema: { hide: true },
      config: { auth: 'public', errors: [...graphqlErrorCodes] },
    },
  });
  if (app.config.env !== 'production') await app.register(graphiqlRoutes);
}
