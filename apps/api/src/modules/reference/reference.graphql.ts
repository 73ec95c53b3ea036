import { countryViewSchema, currencyViewSchema } from '@token/domain/reference';
import type { GraphQLFieldConfigMap } from 'graphql';
import type { GraphQLContext } from '../../graphql/context.ts';
import { pagedField } from '../../graphql/paging.ts';
import { objectTypeOf } from '../../graphql/zod-types.ts';
import { listCountries, listCurrencies } from './reference.service.ts';

/** Reference data in GraphQL (spec 7: currencies, countries), as GET countries and GET currencies. */
export const referenceQueries: GraphQLFieldConfigMap<unknown, GraphQLContext> = {
  currencies: pagedField<GraphQLContext>({
    type: objectTypeOf(currencyViewSchema, 'Currency'),
    description: 'Currencies, as GET currencies (the client asks for up to 400).',
    defaultItems: 30,
    maxItems: 400,
    list: (ctx, page, locale) => listCurrencies({ db: ctx.db, locale, page }),
  }),
  countries: pagedField<GraphQLContext>({
    type: objectTypeOf(countryViewSchema, 'Country'),
    description: 'Countries, as GET countries (the client asks for up to 400).',
    defaultItems: 30,
    maxItems: 400,
    list: (ctx, page, locale) => listCountries({ db: ctx.db, locale, page }),
  }),
};
