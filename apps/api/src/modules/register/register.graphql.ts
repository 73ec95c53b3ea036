import { tokenAssetViewSchema } from '@token/domain/register';
import { type GraphQLFieldConfigMap, GraphQLList, GraphQLNonNull, GraphQLString } from 'graphql';
import { z } from 'zod';
import { type GraphQLContext, localeOf, requireCustomer } from '../../graphql/context.ts';
import { localeArg, pagedField, parseArgs } from '../../graphql/paging.ts';
import { objectTypeOf } from '../../graphql/zod-types.ts';
import { ProductTransactionType } from '../catalog/catalog.graphql.ts';
import { getProduct } from '../catalog/products.service.ts';
import { listTokenAssets } from './depot.service.ts';

/*
 * The token register in GraphQL (spec 7: transactions by product code, tokenAssets). Transactions
 * are public register facts (hash and addresses), as `GET products/{code}` shows them; the depot
 * is the customer's own, as GET token-assets.
 */

const TokenAssetType = objectTypeOf(tokenAssetViewSchema, 'TokenAsset');

export const registerQueries: GraphQLFieldConfigMap<unknown, GraphQLContext> = {
  transactions: {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(ProductTransactionType))),
    description:
      'The confirmed registrar transactions of a product’s token, newest first (at most 100), as in GET products/{code}.',
    args: { productCode: { type: new GraphQLNonNull(GraphQLString) }, locale: localeArg },
    resolve: async (_root, args, ctx) => {
      const a = parseArgs(
        z.object({ productCode: z.string().min(1).max(200), locale: z.string().max(10).nullish() }),
        args,
      );
      const product = await getProduct({ db: ctx.db, locale: localeOf(ctx, a), codeOrId: a.productCode });
      return product.transactions ?? [];
    },
  },
  tokenAssets: pagedField<GraphQLContext>({
    type: TokenAssetType,
    description:
      'The customer’s depot: per bond held or paid for, minted and not yet minted tokens, as GET token-assets.',
    defaultItems: 100,
    maxItems: 400,
    list: (ctx, page, locale) => {
      const { id } = requireCustomer(ctx);
      return listTokenAssets({ db: ctx.db, customerId: id, locale, page });
    },
  }),
};
