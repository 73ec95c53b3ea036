import { pickShopChannel } from '@token/domain/channel';
import { notFound } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import type {
  BankAccountView,
  ChannelView,
  CountryView,
  CurrencyView,
  ZoneMemberView,
  ZoneView,
} from '@token/domain/reference';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { prepared } from '../../db/prepared.ts';
import {
  channelCurrencies,
  channelLocales,
  channels,
  countries,
  countryTranslations,
  currencies,
  exchangeRates,
  locales,
  zoneMembers,
  zones,
} from '../../db/schema/index.ts';

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

const currencyNamers = new Map<Locale, Intl.DisplayNames>();

/** The currency's name in the reader's language from ICU ("Euro", "US-Dollar"), else its code. */
function currencyName(code: string, locale: Locale): string {
  let namer = currencyNamers.get(locale);
  if (!namer) {
    namer = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' });
    currencyNamers.set(locale, namer);
  }
  return namer.of(code) ?? code;
}

/** Currencies ordered by code, paged, named in the requested language. */
export async function listCurrencies(opts: { db: Database; locale: Locale; page: Page }) {
  const { db, locale, page } = opts;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: currencies.id, code: currencies.code })
      .from(currencies)
      .orderBy(asc(currencies.code))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(currencies),
  ]);
  const items: CurrencyView[] = rows.map((r) => ({ ...r, name: currencyName(r.code, locale) }));
  return { items, totalItems: total?.n ?? 0 };
}

export async function getCurrency(opts: {
  db: Database;
  locale: Locale;
  code: string;
}): Promise<CurrencyView> {
  const [row] = await opts.db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(eq(currencies.code, opts.code.toUpperCase()));
  if (!row) throw notFound();
  return { ...row, name: currencyName(row.code, opts.locale) };
}

type ZoneRow = Omit<ZoneView, 'members'> & { id: number };

async function withMembers(db: Database, rows: ZoneRow[]): Promise<ZoneView[]> {
  const ids = rows.map((z) => z.id);
  const members = ids.length
    ? await db
        .select({ zoneId: zoneMembers.zoneId, code: zoneMembers.code })
        .from(zoneMembers)
        .where(inArray(zoneMembers.zoneId, ids))
        .orderBy(asc(zoneMembers.code))
    : [];
  return rows.map(({ id, ...zone }) => ({
    ...zone,
    members: members.filter((m) => m.zoneId === id).map((m) => ({ code: m.code })),
  }));
}

const zoneColumns = {
  id: zones.id,
  code: zones.code,
  name: zones.name,
  type: zones.type,
  scope: zones.scope,
};

/** Zones ordered by code, paged, each with its member codes (countries, or zones for a zone of zones). */
export async function listZones(opts: { db: Database; page: Page }) {
  const { db, page } = opts;
  const [rows, [total]] = await Promise.all([
    db
      .select(zoneColumns)
      .from(zones)
      .orderBy(asc(zones.code))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(zones),
  ]);
  return { items: await withMembers(db, rows), totalItems: total?.n ?? 0 };
}

export async function getZone(opts: { db: Database; code: string }): Promise<ZoneView> {
  const rows = await opts.db.select(zoneColumns).from(zones).where(eq(zones.code, opts.code));
  const [zone] = await withMembers(opts.db, rows);
  if (!zone) throw notFound();
  return zone;
}

/** A zone member; `belongsTo` is its zone's code (the API makes it an IRI). */
export type ZoneMemberData = ZoneMemberView;

function zoneMemberSelect(db: Database) {
  return db
    .select({ id: zoneMembers.id, code: zoneMembers.code, zoneCode: zones.code })
    .from(zoneMembers)
    .innerJoin(zones, eq(zones.id, zoneMembers.zoneId));
}

function toZoneMemberData(row: { id: number; code: string; zoneCode: string }): ZoneMemberData {
  return { id: row.id, code: row.code, belongsTo: row.zoneCode };
}

/** Zone members, optionally of one zone (`belongsTo.code`); an unknown zone gives an empty list. */
export async function listZoneMembers(opts: { db: Database; zoneCode?: string | undefined; page: Page }) {
  const { db, zoneCode, page } = opts;
  const where = zoneCode === undefined ? undefined : eq(zones.code, zoneCode);
  const [rows, [total]] = await Promise.all([
    zoneMemberSelect(db)
      .where(where)
      .orderBy(asc(zones.code), asc(zoneMembers.code))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db
      .select({ n: count() })
      .from(zoneMembers)
      .innerJoin(zones, eq(zones.id, zoneMembers.zoneId))
      .where(where),
  ]);
  return { items: rows.map(toZoneMemberData), totalItems: total?.n ?? 0 };
}

export async function getZoneMember(opts: { db: Database; id: number }): Promise<ZoneMemberData> {
  const [row] = await zoneMemberSelect(opts.db).where(eq(zoneMembers.id, opts.id));
  if (!row) throw notFound();
  return toZoneMemberData(row);
}

const languageNamers = new Map<Locale, Intl.DisplayNames>();

/** A language's name in the reader's language ("Englisch" for a German reader). */
function languageName(code: string, locale: Locale, stored: string): string {
  let namer = languageNamers.get(locale);
  if (!namer) {
    namer = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    languageNamers.set(locale, namer);
  }
  return namer.of(code) ?? stored;
}

async function toChannelViews(db: Database, locale: Locale, rows: (typeof channels.$inferSelect)[]) {
  const ids = rows.map((c) => c.id);
  const [localeRows, currencyRows] = ids.length
    ? await Promise.all([
        db
          .select({ channelId: channelLocales.channelId, code: locales.code, name: locales.name })
          .from(channelLocales)
          .innerJoin(locales, eq(locales.code, channelLocales.locale))
          .where(inArray(channelLocales.channelId, ids))
          .orderBy(asc(locales.code)),
        db
          .select({ channelId: channelCurrencies.channelId, code: channelCurrencies.currencyCode })
          .from(channelCurrencies)
          .where(inArray(channelCurrencies.channelId, ids))
          .orderBy(asc(channelCurrencies.currencyCode)),
      ])
    : [[], []];
  return rows.map(
    (c): ChannelView => ({
      code: c.code,
      name: c.name,
      contactEmail: c.contactEmail,
      contactPhoneNumber: c.contactPhoneNumber,
      company: {
        name: c.companyName,
        street: c.companyStreet,
        postcode: c.companyPostcode,
        city: c.companyCity,
        countryCode: c.companyCountryCode,
        registry: c.companyRegistry,
        vatNumber: c.companyVatNumber,
      },
      bankAccount: channelBankAccount(c),
      baseCurrency: { code: c.baseCurrencyCode },
      defaultLocale: { code: c.defaultLocaleCode },
      locales: localeRows
        .filter((l) => l.channelId === c.id)
        .map((l) => ({ code: l.code, name: languageName(l.code, locale, l.name) })),
      currencies: currencyRows.filter((r) => r.channelId === c.id).map((r) => r.code),
      homeRequiresLogin: c.homeRequiresLogin,
    }),
  );
}

/** The issuer's collection account of a channel (offline payments go there unless a product overrides it). */
export function channelBankAccount(c: {
  bankAccountHolder: string;
  bankIban: string;
  bankBic: string;
  bankName: string;
}): BankAccountView {
  return { holder: c.bankAccountHolder, iban: c.bankIban, bic: c.bankBic, bankName: c.bankName };
}

/** A channel as stored (operator, contact address, collection account). */
export type ChannelRow = typeof channels.$inferSelect;

/**
 * The shop's channel (spec 9: `token`), else the oldest enabled one; null when none is enabled.
 * Every feature that needs "the" channel (contact mail, collection account) asks here.
 */
export async function findShopChannel(opts: { db: Db }): Promise<ChannelRow | null> {
  return pickShopChannel(await enabledChannels(opts.db).execute());
}

/** Read by every order placed (its mail and collection account): built once (`prepared`). */
const enabledChannels = prepared('enabled_channels', (db) =>
  db.select().from(channels).where(eq(channels.enabled, true)).orderBy(asc(channels.id)),
);

/** Enabled channels ordered by code, paged. */
export async function listChannels(opts: { db: Database; locale: Locale; page: Page }) {
  const { db, locale, page } = opts;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(channels)
      .where(eq(channels.enabled, true))
      .orderBy(asc(channels.code))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(channels).where(eq(channels.enabled, true)),
  ]);
  return { items: await toChannelViews(db, locale, rows), totalItems: total?.n ?? 0 };
}

export async function getChannel(opts: { db: Database; locale: Locale; code: string }): Promise<ChannelView> {
  const rows = await opts.db
    .select()
    .from(channels)
    .where(and(eq(channels.code, opts.code), eq(channels.enabled, true)));
  const [channel] = await toChannelViews(opts.db, opts.locale, rows);
  if (!channel) throw notFound();
  return channel;
}

/**
 * Rates from one source currency keyed by lower-case target code (`{ usd: 1.085 }`), read from the
 * database only. A pair stored the other way round counts too, inverted (Sylius converts both ways).
 */
export async function getExchangeRates(opts: {
  db: Database;
  source: string;
}): Promise<Record<string, number>> {
  const source = opts.source.toUpperCase();
  const rows = await opts.db
    .select({
      source: exchangeRates.sourceCurrency,
      target: exchangeRates.targetCurrency,
      ratio: exchangeRates.ratio,
    })
    .from(exchangeRates)
    .where(or(eq(exchangeRates.sourceCurrency, source), eq(exchangeRates.targetCurrency, source)))
    .orderBy(asc(exchangeRates.id));
  const rates: Record<string, number> = {};
  for (const r of rows) {
    if (r.source !== source) continue;
    rates[r.target.toLowerCase()] = Number(r.ratio);
  }
  for (const r of rows) {
    const ratio = Number(r.ratio);
    const key = r.source.toLowerCase();
    if (r.target !== source || key in rates || !(ratio > 0)) continue;
    rates[key] = Number((1 / ratio).toFixed(10));
  }
  return rates;
}
