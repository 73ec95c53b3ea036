import { createRequire } from 'node:module';
import countriesLib from 'i18n-iso-countries';
import type { Tx } from '../client.ts';
import {
  countries,
  countryTranslations,
  currencies,
  exchangeRates,
  locales,
  zoneMembers,
  zones,
} from '../schema/index.ts';

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require('i18n-iso-countries/langs/de.json'));
countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json'));

/** The 27 member states of the European Union (2026). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

/** Zones (docs/demo-data.md): country zones list country codes, the zone of zones lists zone codes. */
export const ZONES = [
  { code: 'EU', name: 'Europäische Union', type: 'country', members: EU_COUNTRIES },
  { code: 'DACH', name: 'Deutschland, Österreich, Schweiz', type: 'country', members: ['DE', 'AT', 'CH'] },
  {
    code: 'EEA',
    name: 'Europäischer Wirtschaftsraum',
    type: 'country',
    members: [...EU_COUNTRIES, 'IS', 'LI', 'NO'],
  },
  { code: 'WORLD', name: 'Welt', type: 'zone', members: ['EU', 'DACH'] },
] as const;

/**
 * German names the country library leaves in English (its `de` list has "United States Minor
 * Outlying Islands"); the names are CLDR's, as browsers show them (issue 15).
 */
const germanCountryNameCorrections: Readonly<Record<string, string>> = {
  UM: 'Amerikanische Überseeinseln',
};

/** A country's German name: the library's, corrected where it is untranslated. */
function germanCountryName(code: string): string {
  return germanCountryNameCorrections[code] ?? countriesLib.getName(code, 'de') ?? code;
}

/** Locales, currencies, all ISO 3166-1 countries with German and English names, zones, exchange rates. */
export async function seedReferenceData(tx: Tx) {
  await tx.insert(locales).values([
    { code: 'de', name: 'Deutsch' },
    { code: 'en', name: 'English' },
  ]);
  await tx.insert(currencies).values([{ code: 'EUR' }, { code: 'USD' }]);
  const codes = Object.keys(countriesLib.getAlpha2Codes()).sort();
  const rows = await tx
    .insert(countries)
    .values(codes.map((code) => ({ code, enabled: true })))
    .returning({ id: countries.id, code: countries.code });
  await tx.insert(countryTranslations).values(
    rows.flatMap((r) => [
      { countryId: r.id, locale: 'de', name: germanCountryName(r.code) },
      { countryId: r.id, locale: 'en', name: countriesLib.getName(r.code, 'en') ?? r.code },
    ]),
  );
  const zoneRows = await tx
    .insert(zones)
    .values(ZONES.map(({ code, name, type }) => ({ code, name, type })))
    .returning({ id: zones.id, code: zones.code });
  const zoneId = new Map(zoneRows.map((z) => [z.code, z.id]));
  await tx
    .insert(zoneMembers)
    .values(ZONES.flatMap((z) => z.members.map((code) => ({ zoneId: zoneId.get(z.code)!, code }))));
  await tx.insert(exchangeRates).values({ sourceCurrency: 'EUR', targetCurrency: 'USD', ratio: '1.0850' });
}
