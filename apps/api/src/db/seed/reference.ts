import { createRequire } from 'node:module';
import countriesLib from 'i18n-iso-countries';
import type { Database } from '../client.ts';
import { countries, countryTranslations, locales } from '../schema/index.ts';

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require('i18n-iso-countries/langs/de.json'));
countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json'));

/** Locales and all ISO 3166-1 countries with German and English names. */
export async function seedReferenceData(db: Database) {
  await db.insert(locales).values([
    { code: 'de', name: 'Deutsch' },
    { code: 'en', name: 'English' },
  ]);
  const codes = Object.keys(countriesLib.getAlpha2Codes()).sort();
  const rows = await db
    .insert(countries)
    .values(codes.map((code) => ({ code, enabled: true })))
    .returning({ id: countries.id, code: countries.code });
  await db.insert(countryTranslations).values(
    rows.flatMap((r) => [
      { countryId: r.id, locale: 'de', name: countriesLib.getName(r.code, 'de') ?? r.code },
      { countryId: r.id, locale: 'en', name: countriesLib.getName(r.code, 'en') ?? r.code },
    ]),
  );
}
