import { customerResourceSchema } from '@token/domain/accounts';
import { notFound } from '@token/domain/errors';
import { type GraphQLFieldConfigMap, GraphQLNonNull, GraphQLString } from 'graphql';
import { z } from 'zod';
import { type GraphQLContext, requireCustomer } from '../../graphql/context.ts';
import { parseArgs } from '../../graphql/paging.ts';
import { objectTypeOf } from '../../graphql/zod-types.ts';
import { customerResource } from '../../http/serializers/customers.ts';
import { getCustomer } from './customers.service.ts';

const CustomerType = objectTypeOf(customerResourceSchema, 'Customer');

/** The logged-in customer's record in GraphQL (spec 7 customer, getCustomer), as GET customers/{uuid}. */
export const customerQueries: GraphQLFieldConfigMap<unknown, GraphQLContext> = {
  customer: {
    type: CustomerType,
    description: 'The logged-in customer’s record.',
    resolve: async (_root, _args, ctx) => {
      const { id } = requireCustomer(ctx);
      return customerResource(await getCustomer({ db: ctx.db, customerId: id, publicUrl: ctx.publicUrl }));
    },
  },
  getCustomer: {
    type: CustomerType,
    description: 'A customer’s record by uuid: only one’s own (another customer’s uuid answers not_found).',
    args: { uuid: { type: new GraphQLNonNull(GraphQLString) } },
    resolve: async (_root, args, ctx) => {
      const me = requireCustomer(ctx);
      const a = parseArgs(z.object({ uuid: z.uuid() }), args);
      // convention 3: another customer's record is as if it did not exist
      if (a.uuid.toLowerCase() !== me.uuid) throw notFound();
      return customerResource(await getCustomer({ db: ctx.db, customerId: me.id, publicUrl: ctx.publicUrl }));
    },
  },
};
