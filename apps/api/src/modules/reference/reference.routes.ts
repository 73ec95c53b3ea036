import {
  channelViewSchema,
  countryViewSchema,
  currencyViewSchema,
  zoneMemberViewSchema,
  zoneViewSchema,
} from '@token/domain/reference';
import { z } from 'zod';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import { zoneMemberResource } from '../../http/serializers/reference.ts';
import type { App } from '../../http/types.ts';
import {
  getChannel,
  getCountry,
  getCurrency,
  getExchangeRates,
  getZone,
  getZoneMember,
  listChannels,
  listCountries,
  listCurrencies,
  listZoneMembers,
  listZones,
} from './reference.service.ts';

const codeParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

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
        response: { 200: collectionOf(countryViewSchema) },
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
        response: { 200: countryViewSchema },
      },
    },
    async (request, reply) => {
      const country = await getCountry({ db: app.db, locale: request.locale, code: request.params.code });
      return sendItem(request, reply, country, { '@id': iri('countries', country.code), '@type': 'Country' });
    },
  );

  app.get(
    '/currencies',
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary: 'Currencies with names in the requested language',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 400) }),
        response: { 200: collectionOf(currencyViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listCurrencies({
        db: app.db,
        locale: request.locale,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'Currency',
        idOf: (c) => iri('currencies', c.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/currencies/:code',
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary: 'One currency by ISO 4217 code',
        params: z.object({ code: z.string().regex(/^[A-Za-z]{3}$/) }),
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: currencyViewSchema },
      },
    },
    async (request, reply) => {
      const currency = await getCurrency({ db: app.db, locale: request.locale, code: request.params.code });
      return sendItem(request, reply, currency, {
        '@id': iri('currencies', currency.code),
        '@type': 'Currency',
      });
    },
  );

  app.get(
    '/zones',
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary: 'Zones (groups of countries or of zones) with their member codes',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 400) }),
        response: { 200: collectionOf(zoneViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listZones({ db: app.db, page: { page, itemsPerPage } });
      return sendCollection(request, reply, {
        ...result,
        type: 'Zone',
        idOf: (z) => iri('zones', z.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/zones/:code',
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary: 'One zone by code',
        params: z.object({ code: codeParam }),
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: zoneViewSchema },
      },
    },
    async (request, reply) => {
      const zone = await getZone({ db: app.db, code: request.params.code });
      return sendItem(request, reply, zone, { '@id': iri('zones', zone.code), '@type': 'Zone' });
    },
  );

  app.get(
    '/zone-members',
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary: 'Zone members, optionally of one zone (belongsTo.code)',
        querystring: z.strictObject({
          ...localeQuery,
          ...pagingQuery(400, 400),
          'belongsTo.code': codeParam.optional(),
        }),
        response: { 200: collectionOf(zoneMemberViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listZoneMembers({
        db: app.db,
        zoneCode: request.query['belongsTo.code'],
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        items: result.items.map(zoneMemberResource),
        totalItems: result.totalItems,
        type: 'ZoneMember',
        idOf: (m) => iri('zone-members', m.id),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/zone-members/:id',
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary: 'One zone member by id',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: zoneMemberViewSchema },
      },
    },
    async (request, reply) => {
      const member = await getZoneMember({ db: app.db, id: request.params.id });
      return sendItem(request, reply, zoneMemberResource(member), {
        '@id': iri('zone-members', member.id),
        '@type': 'ZoneMember',
      });
    },
  );

  app.get(
    '/channels',
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary: 'Enabled channels: operator, contact, collection account, locales and currencies',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 100) }),
        response: { 200: collectionOf(channelViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listChannels({ db: app.db, locale: request.locale, page: { page, itemsPerPage } });
      return sendCollection(request, reply, {
        ...result,
        type: 'Channel',
        idOf: (c) => iri('channels', c.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/channels/:code',
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary: 'One enabled channel by code',
        params: z.object({ code: codeParam }),
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: channelViewSchema },
      },
    },
    async (request, reply) => {
      const channel = await getChannel({ db: app.db, locale: request.locale, code: request.params.code });
      return sendItem(request, reply, channel, { '@id': iri('channels', channel.code), '@type': 'Channel' });
    },
  );

  app.get(
    '/open-api/exchange_rates',
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary: 'Exchange rates from EUR, keyed by lower-case target currency ({ "usd": 1.085 })',
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: z.record(z.string(), z.number()) },
      },
    },
    async (_request, reply) => {
      // spec 7: a plain object with field `usd`; not an API Platform resource, so never JSON-LD.
      const rates = await getExchangeRates({ db: app.db, source: 'EUR' });
      return reply.type('application/json; charset=utf-8').send(rates);
    },
  );
}
