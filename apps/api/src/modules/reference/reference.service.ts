import type { Locale } from '@token/domain/i18n';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { countries, countryTranslations } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Page } from '../../http/hydra.ts';

export type CountryView = { id: number; code: string; name: string; enabled: boolean };

const tReq = alias(countryTranslations, 't_req');
const tDe = alias(countryTranslations, 't_de');

function countrySelect(db: Database, locale: Locale) {
  return db
    .select({
      id: countries.id,
      code: countries.code,
      // spec 9: translations fall back to German.
      name: sql<string>`coalesce(${tReq.name}, ${tDe.name}, ${countries.code})`,
      enabled: countries.enabled,
    })
    .from(countries)
    .leftJoin(tReq, and(eq(tReq.countryId, countries.id), eq(tReq.locale, locale)))
    .leftJoin(tDe, and(eq(tDe.countryId, countries.id), eq(tDe.locale, 'de')));
}

/** Countries ordered by code, paged. */
export async function listCountries(opts: { db: Database; locale: Locale; page: Page }) {
  const { db, locale, page } = opts;
  const [items, [total]] = await Promise.all([
    countrySelect(db, locale)
      .orderBy(asc(countries.code))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(countries),
  ]);
  return { items: items as CountryView[], totalItems: total?.n ?? 0 };
}

export async function getCountry(opts: { db: Database; locale: Locale; code: string }): Promise<CountryView> {
  const [row] = await countrySelect(opts.db, opts.locale).where(eq(countries.code, opts.code.toUpperCase()));
  if (!row) throw notFound();
  return row;
}
