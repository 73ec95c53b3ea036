import { maxProductsPerPage, productsPerPage } from '@token/domain/catalog';
import {
  attributeViewSchema,
  creatorViewSchema,
  legalDocumentViewSchema,
  mainTaxonViewSchema,
  mediaFileViewSchema,
  productTranslationViewSchema,
  productVariantViewSchema,
  productViewSchema,
  taxonViewSchema,
} from '@token/domain/catalog-views';
import { productTransactionViewSchema } from '@token/domain/register';
import {
  type GraphQLFieldConfigMap,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
} from 'graphql';
import { z } from 'zod';
import { type GraphQLContext, localeOf } from '../../graphql/context.ts';
import {
  localeArg,
  pageArgsSchema,
  pagedArgs,
  pageResult,
  pageTypeOf,
  parseArgs,
} from '../../graphql/paging.ts';
import { nameViews, objectTypeOf } from '../../graphql/zod-types.ts';
import { productResource, taxonResource } from '../../http/serializers/catalog.ts';
import { getProduct, listProducts } from './products.service.ts';
import { listTaxons } from './taxons.service.ts';

/*
 * The catalogue in GraphQL (spec 7): product, products, taxa. The same services and serializers as
 * `catalog.routes.ts`, so a product reads field for field as `GET products/{code}`.
 */

nameViews([
  [creatorViewSchema, 'Creator'],
  [mediaFileViewSchema, 'MediaFile'],
  [productVariantViewSchema, 'ProductVariant'],
  [legalDocumentViewSchema, 'LegalDocument'],
  [productTranslationViewSchema, 'ProductTranslation'],
  [mainTaxonViewSchema, 'MainTaxon'],
  [attributeViewSchema, 'Attribute'],
]);

export const ProductTransactionType = objectTypeOf(productTransactionViewSchema, 'ProductTransaction');

export const ProductType = objectTypeOf(productViewSchema, 'Product', {
  fields: {
    transactions: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(ProductTransactionType))),
      description:
        'spec 3: the confirmed registrar transactions of its token, newest first (at most 100); batched over a list.',
      resolve: (product: { id: number; transactions?: unknown[] }, _args: unknown, ctx: GraphQLContext) =>
        product.transactions ?? ctx.loaders.productTransactions.load(product.id),
    },
  } as never,
});

export const TaxonType = objectTypeOf(taxonViewSchema, 'Taxon');

const ProductPage = pageTypeOf('Product', ProductType);

// Text a filter may carry, as REST: no control characters, at most 200 characters.
const filterText = z
  .string()
  .max(200)
  .regex(/^[^\p{Cc}]*$/u, 'control characters are not allowed');
// spec 5: a price bound of 0 is ignored; cents.
const priceBound = z.number().int().min(0).nullish();

const productsArgs = z.object({
  ...pageArgsSchema(maxProductsPerPage),
  translatedName: filterText.nullish(),
  phrase: filterText.nullish(),
  taxonCode: filterText.nullish(),
  taxonCodes: z.array(filterText).max(50).nullish(),
  creatorUuid: z.uuid().nullish(),
  priceGt: priceBound,
  priceLt: priceBound,
  priceGte: priceBound,
  priceLte: priceBound,
  order: z.enum(['asc', 'desc']).nullish(),
});

const productArgs = z
  .object({
    id: z.string().max(200).nullish(),
    code: z.string().max(200).nullish(),
    locale: z.string().max(10).nullish(),
  })
  .refine((a) => Boolean(a.id) !== Boolean(a.code), { message: 'give either id or code', path: ['code'] });

const paged = pagedArgs(productsPerPage, maxProductsPerPage);
const price = (what: string) => ({ type: GraphQLInt, description: `Price in cents ${what}; 0 is ignored.` });

/** The catalogue's queries. */
export const catalogQueries: GraphQLFieldConfigMap<unknown, GraphQLContext> = {
  product: {
    type: ProductType,
    description:
      'One product by numeric id or by code (also when sold out or not listed), as GET products/{code}.',
    args: { id: { type: GraphQLID }, code: { type: GraphQLString }, locale: localeArg },
    resolve: async (_root, args, ctx) => {
      const a = parseArgs(productArgs, args);
      const product = await getProduct({ db: ctx.db, locale: localeOf(ctx, a), codeOrId: (a.id ?? a.code)! });
      return productResource(product);
    },
  },
  products: {
    type: new GraphQLNonNull(ProductPage),
    description:
      'Listed products, oldest first (createdAt asc), 12 per page, as GET products. Filters combine with AND; empty ones are ignored.',
    args: {
      ...paged.args,
      translatedName: {
        type: GraphQLString,
        description: 'Case-insensitive phrase in the name (requested language, German fallback).',
      },
      phrase: { type: GraphQLString, description: 'Alias of translatedName.' },
      taxonCode: { type: GraphQLString, description: 'Products in this taxon or below it.' },
      taxonCodes: {
        type: new GraphQLList(new GraphQLNonNull(GraphQLString)),
        description: 'Products in any of these taxons.',
      },
      creatorUuid: { type: GraphQLString, description: "Products of this creator (the customer's uuid)." },
      priceGt: price('greater than'),
      priceLt: price('less than'),
      priceGte: price('at least'),
      priceLte: price('at most'),
      order: { type: GraphQLString, description: 'createdAt order: asc (default) or desc.' },
    },
    extensions: paged.extensions,
    resolve: async (_root, args, ctx) => {
      const a = parseArgs(productsArgs, args);
      const page = { page: a.page, itemsPerPage: a.itemsPerPage };
      const taxonCodes = [...(a.taxonCode ? [a.taxonCode] : []), ...(a.taxonCodes ?? [])]
        .map((c) => c.trim())
        .filter(Boolean);
      const result = await listProducts({
        db: ctx.db,
        locale: localeOf(ctx, a),
        page,
        filters: {
          name: (a.translatedName ?? a.phrase)?.trim() || undefined,
          taxonCodes: taxonCodes.length ? taxonCodes : undefined,
          creatorUuid: a.creatorUuid?.toLowerCase() || undefined,
          priceGt: a.priceGt || undefined,
          priceLt: a.priceLt || undefined,
          priceGte: a.priceGte || undefined,
          priceLte: a.priceLte || undefined,
          order: a.order ?? undefined,
        },
      });
      return pageResult(page, { items: result.items.map(productResource), totalItems: result.totalItems });
    },
  },
  taxa: {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(TaxonType))),
    description: 'The category tree: top-level taxons with their children, in the requested language.',
    args: { locale: localeArg },
    resolve: async (_root, args, ctx) => {
      const a = parseArgs(z.object({ locale: z.string().max(10).nullish() }), args);
      const result = await listTaxons({
        db: ctx.db,
        locale: localeOf(ctx, a),
        page: { page: 1, itemsPerPage: 400 },
      });
      return result.items.map(taxonResource);
    },
  },
};
