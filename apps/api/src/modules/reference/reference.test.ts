import {
  channelViewSchema,
  countryViewSchema,
  currencyViewSchema,
  zoneMemberViewSchema,
  zoneViewSchema,
} from '@token/domain/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countries, countryTranslations, currencies, exchangeRates } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { expectExactView } from '../../test/views.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the answers are the domain views (convention 6)', () => {
  const plain = { accept: 'application/json' };
  it.each([
    ['countries?itemsPerPage=400', z.array(countryViewSchema)],
    ['countries/DE', countryViewSchema],
    ['currencies', z.array(currencyViewSchema)],
    ['currencies/EUR', currencyViewSchema],
    ['zones', z.array(zoneViewSchema)],
    ['zones/DACH', zoneViewSchema],
    ['zone-members', z.array(zoneMemberViewSchema)],
    ['channels', z.array(channelViewSchema)],
    ['channels/token', channelViewSchema],
  ] as const)('GET %s answers exactly its view', async (path, schema) => {
    const res = await t.app.inject({ url: `/api/v2/shop/${path}`, headers: plain });
    expect(res.statusCode).toBe(200);
    expectExactView(schema, res.json());
  });

  it('GET zone-members/{id} answers exactly its view, its zone as an IRI', async () => {
    const [first] = (await t.app.inject({ url: '/api/v2/shop/zone-members', headers: plain })).json();
    const res = await t.app.inject({ url: `/api/v2/shop/zone-members/${first.id}`, headers: plain });
    expectExactView(zoneMemberViewSchema, res.json());
    expect(res.json().belongsTo).toMatch(/^\/api\/v2\/shop\/zones\//);
  });
});

describe('countries', () => {
  it('lists countries as a Hydra collection with German names by default', async () => {
    const res = await t.app.inject({ url: '/api/v2/shop/countries?itemsPerPage=400' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/ld+json');
    const body = res.json();
    expect(body['hydra:totalItems']).toBeGreaterThanOrEqual(249);
    const de = body['hydra:member'].find((c: { code: string }) => c.code === 'DE');
    expect(de).toMatchObject({ '@id': '/api/v2/shop/countries/DE', '@type': 'Country', name: 'Deutschland' });
  });

  it('names every country in German in the German list (no name left in English)', async () => {
    const [de, en] = await Promise.all(
      ['de', 'en'].map(async (locale) => {
        const res = await t.app.inject({ url: `/api/v2/shop/countries?itemsPerPage=400&locale=${locale}` });
        return new Map<string, string>(
          res.json()['hydra:member'].map((c: { code: string; name: string }) => [c.code, c.name]),
        );
      }),
    );
    expect(de!.get('UM')).toBe('Amerikanische Überseeinseln');
    // the English words a name left untranslated would carry
    const english = [...de!].filter(([, name]) => /\b(Islands|United|Outlying|States)\b/.test(name));
    expect(english).toEqual([]);
    expect(en!.get('UM')).toBe('United States Minor Outlying Islands');
  });

  it('answers a plain array in English for application/json and Accept-Language en', async () => {
    const res = await t.app.inject({
      url: '/api/v2/shop/countries?itemsPerPage=400',
      headers: { accept: 'application/json', 'accept-language': 'en-US,en;q=0.9' },
    });
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body.find((c: { code: string }) => c.code === 'DE')).toEqual({
      id: expect.any(Number),
      code: 'DE',
      name: 'Germany',
      enabled: true,
    });
  });

  it('rejects unknown query parameters and oversized pages with a 400 problem', async () => {
    const res = await t.app.inject({
      url: '/api/v2/shop/countries?foo=1',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'invalid_query', violations: [{ propertyPath: 'foo' }] });
    const big = await t.app.inject({ url: '/api/v2/shop/countries?itemsPerPage=401' });
    expect(big.statusCode).toBe(400);
    expect(big.json().violations[0]).toMatchObject({ propertyPath: 'itemsPerPage', code: 'too_big' });
  });

  it('finds one country by code and 404s an unknown one', async () => {
    const ok = await t.app.inject({ url: '/api/v2/shop/countries/at?locale=en' });
    expect(ok.json()).toMatchObject({ code: 'AT', name: 'Austria' });
    const missing = await t.app.inject({ url: '/api/v2/shop/countries/XX' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });
});

const shop = '/api/v2/shop';
type Coded = { code: string };
type ZoneJson = Coded & { members: Coded[] };
/** The entry with `code`; a missing one fails the test here rather than as an undefined later. */
function byCode<T extends Coded = Coded & Record<string, unknown>>(list: T[], code: string): T {
  const found = list.find((x) => x.code === code);
  if (!found) throw new Error(`no entry ${code}`);
  return found;
}

describe('currencies', () => {
  it('lists currencies as a Hydra collection named in German by default', async () => {
    const res = await t.app.inject({ url: `${shop}/currencies?itemsPerPage=400` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/ld+json');
    const body = res.json();
    expect(body['@type']).toBe('hydra:Collection');
    expect(body['hydra:totalItems']).toBe(body['hydra:member'].length);
    expect(byCode(body['hydra:member'], 'EUR')).toMatchObject({
      '@id': `${shop}/currencies/EUR`,
      '@type': 'Currency',
      id: expect.any(Number),
      name: 'Euro',
    });
    expect(byCode(body['hydra:member'], 'USD')).toMatchObject({ name: 'US-Dollar' });
  });

  it('answers a plain array in English for application/json and Accept-Language en', async () => {
    const res = await t.app.inject({
      url: `${shop}/currencies`,
      headers: { accept: 'application/json', 'accept-language': 'en' },
    });
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(byCode(body, 'USD')).toEqual({ id: expect.any(Number), code: 'USD', name: 'US Dollar' });
  });

  it('finds one currency case-insensitively; 404 for an unknown code, 400 for a malformed one', async () => {
    const ok = await t.app.inject({ url: `${shop}/currencies/usd?locale=en` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ '@id': `${shop}/currencies/USD`, code: 'USD', name: 'US Dollar' });
    const missing = await t.app.inject({ url: `${shop}/currencies/XXX` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(missing.json().code).toBe('not_found');
    const bad = await t.app.inject({ url: `${shop}/currencies/EURO` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_query');
  });

  it('rejects unknown parameters and more than 400 per page', async () => {
    const unknown = await t.app.inject({ url: `${shop}/currencies?sort=code` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().violations).toEqual([expect.objectContaining({ propertyPath: 'sort' })]);
    const big = await t.app.inject({ url: `${shop}/currencies?itemsPerPage=401` });
    expect(big.statusCode).toBe(400);
  });
});

describe('zones', () => {
  it('lists zones with type, scope and member codes', async () => {
    const res = await t.app.inject({ url: `${shop}/zones?itemsPerPage=400` });
    expect(res.statusCode).toBe(200);
    const members = res.json()['hydra:member'];
    const eu = byCode<ZoneJson>(members, 'EU');
    expect(eu).toMatchObject({
      '@id': `${shop}/zones/EU`,
      '@type': 'Zone',
      type: 'country',
      scope: expect.any(String),
    });
    expect(eu.members).toHaveLength(27);
    expect(eu.members).toContainEqual({ code: 'DE' });
    expect(eu.members).not.toContainEqual({ code: 'CH' });
    expect(byCode<ZoneJson>(members, 'EEA').members).toHaveLength(30);
    expect(byCode(members, 'WORLD')).toMatchObject({ type: 'zone' });
    expect(byCode<ZoneJson>(members, 'WORLD').members).toEqual(
      expect.arrayContaining([{ code: 'EU' }, { code: 'DACH' }]),
    );
  });

  it('pages zones up to 400 and answers plain JSON too', async () => {
    const res = await t.app.inject({
      url: `${shop}/zones?itemsPerPage=1&page=2`,
      headers: { accept: 'application/json' },
    });
    expect(res.json()).toHaveLength(1);
    const big = await t.app.inject({ url: `${shop}/zones?itemsPerPage=401` });
    expect(big.statusCode).toBe(400);
  });

  it('finds one zone by code; 404 for an unknown one, 400 for a malformed one', async () => {
    const dach = await t.app.inject({ url: `${shop}/zones/DACH`, headers: { accept: 'application/json' } });
    expect(dach.json()).toEqual({
      code: 'DACH',
      name: expect.any(String),
      type: 'country',
      scope: expect.any(String),
      members: [{ code: 'AT' }, { code: 'CH' }, { code: 'DE' }],
    });
    expect((await t.app.inject({ url: `${shop}/zones/NOWHERE` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${shop}/zones/no%20where` })).statusCode).toBe(400);
  });
});

describe('zone-members', () => {
  it('filters by belongsTo.code and links each member to its zone', async () => {
    const res = await t.app.inject({ url: `${shop}/zone-members?belongsTo.code=DACH` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(3);
    expect(body['hydra:member'].map((m: Coded) => m.code)).toEqual(['AT', 'CH', 'DE']);
    expect(body['hydra:member'][0]).toEqual({
      '@id': expect.stringMatching(/^\/api\/v2\/shop\/zone-members\/\d+$/),
      '@type': 'ZoneMember',
      id: expect.any(Number),
      code: 'AT',
      belongsTo: `${shop}/zones/DACH`,
    });
    const one = await t.app.inject({
      url: body['hydra:member'][0]['@id'],
      headers: { accept: 'application/json' },
    });
    expect(one.json()).toEqual({
      id: body['hydra:member'][0].id,
      code: 'AT',
      belongsTo: `${shop}/zones/DACH`,
    });
  });

  it('answers an empty list for an unknown zone and lists every member without a filter', async () => {
    const none = await t.app.inject({
      url: `${shop}/zone-members?belongsTo.code=NOWHERE`,
      headers: { accept: 'application/json' },
    });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    const all = await t.app.inject({ url: `${shop}/zone-members`, headers: { accept: 'application/json' } });
    // EU 27 + DACH 3 + EEA 30 + WORLD 2
    expect(all.json().length).toBeGreaterThanOrEqual(62);
  });

  it('rejects other filters and malformed codes', async () => {
    const other = await t.app.inject({ url: `${shop}/zone-members?belongsTo=DACH` });
    expect(other.statusCode).toBe(400);
    expect(other.json().violations[0].propertyPath).toBe('belongsTo');
    const bad = await t.app.inject({ url: `${shop}/zone-members?belongsTo.code=%27%3B--` });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ url: `${shop}/zone-members/abc` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${shop}/zone-members/999999` })).statusCode).toBe(404);
  });
});

describe('channels', () => {
  it('lists the shop channel with operator, account, locales and currencies', async () => {
    const res = await t.app.inject({ url: `${shop}/channels` });
    expect(res.statusCode).toBe(200);
    const token = byCode<Coded & { company: object }>(res.json()['hydra:member'], 'token');
    expect(token).toMatchObject({
      '@id': `${shop}/channels/token`,
      '@type': 'Channel',
      name: 'Tokenwerk',
      contactEmail: 'kontakt@tokenwerk.example',
      company: {
        name: 'Tokenwerk Capital GmbH',
        street: 'Friedrichstraße 68',
        postcode: '10117',
        city: 'Berlin',
        countryCode: 'DE',
        registry: 'Amtsgericht Charlottenburg HRB 234567 B',
      },
      bankAccount: {
        holder: 'Tokenwerk Capital GmbH Treuhandkonto',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        bankName: 'Commerzbank',
      },
      baseCurrency: { code: 'EUR' },
      defaultLocale: { code: 'de' },
      locales: [
        { code: 'de', name: 'Deutsch' },
        { code: 'en', name: 'Englisch' },
      ],
      currencies: ['EUR', 'USD'],
      homeRequiresLogin: true,
    });
    expect(token).toHaveProperty('contactPhoneNumber');
    expect(token.company).toHaveProperty('vatNumber');
  });

  it('names the locales in the reader language and answers one channel by code', async () => {
    const res = await t.app.inject({
      url: `${shop}/channels/token?locale=en`,
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().locales).toEqual([
      { code: 'de', name: 'German' },
      { code: 'en', name: 'English' },
    ]);
    expect(res.json()).not.toHaveProperty('@id');
    expect((await t.app.inject({ url: `${shop}/channels/nope` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${shop}/channels/n%C3%B6pe` })).statusCode).toBe(400);
  });
});

describe('exchange rates', () => {
  it('answers a plain object of EUR rates keyed by lower-case currency, whatever the Accept', async () => {
    const res = await t.app.inject({
      url: `${shop}/open-api/exchange_rates`,
      headers: { accept: 'application/ld+json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const body = res.json();
    expect(body.usd).toBe(1.085);
    expect(body).not.toHaveProperty('@id');
    expect(Object.keys(body).every((k) => k === k.toLowerCase())).toBe(true);
    expect((await t.app.inject({ url: `${shop}/open-api/exchange_rates?base=USD` })).statusCode).toBe(400);
  });

  it('inverts a rate stored the other way round', async () => {
    await t.app.db.insert(currencies).values({ code: 'CHF' });
    await t.app.db
      .insert(exchangeRates)
      .values({ sourceCurrency: 'CHF', targetCurrency: 'EUR', ratio: '1.0650' });
    const body = (await t.app.inject({ url: `${shop}/open-api/exchange_rates` })).json();
    expect(body.chf).toBeCloseTo(1 / 1.065, 9);
    expect(body.usd).toBe(1.085);
  });
});

describe('conditional requests, fallback and robustness', () => {
  it('answers 304 to a matching If-None-Match and 200 to a stale one', async () => {
    for (const path of [
      'currencies',
      'zones',
      'zone-members?belongsTo.code=EU',
      'channels',
      'open-api/exchange_rates',
    ]) {
      const first = await t.app.inject({ url: `${shop}/${path}` });
      const etag = first.headers.etag as string;
      expect(etag, path).toMatch(/^W\/"/);
      const again = await t.app.inject({ url: `${shop}/${path}`, headers: { 'if-none-match': etag } });
      expect(again.statusCode, path).toBe(304);
      expect(again.body).toBe('');
      const stale = await t.app.inject({ url: `${shop}/${path}`, headers: { 'if-none-match': 'W/"old"' } });
      expect(stale.statusCode, path).toBe(200);
    }
  });

  it('tags the representations per language', async () => {
    const de = await t.app.inject({ url: `${shop}/currencies` });
    const en = await t.app.inject({
      url: `${shop}/currencies`,
      headers: { 'if-none-match': de.headers.etag as string, 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(200);
  });

  it('falls back to the German name when a country lacks an English one', async () => {
    const [row] = await t.app.db.insert(countries).values({ code: 'XZ' }).returning();
    await t.app.db.insert(countryTranslations).values({ countryId: row!.id, locale: 'de', name: 'Testland' });
    const res = await t.app.inject({ url: `${shop}/countries/XZ`, headers: { 'accept-language': 'en' } });
    expect(res.json()).toMatchObject({ code: 'XZ', name: 'Testland' });
  });

  it('never answers a 500 to odd input', async () => {
    const urls = [
      'currencies?page=0',
      'currencies?page=abc',
      'currencies?itemsPerPage=-1',
      'currencies?locale=xx-YY',
      'zones?page=100000',
      'zone-members?belongsTo.code=',
      'zone-members?belongsTo.code=EU&belongsTo.code=DACH',
      'zone-members/0',
      'zone-members/99999999999999',
      'channels/%00',
      'open-api/exchange_rates?locale=en',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url: `${shop}/${url}` });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
