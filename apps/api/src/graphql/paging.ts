import { AppError, fieldViolationsOf } from '@token/domain/errors';
import { isLocale, type Locale } from '@token/domain/i18n';
import {
  GraphQLBoolean,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  GraphQLString,
} from 'graphql';
import { z } from 'zod';
import type { Page } from '../db/paging.ts';
import type { PagedFieldExtensions } from './limits.ts';

/** Paging information of a list (API Platform's GraphQL `paginationInfo`, with the page asked for). */
export const PaginationInfo = new GraphQLObjectType({
  name: 'PaginationInfo',
  fields: {
    page: { type: new GraphQLNonNull(GraphQLInt) },
    itemsPerPage: { type: new GraphQLNonNull(GraphQLInt) },
    lastPage: { type: new GraphQLNonNull(GraphQLInt) },
    totalCount: { type: new GraphQLNonNull(GraphQLInt) },
    hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean) },
    hasPreviousPage: { type: new GraphQLNonNull(GraphQLBoolean) },
  },
});

const pageTypes = new Map<string, GraphQLObjectType>();

/** `<Name>Page { items, totalCount, paginationInfo }`: one page of a list (one type per name). */
export function pageTypeOf(name: string, item: GraphQLOutputType): GraphQLObjectType {
  const known = pageTypes.get(name);
  if (known) return known;
  const type = new GraphQLObjectType({
    name: `${name}Page`,
    description: `One page of ${name} items with the total count.`,
    fields: {
      items: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(item))) },
      totalCount: { type: new GraphQLNonNull(GraphQLInt) },
      paginationInfo: { type: new GraphQLNonNull(PaginationInfo) },
    },
  });
  pageTypes.set(name, type);
  return type;
}

export type PageResult<T> = {
  items: T[];
  totalCount: number;
  paginationInfo: {
    page: number;
    itemsPerPage: number;
    lastPage: number;
    totalCount: number;
    hasNextPage: boolean;
    hasPreviousPage: boolean;
  };
};

/** A service's `{ items, totalItems }` as a GraphQL page. */
export function pageResult<T>(page: Page, result: { items: T[]; totalItems: number }): PageResult<T> {
  const lastPage = Math.max(1, Math.ceil(result.totalItems / page.itemsPerPage));
  return {
    items: result.items,
    totalCount: result.totalItems,
    paginationInfo: {
      page: page.page,
      itemsPerPage: page.itemsPerPage,
      lastPage,
      totalCount: result.totalItems,
      hasNextPage: page.page < lastPage,
      hasPreviousPage: page.page > 1,
    },
  };
}

/** The `page`, `itemsPerPage` and `locale` arguments of a paged field, and the field's paging extensions. */
export function pagedArgs(defaultItems: number, maxItems: number) {
  const args: GraphQLFieldConfigArgumentMap = {
    page: { type: GraphQLInt, defaultValue: 1, description: 'From 1.' },
    itemsPerPage: {
      type: GraphQLInt,
      defaultValue: defaultItems,
      description: `Items per page, 1 to ${maxItems}.`,
    },
    locale: localeArg,
  };
  const extensions: PagedFieldExtensions = { defaultItemsPerPage: defaultItems, maxItemsPerPage: maxItems };
  return { args, extensions };
}

export const localeArg = {
  type: GraphQLString,
  description: 'de or en; else the Accept-Language header (as REST `?locale=`).',
};

/**
 * Arguments checked like REST checks its query (same bounds): a failure is the catalogue's
 * `invalid_query` (400) with one violation per argument.
 */
export function parseArgs<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  throw new AppError('invalid_query', {
    violations: fieldViolationsOf(parsed.error.issues as never, args),
    detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
  });
}

/** zod of the paging arguments (REST's `pagingQuery` bounds). */
export function pageArgsSchema(maxItems: number) {
  return {
    page: z.number().int().min(1).max(100_000),
    itemsPerPage: z.number().int().min(1).max(maxItems),
    locale: z.string().max(10).nullish(),
  };
}

/**
 * A paged list field over a service's `{ items, totalItems }` (reference data, a customer's lists):
 * `page`, `itemsPerPage` (REST's default and maximum) and `locale`, checked as REST checks its query.
 */
export function pagedField<C extends { locale: Locale }>(opts: {
  type: GraphQLObjectType;
  description: string;
  defaultItems: number;
  maxItems: number;
  list: (ctx: C, page: Page, locale: Locale) => Promise<{ items: unknown[]; totalItems: number }>;
}): GraphQLFieldConfig<unknown, C> {
  const paged = pagedArgs(opts.defaultItems, opts.maxItems);
  const schema = z.object(pageArgsSchema(opts.maxItems));
  return {
    type: new GraphQLNonNull(pageTypeOf(opts.type.name, opts.type)),
    description: opts.description,
    args: paged.args,
    extensions: paged.extensions,
    resolve: async (_root, args, ctx) => {
      const a = parseArgs(schema, args);
      const page = { page: a.page, itemsPerPage: a.itemsPerPage };
      return pageResult(page, await opts.list(ctx, page, localeIn(ctx.locale, a.locale)));
    },
  };
}

/** The `locale` argument when it names a supported language, else the request's. */
export function localeIn(requestLocale: Locale, wanted: string | null | undefined): Locale {
  const tag = wanted?.trim().toLowerCase().split(/[-_]/)[0];
  return tag && isLocale(tag) ? tag : requestLocale;
}
