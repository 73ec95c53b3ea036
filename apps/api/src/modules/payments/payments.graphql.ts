import { paymentMethodViewSchema } from '@token/domain/payments';
import type { GraphQLFieldConfigMap } from 'graphql';
import type { GraphQLContext } from '../../graphql/context.ts';
import { pagedField } from '../../graphql/paging.ts';
import { objectTypeOf } from '../../graphql/zod-types.ts';
import { listPaymentMethods } from './payments.service.ts';

/** Payment methods in GraphQL (spec 7), as GET payment-methods: enabled ones in checkout order. */
export const paymentQueries: GraphQLFieldConfigMap<unknown, GraphQLContext> = {
  paymentMethods: pagedField<GraphQLContext>({
    type: objectTypeOf(paymentMethodViewSchema, 'PaymentMethod'),
    description: 'Enabled payment methods in checkout order, as GET payment-methods.',
    defaultItems: 30,
    maxItems: 100,
    list: (ctx, page, locale) => listPaymentMethods({ db: ctx.db, locale, page }),
  }),
};
