import { GraphQLObjectType, GraphQLSchema, printSchema } from 'graphql';
import { customerQueries } from '../modules/accounts/customers.graphql.ts';
import { catalogQueries } from '../modules/catalog/catalog.graphql.ts';
import { collectionQueries } from '../modules/collections/collections.graphql.ts';
import { orderQueries } from '../modules/orders/orders.graphql.ts';
import { paymentQueries } from '../modules/payments/payments.graphql.ts';
import { profileQueries } from '../modules/profiles/profiles.graphql.ts';
import { referenceQueries } from '../modules/reference/reference.graphql.ts';
import { registerQueries } from '../modules/register/register.graphql.ts';

let built: GraphQLSchema | undefined;

/**
 * The shop's GraphQL schema (spec 7), assembled from each module's `<feature>.graphql.ts`. Built once
 * per process: the types derive from the domain's views and never change at run time.
 */
export function shopGraphQLSchema(): GraphQLSchema {
  built ??= new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        ...catalogQueries,
        ...referenceQueries,
        ...paymentQueries,
        ...customerQueries,
        ...profileQueries,
        ...collectionQueries,
        ...orderQueries,
        ...registerQueries,
      },
    }),
  });
  return built;
}

/** Where the printed schema is committed (`npm run graphql:schema`), relative to the repository. */
export const printedSchemaPath = 'apps/api/graphql/schema.graphql';

/** The schema as SDL, as committed for clients and reviews. */
export function printShopSchema(): string {
  return `${printSchema(shopGraphQLSchema())}\n`;
}
