import {
  collectionItemsPerPage,
  maxCollectionItemsPerPage,
  productCollectionItemViewSchema,
  productCollectionTypes,
} from '@token/domain/marketplace';
import { type GraphQLFieldConfigMap, GraphQLNonNull, GraphQLString } from 'graphql';
import { z } from 'zod';
import { type GraphQLContext, requireCustomer } from '../../graphql/context.ts';
import {
  localeIn,
  pageArgsSchema,
  pagedArgs,
  pageResult,
  pageTypeOf,
  parseArgs,
} from '../../graphql/paging.ts';
import { objectTypeOf } from '../../graphql/zod-types.ts';
import { productResource } from '../../http/serializers/catalog.ts';
import { ProductType } from '../catalog/catalog.graphql.ts';
import { listProductCollections } from './collections.service.ts';

// The item as REST shows it, without its IRI (`@id` is no GraphQL name); its product is the catalogue's
// Product (the type is made first, so the item's nested view reuses it).
const productType = ProductType;
const ProductCollectionItemType = objectTypeOf(
  productCollectionItemViewSchema.omit({ '@id': true }),
  'ProductCollectionItem',
  { fields: { product: { type: new GraphQLNonNull(productType) } } as never },
);
const ProductCollectionItemPage = pageTypeOf('ProductCollectionItem', ProductCollectionItemType);

const paged = pagedArgs(collectionItemsPerPage, maxCollectionItemsPerPage);
const argsSchema = z.object({
  type: z.enum(productCollectionTypes),
  ...pageArgsSchema(maxCollectionItemsPerPage),
});

/** spec 7 productCollections (type my-items, paged): the customer's own, as GET product-collections. */
export const collectionQueries: GraphQLFieldConfigMap<unknown, GraphQLContext> = {
  productCollections: {
    type: new GraphQLNonNull(ProductCollectionItemPage),
    description:
      'The items of the customer’s collection of this type, a page at a time: `my-items` (what they bought and hold) or `favourites`.',
    args: {
      type: { type: GraphQLString, defaultValue: 'my-items', description: 'my-items or favourites.' },
      ...paged.args,
    },
    extensions: paged.extensions,
    resolve: async (_root, args, ctx) => {
      const { id } = requireCustomer(ctx);
      const a = parseArgs(argsSchema, args);
      const page = { page: a.page, itemsPerPage: a.itemsPerPage };
      const [collection] = await listProductCollections({
        db: ctx.db,
        customerId: id,
        type: a.type,
        locale: localeIn(ctx.locale, a.locale),
        page,
      });
      return pageResult(page, {
        items: (collection?.items ?? []).map((item) => ({ ...item, product: productResource(item.product) })),
        totalItems: collection?.totalItems ?? 0,
      });
    },
  },
};
