import { zoneTypes } from '@token/domain/reference';
import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

export const locales = pgTable('locales', {
  code: text().primaryKey(),
  name: text().notNull(),
});

export const currencies = pgTable('currencies', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
});

export const countries = pgTable('countries', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  enabled: boolean().notNull().default(true),
});

export const countryTranslations = pgTable(
  'country_translations',
  {
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    locale: text()
      .notNull()
      .references(() => locales.code),
    name: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.locale] })],
);

export const zones = pgTable('zones', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  /** Sylius zone types: country, province or zone (a zone of zones). */
  type: text({ enum: zoneTypes }).notNull(),
  scope: text().notNull().default('all'),
});

export const zoneMembers = pgTable(
  'zone_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    zoneId: integer()
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    /** A country code for country zones, a zone code for zones of zones. */
    code: text().notNull(),
  },
  (t) => [unique().on(t.zoneId, t.code)],
);

export const channels = pgTable('channels', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  hostname: text(),
  enabled: boolean().notNull().default(true),
  contactEmail: text().notNull(),
  contactPhoneNumber: text(),
  companyName: text().notNull(),
  companyStreet: text().notNull(),
  companyPostcode: text().notNull(),
  companyCity: text().notNull(),
  companyCountryCode: text().notNull(),
  companyRegistry: text(),
  companyVatNumber: text(),
  /** The issuer's collection account shown for bank-transfer (offline) payments. */
  bankAccountHolder: text().notNull(),
  bankIban: text().notNull(),
  bankBic: text().notNull(),
  bankName: text().notNull(),
  baseCurrencyCode: text()
    .notNull()
    .references(() => currencies.code),
  defaultLocaleCode: text()
    .notNull()
    .references(() => locales.code),
  /** Investment reading of spec 1: the home page is only for logged-in investors. */
  homeRequiresLogin: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const channelLocales = pgTable(
  'channel_locales',
  {
    channelId: integer()
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    locale: text()
      .notNull()
      .references(() => locales.code),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.locale] })],
);

export const channelCurrencies = pgTable(
  'channel_currencies',
  {
    channelId: integer()
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    currencyCode: text()
      .notNull()
      .references(() => currencies.code),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.currencyCode] })],
);

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sourceCurrency: text()
      .notNull()
      .references(() => currencies.code),
    targetCurrency: text()
      .notNull()
      .references(() => currencies.code),
    /** Units of target per one unit of source, exact decimal. */
    ratio: numeric({ precision: 20, scale: 10 }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.sourceCurrency, t.targetCurrency)],
);
