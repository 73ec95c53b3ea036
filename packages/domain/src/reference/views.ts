import { z } from 'zod';

/*
 * The reference data's views (issue 15, convention 6): countries, currencies, zones and channels as
 * the shop API answers them. The route response schemas and the web's types derive from them;
 * Hydra fields (`@id`, `@type`) are added by the route.
 */

/** GET countries: a country named in the reader's language (German as fallback). */
export const countryViewSchema = z.object({
  id: z.number().int(),
  code: z.string().describe('ISO 3166-1 alpha-2'),
  name: z.string(),
  enabled: z.boolean(),
});
export type CountryView = z.infer<typeof countryViewSchema>;

/** GET currencies: a currency named in the reader's language. */
export const currencyViewSchema = z.object({
  id: z.number().int(),
  code: z.string().describe('ISO 4217'),
  name: z.string(),
});
export type CurrencyView = z.infer<typeof currencyViewSchema>;

/** Sylius zone types: a zone of countries, of provinces, or of zones. */
export const zoneTypes = ['country', 'province', 'zone'] as const;
export type ZoneType = (typeof zoneTypes)[number];

/** GET zones: a zone with the codes of its members. */
export const zoneViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(zoneTypes),
  scope: z.string(),
  members: z.array(z.object({ code: z.string() })),
});
export type ZoneView = z.infer<typeof zoneViewSchema>;

/** GET zone-members: one member; `belongsTo` is its zone (the service gives the code, the route the IRI). */
export const zoneMemberViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  belongsTo: z.string().describe('IRI of the zone'),
});
export type ZoneMemberView = z.infer<typeof zoneMemberViewSchema>;

/** A collection account: where investors transfer their payments. */
export const bankAccountViewSchema = z.object({
  holder: z.string(),
  iban: z.string(),
  bic: z.string(),
  bankName: z.string(),
});
export type BankAccountView = z.infer<typeof bankAccountViewSchema>;

/** GET channels: the operator, its contact address, collection account, languages and currencies. */
export const channelViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  contactEmail: z.string(),
  contactPhoneNumber: z.string().nullable(),
  company: z.object({
    name: z.string(),
    street: z.string(),
    postcode: z.string(),
    city: z.string(),
    countryCode: z.string(),
    registry: z.string().nullable(),
    vatNumber: z.string().nullable(),
  }),
  bankAccount: bankAccountViewSchema,
  baseCurrency: z.object({ code: z.string() }),
  defaultLocale: z.object({ code: z.string() }),
  locales: z.array(z.object({ code: z.string(), name: z.string() })),
  currencies: z.array(z.string()),
  homeRequiresLogin: z.boolean(),
});
export type ChannelView = z.infer<typeof channelViewSchema>;
