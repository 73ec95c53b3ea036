import { profileNameSchema, publicProfileViewSchema } from '@token/domain/marketplace';
import { z } from 'zod';
import { collectionOf, iri, localeQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { findPublicProfile, getPublicProfile } from './profiles.service.ts';

/** Public creator profiles (spec 3): visitors may read them. */
export async function profileRoutes(app: App) {
  app.get(
    '/public-profiles/:uuid',
    {
      config: { errors: ['not_found'] },
      schema: {
        tags: ['profiles'],
        summary:
          'The public profile of a creator (one with a profile name or created products): chosen name, user name, bio, website, social links, image',
        params: z.strictObject({ uuid: z.uuid() }),
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: publicProfileViewSchema },
      },
    },
    async (request, reply) => {
      const profile = await getPublicProfile({ db: app.db, uuid: request.params.uuid });
      return sendItem(request, reply, profile, {
        '@id': iri('public-profiles', profile.uuid),
        '@type': 'PublicProfile',
      });
    },
  );

  app.get(
    '/public-profiles',
    {
      schema: {
        tags: ['profiles'],
        summary: 'The public profile with this user name, as a list of one (or none)',
        querystring: z.strictObject({ ...localeQuery, profileName: profileNameSchema }),
        response: { 200: collectionOf(publicProfileViewSchema) },
      },
    },
    async (request, reply) => {
      const found = await findPublicProfile({ db: app.db, profileName: request.query.profileName });
      const items = found ? [found] : [];
      return sendCollection(request, reply, {
        items,
        totalItems: items.length,
        type: 'PublicProfile',
        idOf: (p) => iri('public-profiles', p.uuid),
      });
    },
  );
}
