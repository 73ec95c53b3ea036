import { z } from 'zod';
import { iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { getCountry, listCountries } from './reference.service.ts';

const countrySchema = z.object({ id: z.number(), code: z.string(), name: z.string(), enabled: z.boolean() });

/** Reference data: countries, currencies, zones, channels, exchange rates. */
export async function referenceRoutes(app: App) {
  app.get(
    '/countries',
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary: 'Countries with names in the requested language',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 400) }),
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listCountries({
        db: app.db,
        locale: request.locale,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'Country',
        idOf: (c) => iri('countries', c.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/countries/:code',
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary: 'One country by ISO 3166-1 alpha-2 code',
        params: z.object({ code: z.string().regex(/^[A-Za-z]{2}$/) }),
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: countrySchema.passthrough() },
      },
    },
    async (request, reply) => {
      const country = await getCountry({ db: app.db, locale: request.locale, code: request.params.code });
      return sendItem(request, reply, country, { '@id': iri('countries', country.code), '@type': 'Country' });
    },
  );
}
