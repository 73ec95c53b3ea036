import { profileNameSchema, publicProfileViewSchema } from '@token/domain/marketplace';
import { type GraphQLFieldConfigMap, GraphQLList, GraphQLNonNull, GraphQLString } from 'graphql';
import { z } from 'zod';
import type { GraphQLContext } from '../../graphql/context.ts';
import { parseArgs } from '../../graphql/paging.ts';
import { objectTypeOf } from '../../graphql/zod-types.ts';
import { findPublicProfile } from './profiles.service.ts';

const PublicProfileType = objectTypeOf(publicProfileViewSchema, 'PublicProfile');

/** spec 7 customers by profileName: public profiles only, as GET public-profiles?profileName=. */
export const profileQueries: GraphQLFieldConfigMap<unknown, GraphQLContext> = {
  customers: {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(PublicProfileType))),
    description: 'Public creator profiles by user name (none or one); nothing private. Visitors may ask.',
    args: { profileName: { type: new GraphQLNonNull(GraphQLString) } },
    resolve: async (_root, args, ctx) => {
      // checked as REST checks `?profileName=` (invalid_query)
      const a = parseArgs(z.object({ profileName: profileNameSchema }), args);
      const profile = await findPublicProfile({ db: ctx.db, profileName: a.profileName });
      return profile ? [profile] : [];
    },
  },
};
