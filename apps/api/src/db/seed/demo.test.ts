import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCode, shop } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import type { Database } from '../client.ts';
import {
  attributes,
  channelCurrencies,
  channelLocales,
  channelPricings,
  channels,
  cmsBlocks,
  cmsBlockTranslations,
  cmsPages,
  cmsPageTranslations,
  countries,
  countryTranslations,
  currencies,
  customerMediaFiles,
  customers,
  exchangeRates,
  legalDocuments,
  locales,
  mediaFiles,
  paymentMethods,
  paymentMethodTranslations,
  productAttributeValues,
  productMediaFiles,
  productMetadata,
  productPaymentConfigurations,
  products,
  productTaxons,
  productTranslations,
  productVariants,
  productVariantTranslations,
  taxCategories,
  taxons,
  taxonTranslations,
  zoneMembers,
  zones,
} from '../schema/index.ts';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoInvestors } from './content/investors.ts';
import { isinCheckDigit, isValidIsin } from './isin.ts';
import { registerDemoOrders } from './register-demo.ts';
import { demoAccountsFor, seedIfEmpty } from './seed-if-empty.ts';
import { servicingDemoBondCodes } from './servicing-demo.ts';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await createTestApp();
  db = t.app.db;
});
afterAll(async () => {
  await t.close();
});

const BONDS = [
  'SOLAR_BRANDENBURG_2031',
  'WIND_NORDSEE_2030',
  'WOHNEN_LEIPZIG_2029',
  'MITTELSTAND_KREDIT_2028',
  'HOTEL_MUENCHEN_2032',
  'BIOGAS_BAYERN_2030',
  'LOGISTIK_HAMBURG_2029',
  'GEOTHERMIE_OBERRHEIN_2033',
  'PFLEGE_DRESDEN_2031',
];

async function productsInOrder() {
  return (
    db
      .select({
        id: products.id,
        code: products.code,
        createdAt: products.createdAt,
        allowToBuy: products.allowToBuy,
        whitelisting: products.whitelisting,
        investorLimit: products.investorLimit,
        professionalOnly: products.professionalOnly,
        minimumSubscriptionCents: products.minimumSubscriptionCents,
        maximumOrderCentsNonProfessional: products.maximumOrderCentsNonProfessional,
        royalties: products.royalties,
        blockchainName: products.blockchainName,
        tokenId: products.tokenId,
        creatorId: products.creatorId,
        taxon: taxons.code,
        tax: taxCategories.code,
      })
      .from(products)
      .innerJoin(taxons, eq(taxons.id, products.mainTaxonId))
      .innerJoin(taxCategories, eq(taxCategories.id, products.taxCategoryId))
      // the servicing demo's closed bonds are told apart (servicing-demo.test.ts)
      .where(notInArray(products.code, [...servicingDemoBondCodes]))
      .orderBy(asc(products.createdAt), asc(products.id))
  );
}

async function defaultVariant(productId: number) {
  const [v] = await db
    .select({
      id: productVariants.id,
      code: productVariants.code,
      totalSupply: productVariants.totalSupply,
      onHand: productVariants.onHand,
      onHold: productVariants.onHold,
      tracked: productVariants.tracked,
      price: channelPricings.price,
      originalPrice: channelPricings.originalPrice,
    })
    .from(productVariants)
    .leftJoin(
      channelPricings,
      and(eq(channelPricings.variantId, productVariants.id), eq(channelPricings.channelCode, 'token')),
    )
    .where(and(eq(productVariants.productId, productId), eq(productVariants.enabled, true)))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .limit(1);
  return v ?? null;
}

// decision 001: listed = enabled default variant in stock; sold out = listed with nothing available
const isListed = (v: { tracked: boolean; onHand: number } | null) =>
  v !== null && (!v.tracked || v.onHand > 0);
const available = (v: { onHand: number; onHold: number }) => Math.max(0, v.onHand - v.onHold);

describe('ISIN check digits', () => {
  it('computes the check digit of real ISINs and rejects a wrong one', () => {
    expect(isinCheckDigit('US037833100')).toBe(5);
    expect(isinCheckDigit('DE000BAY001')).toBe(7);
    expect(isinCheckDigit('AU0000XVGZA')).toBe(3);
    expect(isValidIsin('DE0007164600')).toBe(true);
    expect(isValidIsin('DE0007164601')).toBe(false);
    expect(isValidIsin('de0007164600')).toBe(false);
  });
});

describe('demo data: reference and channel', () => {
  it('has the channel token with its company, bank account, locales and currencies', async () => {
    const [channel] = await db.select().from(channels).where(eq(channels.code, 'token'));
    expect(channel).toMatchObject({
      name: 'Tokenwerk',
      companyName: 'Tokenwerk Capital GmbH',
      companyStreet: 'Friedrichstraße 68',
      companyPostcode: '10117',
      companyCity: 'Berlin',
      companyCountryCode: 'DE',
      contactEmail: 'kontakt@tokenwerk.example',
      companyRegistry: 'Amtsgericht Charlottenburg HRB 234567 B',
      bankAccountHolder: 'Tokenwerk Capital GmbH Treuhandkonto',
      bankIban: 'DE89370400440532013000',
      bankBic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
      baseCurrencyCode: 'EUR',
      defaultLocaleCode: 'de',
      homeRequiresLogin: true,
    });
    const ls = await db.select().from(channelLocales).where(eq(channelLocales.channelId, channel!.id));
    expect(ls.map((l) => l.locale).sort()).toEqual(['de', 'en']);
    const cs = await db.select().from(channelCurrencies).where(eq(channelCurrencies.channelId, channel!.id));
    expect(cs.map((c) => c.currencyCode).sort()).toEqual(['EUR', 'USD']);
  });

  it('has locales, currencies, every country in German and English and the EUR->USD rate', async () => {
    expect((await db.select().from(locales)).map((l) => l.code).sort()).toEqual(['de', 'en']);
    expect((await db.select().from(currencies)).map((c) => c.code).sort()).toEqual(['EUR', 'USD']);
    const all = await db.select().from(countries);
    expect(all.length).toBeGreaterThanOrEqual(249);
    const names = await db
      .select({ code: countries.code, locale: countryTranslations.locale, name: countryTranslations.name })
      .from(countryTranslations)
      .innerJoin(countries, eq(countries.id, countryTranslations.countryId));
    expect(names).toHaveLength(all.length * 2);
    expect(
      names
        .filter((n) => n.code === 'DE')
        .map((n) => n.name)
        .sort(),
    ).toEqual(['Deutschland', 'Germany']);
    const [rate] = await db.select().from(exchangeRates);
    expect(rate).toMatchObject({ sourceCurrency: 'EUR', targetCurrency: 'USD' });
    expect(Number(rate!.ratio)).toBe(1.085);
  });

  it('has the zones EU (27), DACH, EEA (30) and WORLD as a zone of zones', async () => {
    const rows = await db
      .select({ zone: zones.code, type: zones.type, member: zoneMembers.code })
      .from(zones)
      .innerJoin(zoneMembers, eq(zoneMembers.zoneId, zones.id));
    const membersOf = (code: string) =>
      rows
        .filter((r) => r.zone === code)
        .map((r) => r.member)
        .sort();
    expect(membersOf('EU')).toHaveLength(27);
    expect(membersOf('EU')).toEqual(expect.arrayContaining(['DE', 'AT', 'FR', 'HR', 'CY']));
    expect(membersOf('EU')).not.toContain('CH');
    expect(membersOf('DACH')).toEqual(['AT', 'CH', 'DE']);
    expect(membersOf('EEA')).toEqual([...membersOf('EU'), 'IS', 'LI', 'NO'].sort());
    expect(membersOf('WORLD')).toEqual(['DACH', 'EU']);
    expect(new Set(rows.filter((r) => r.zone === 'WORLD').map((r) => r.type))).toEqual(new Set(['zone']));
    expect(new Set(rows.filter((r) => r.zone !== 'WORLD').map((r) => r.type))).toEqual(new Set(['country']));
  });

  it('has the payment methods offline and card with German and English texts', async () => {
    const rows = await db
      .select({
        code: paymentMethods.code,
        gateway: paymentMethods.gateway,
        position: paymentMethods.position,
        enabled: paymentMethods.enabled,
        locale: paymentMethodTranslations.locale,
        name: paymentMethodTranslations.name,
        description: paymentMethodTranslations.description,
        instructions: paymentMethodTranslations.instructions,
      })
      .from(paymentMethods)
      .innerJoin(paymentMethodTranslations, eq(paymentMethodTranslations.paymentMethodId, paymentMethods.id))
      .orderBy(asc(paymentMethods.position), asc(paymentMethodTranslations.locale));
    expect(rows.map((r) => [r.code, r.gateway, r.position, r.enabled, r.locale, r.name])).toEqual([
      ['offline', 'offline', 0, true, 'de', 'Banküberweisung'],
      ['offline', 'offline', 0, true, 'en', 'Bank transfer'],
      ['card', 'card', 1, true, 'de', 'Kartenzahlung'],
      ['card', 'card', 1, true, 'en', 'Card payment'],
    ]);
    for (const r of rows) {
      expect(r.description?.length).toBeGreaterThan(20);
      expect(r.instructions?.length).toBeGreaterThan(40);
    }
    expect(rows[0]!.instructions).toContain('DE89370400440532013000');
  });

  it('has the tax categories bonds (0 %) and standard (19 %)', async () => {
    const rows = await db.select().from(taxCategories).orderBy(asc(taxCategories.code));
    expect(rows.map((r) => [r.code, r.rateBasisPoints])).toEqual([
      ['bonds', 0],
      ['standard', 1900],
    ]);
  });
});

describe('demo data: taxons', () => {
  it('has the taxon tree with German and English names, slugs and descriptions', async () => {
    const parent = db.$with('parent').as(db.select({ id: taxons.id, code: taxons.code }).from(taxons));
    const rows = await db
      .with(parent)
      .select({
        code: taxons.code,
        parent: parent.code,
        locale: taxonTranslations.locale,
        name: taxonTranslations.name,
        slug: taxonTranslations.slug,
        description: taxonTranslations.description,
      })
      .from(taxons)
      .leftJoin(parent, eq(parent.id, taxons.parentId))
      .innerJoin(taxonTranslations, eq(taxonTranslations.taxonId, taxons.id));
    const byCode = (code: string, locale: string) => rows.find((r) => r.code === code && r.locale === locale);
    const expected: [string, string | null, string, string][] = [
      ['bonds', null, 'Anleihen', 'Bonds'],
      ['bonds_energy', 'bonds', 'Erneuerbare Energien', 'Renewable energy'],
      ['bonds_real_estate', 'bonds', 'Immobilien', 'Real estate'],
      ['bonds_sme', 'bonds', 'Mittelstand', 'SME'],
      ['collectibles', null, 'Sammlerstücke', 'Collectibles'],
      ['collectibles_art', 'collectibles', 'Kunst', 'Art'],
      ['collectibles_music', 'collectibles', 'Musik', 'Music'],
      ['collectibles_video', 'collectibles', 'Video', 'Video'],
    ];
    expect(rows).toHaveLength(expected.length * 2);
    for (const [code, parentCode, de, en] of expected) {
      expect(byCode(code, 'de')).toMatchObject({ parent: parentCode, name: de });
      expect(byCode(code, 'en')).toMatchObject({ parent: parentCode, name: en });
      for (const locale of ['de', 'en']) {
        expect(byCode(code, locale)!.slug).toMatch(/^[a-z0-9-]+$/);
        expect(byCode(code, locale)!.description?.length).toBeGreaterThan(10);
      }
    }
  });
});

describe('demo data: bonds', () => {
  it('creates the bonds first, one minute apart from 2026-01-05T09:00:00Z, then the collectibles', async () => {
    const all = await productsInOrder();
    expect(all.slice(0, BONDS.length).map((p) => p.code)).toEqual(BONDS);
    all.slice(0, BONDS.length).forEach((p, i) => {
      expect(p.createdAt.toISOString()).toBe(
        new Date(Date.parse('2026-01-05T09:00:00Z') + i * 60_000).toISOString(),
      );
      expect(p.tax).toBe('bonds');
    });
    const rest = all.slice(BONDS.length);
    expect(rest.length).toBeGreaterThanOrEqual(12);
    rest.forEach((p, i) => {
      expect(p.code.startsWith('NFT_')).toBe(true);
      expect(p.createdAt.toISOString()).toBe(
        new Date(Date.parse('2026-01-05T10:00:00Z') + i * 60_000).toISOString(),
      );
    });
    expect(new Set(all.map((p) => p.createdAt.getTime())).size).toBe(all.length);
  });

  it('gives every bond the state the contract describes', async () => {
    const all = new Map((await productsInOrder()).map((p) => [p.code, p]));
    const expected: Record<string, { taxon: string; stock: [number, number, number] | null }> = {
      SOLAR_BRANDENBURG_2031: { taxon: 'bonds_energy', stock: [5_000_000, 5_000_000, 1_250_000] },
      WIND_NORDSEE_2030: { taxon: 'bonds_energy', stock: [3_000_000, 3_000_000, 400_000] },
      WOHNEN_LEIPZIG_2029: { taxon: 'bonds_real_estate', stock: [2_000_000, 2_000_000, 2_000_000] },
      MITTELSTAND_KREDIT_2028: { taxon: 'bonds_sme', stock: [8_000_000, 8_000_000, 0] },
      HOTEL_MUENCHEN_2032: { taxon: 'bonds_real_estate', stock: [4_000_000, 4_000_000, 0] },
      BIOGAS_BAYERN_2030: { taxon: 'bonds_energy', stock: [1_500_000, 1_500_000, 0] },
      LOGISTIK_HAMBURG_2029: { taxon: 'bonds_sme', stock: [2_500_000, 2_500_000, 100_000] },
      GEOTHERMIE_OBERRHEIN_2033: { taxon: 'bonds_energy', stock: [6_000_000, 0, 0] },
      PFLEGE_DRESDEN_2031: { taxon: 'bonds_real_estate', stock: null },
    };
    for (const code of BONDS) {
      const p = all.get(code)!;
      expect(p.taxon).toBe(expected[code]!.taxon);
      const v = await defaultVariant(p.id);
      if (expected[code]!.stock === null) {
        expect(v).toBeNull();
        continue;
      }
      // the catalogue's stock plus what the demo register's paid orders hold (minted only once the
      // job runner has run the queued mint, which no test here does)
      const [total, onHand, onHold] = expected[code]!.stock!;
      const held = registerDemoOrders
        .filter((o) => o.variantCode === code)
        .reduce((sum, o) => sum + o.quantity, 0);
      expect([v!.totalSupply, v!.onHand, v!.onHold]).toEqual([total, onHand, onHold + held]);
      expect(v).toMatchObject({ price: 100, tracked: true });
    }
    const flags = (code: string) => {
      const {
        allowToBuy,
        whitelisting,
        investorLimit,
        professionalOnly,
        minimumSubscriptionCents,
        maximumOrderCentsNonProfessional,
      } = all.get(code)!;
      return {
        allowToBuy,
        whitelisting,
        investorLimit,
        professionalOnly,
        minimumSubscriptionCents,
        maximumOrderCentsNonProfessional,
      };
    };
    const plain = {
      allowToBuy: true,
      whitelisting: false,
      investorLimit: null,
      professionalOnly: false,
      minimumSubscriptionCents: null,
      maximumOrderCentsNonProfessional: null,
    };
    expect(flags('SOLAR_BRANDENBURG_2031')).toEqual(plain);
    expect(flags('WIND_NORDSEE_2030')).toEqual({ ...plain, whitelisting: true, investorLimit: 149 });
    expect(flags('MITTELSTAND_KREDIT_2028')).toEqual({
      ...plain,
      professionalOnly: true,
      minimumSubscriptionCents: 20_000_000,
    });
    expect(flags('HOTEL_MUENCHEN_2032')).toEqual({ ...plain, allowToBuy: false });
    expect(flags('BIOGAS_BAYERN_2030')).toEqual({
      ...plain,
      minimumSubscriptionCents: 100_000,
      maximumOrderCentsNonProfessional: 2_500_000,
    });
    expect(flags('LOGISTIK_HAMBURG_2029')).toEqual(plain);

    // decision 001 read on the seeded stock: which bonds are listed, sold out or buyable
    const states: Record<string, string> = {};
    for (const code of BONDS) {
      const v = await defaultVariant(all.get(code)!.id);
      states[code] = !isListed(v) ? 'hidden' : available(v!) === 0 ? 'sold_out' : 'available';
    }
    expect(states).toEqual({
      SOLAR_BRANDENBURG_2031: 'available',
      WIND_NORDSEE_2030: 'available',
      WOHNEN_LEIPZIG_2029: 'sold_out',
      MITTELSTAND_KREDIT_2028: 'available',
      HOTEL_MUENCHEN_2032: 'available',
      BIOGAS_BAYERN_2030: 'available',
      LOGISTIK_HAMBURG_2029: 'available',
      GEOTHERMIE_OBERRHEIN_2033: 'hidden',
      PFLEGE_DRESDEN_2031: 'hidden',
    });
  });

  it('gives every bond its attributes with a valid German ISIN', async () => {
    const rows = await db
      .select({
        product: products.code,
        attribute: attributes.code,
        locale: productAttributeValues.locale,
        value: productAttributeValues.value,
      })
      .from(productAttributeValues)
      .innerJoin(products, eq(products.id, productAttributeValues.productId))
      .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId));
    const isins = new Set<string>();
    for (const code of BONDS) {
      const mine = rows.filter((r) => r.product === code);
      const value = (attribute: string) =>
        mine.find((r) => r.attribute === attribute && r.locale === null)?.value;
      const isin = value('isin')!;
      expect(isin).toMatch(/^DE000[A-Z0-9]{6}\d$/);
      expect(isValidIsin(isin)).toBe(true);
      expect(isin.slice(5, 11)).toBe(value('wkn'));
      isins.add(isin);
      expect(value('coupon_rate')).toMatch(/^\d{1,2}\.\d{2}$/);
      expect(Number(value('term_months'))).toBeGreaterThanOrEqual(12);
      expect(value('maturity_date')).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(code.endsWith(value('maturity_date')!.slice(0, 4))).toBe(true);
      expect(Number(value('issue_volume'))).toBeGreaterThan(0);
      expect(value('nominal_per_token')).toBe('100');
      expect(value('issuer')).toMatch(/GmbH/);
      expect(value('url_more_information')).toMatch(/^https:\/\//);
      expect(value('blockchain')).toBe('Polygon');
      const payment = Object.fromEntries(
        mine.filter((r) => r.attribute === 'interest_payment').map((r) => [r.locale, r.value]),
      );
      expect([
        { de: 'jährlich', en: 'annual' },
        { de: 'halbjährlich', en: 'semi-annual' },
        { de: 'quartalsweise', en: 'quarterly' },
      ]).toContainEqual(payment);
      const p = (await productsInOrder()).find((x) => x.code === code)!;
      const v = await defaultVariant(p.id);
      if (v) expect(Number(value('issue_volume'))).toBe(v.totalSupply * 100);
    }
    expect(isins.size).toBe(BONDS.length);
  });

  it('gives every bond two legal PDFs and the payment configurations offline and card', async () => {
    const docs = await db
      .select({
        product: products.code,
        type: legalDocuments.type,
        title: legalDocuments.title,
        locale: legalDocuments.locale,
        storageKey: mediaFiles.storageKey,
        mimeType: mediaFiles.mimeType,
        mediaType: mediaFiles.mediaType,
      })
      .from(legalDocuments)
      .innerJoin(products, eq(products.id, legalDocuments.productId))
      .innerJoin(mediaFiles, eq(mediaFiles.id, legalDocuments.mediaFileId))
      .orderBy(asc(legalDocuments.position));
    const isins = await db
      .select({ product: products.code, value: productAttributeValues.value })
      .from(productAttributeValues)
      .innerJoin(products, eq(products.id, productAttributeValues.productId))
      .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
      .where(eq(attributes.code, 'isin'));
    for (const code of BONDS) {
      const mine = docs.filter((d) => d.product === code);
      expect(mine.map((d) => [d.type, d.title])).toEqual([
        ['information_sheet', 'Wertpapier-Informationsblatt (WIB)'],
        ['bond_terms', 'Anleihebedingungen'],
      ]);
      const isin = isins.find((i) => i.product === code)!.value;
      for (const d of mine) {
        expect(d).toMatchObject({ mimeType: 'application/pdf', mediaType: 'document', locale: null });
        expect(d.storageKey).toMatch(/^public\/legal-documents\/[0-9a-f]{16}-[a-z0-9-]+\.pdf$/);
        const bytes = (await t.app.partners.storage.get(d.storageKey))!;
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
        // the document information names the bond's ISIN
        expect(bytes.toString('latin1')).toContain(isin);
      }
    }
    const configs = await db
      .select({
        product: products.code,
        method: paymentMethods.code,
        enabled: productPaymentConfigurations.enabled,
        max: productPaymentConfigurations.maximumAmountCents,
      })
      .from(productPaymentConfigurations)
      .innerJoin(products, eq(products.id, productPaymentConfigurations.productId))
      .innerJoin(paymentMethods, eq(paymentMethods.id, productPaymentConfigurations.paymentMethodId))
      .where(inArray(products.code, BONDS));
    for (const code of BONDS) {
      const mine = configs.filter((c) => c.product === code).sort((a, b) => a.method.localeCompare(b.method));
      expect(mine.map((c) => [c.method, c.enabled, c.max])).toEqual([
        ['card', true, 1_000_000],
        ['offline', true, null],
      ]);
    }
  });
});

describe('demo data: collectibles and creators', () => {
  it('has at least 12 collectibles from at least 8 creators across art, music and video', async () => {
    const all = (await productsInOrder()).filter((p) => p.code.startsWith('NFT_'));
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((p) => p.creatorId)).size).toBeGreaterThanOrEqual(8);
    const lastBond = (await productsInOrder()).find((p) => p.code === 'PFLEGE_DRESDEN_2031')!;
    const kinds = {
      collectibles_art: 'image',
      collectibles_music: 'audio',
      collectibles_video: 'video',
    } as const;
    for (const p of all) {
      expect(p.createdAt.getTime()).toBeGreaterThan(lastBond.createdAt.getTime());
      expect(p).toMatchObject({ tax: 'standard', blockchainName: 'Polygon', allowToBuy: true });
      expect(p.tokenId).toMatch(/^\d+$/);
      expect(p.royalties).toBeGreaterThanOrEqual(5);
      expect(p.royalties).toBeLessThanOrEqual(15);
      expect(Object.keys(kinds)).toContain(p.taxon);
      const v = (await defaultVariant(p.id))!;
      expect(v.price).toBeGreaterThanOrEqual(2_500);
      expect(v.price).toBeLessThanOrEqual(250_000);
      expect(available(v)).toBeGreaterThan(0);
      const files = await db
        .select({ mediaType: mediaFiles.mediaType, mimeType: mediaFiles.mimeType })
        .from(productMediaFiles)
        .innerJoin(mediaFiles, eq(mediaFiles.id, productMediaFiles.mediaFileId))
        .where(eq(productMediaFiles.productId, p.id))
        .orderBy(asc(productMediaFiles.position));
      const kind = kinds[p.taxon as keyof typeof kinds];
      // content first; music and video add a cover or poster picture
      expect(files.map((f) => f.mediaType)).toEqual(kind === 'image' ? ['image'] : [kind, 'image']);
      const metadata = await db
        .select()
        .from(productMetadata)
        .where(eq(productMetadata.productId, p.id))
        .orderBy(asc(productMetadata.position));
      expect(metadata.map((m) => m.position)).toEqual([0, 1, 2, 3, 4]);
      expect(metadata.map((m) => m.key.startsWith('_'))).toEqual([false, false, false, false, true]);
    }
    const prices = await Promise.all(all.map(async (p) => (await defaultVariant(p.id))!.price!));
    expect(Math.min(...prices)).toBe(2_500);
    expect(Math.max(...prices)).toBe(250_000);
    for (const taxon of Object.keys(kinds)) expect(all.some((p) => p.taxon === taxon)).toBe(true);
  });

  it('has creators with e-mail, names, a unique profile name, a German description and an avatar', async () => {
    const rows = await db
      .select({
        id: customers.id,
        email: customers.email,
        firstName: customers.firstName,
        lastName: customers.lastName,
        profileName: customers.profileName,
        profileDescription: customers.profileDescription,
        avatarKey: mediaFiles.storageKey,
        avatarType: mediaFiles.mimeType,
      })
      .from(customers)
      .leftJoin(
        customerMediaFiles,
        and(eq(customerMediaFiles.customerId, customers.id), eq(customerMediaFiles.type, 'avatar')),
      )
      .leftJoin(mediaFiles, eq(mediaFiles.id, customerMediaFiles.mediaFileId))
      // Creators are the customers with a public profile (the demo investors have none).
      .where(isNotNull(customers.profileName));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.profileName)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.email).toBe(`${r.profileName}@creators.example`);
      expect(r.firstName).toBeTruthy();
      expect(r.lastName).toBeTruthy();
      expect(r.profileDescription!.length).toBeGreaterThan(30);
      expect(r.avatarKey).toMatch(/^public\/creators\/[0-9a-f]{16}-.+\.png$/);
      expect(r.avatarType).toBe('image/png');
      // shown at most 48 px wide: 96 px is sharp at 2x (PNG header: width and height after IHDR)
      const png = (await t.app.partners.storage.get(r.avatarKey!))!;
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([96, 96]);
    }
    const creatorIds = new Set((await productsInOrder()).map((p) => p.creatorId).filter((id) => id !== null));
    expect([...creatorIds].every((id) => rows.some((r) => r.id === id))).toBe(true);
  });
});

describe('demo data: translations and files', () => {
  it('gives every product, variant and taxon a German and an English text', async () => {
    const all = await productsInOrder();
    const texts = await db.select().from(productTranslations);
    for (const p of all) {
      const mine = texts.filter((r) => r.productId === p.id);
      expect(mine.map((r) => r.locale).sort()).toEqual(['de', 'en']);
      for (const r of mine) {
        expect(r.name.length).toBeGreaterThan(2);
        expect(r.slug).toMatch(/^[a-z0-9-]+$/);
        expect(r.description!.length).toBeGreaterThan(80);
        expect(r.shortDescription!.length).toBeGreaterThan(20);
      }
      expect(mine[0]!.description).not.toBe(mine[1]!.description);
    }
    const variantTexts = await db.select().from(productVariantTranslations);
    const variants = await db.select({ id: productVariants.id }).from(productVariants);
    expect(variantTexts).toHaveLength(variants.length * 2);
    const taxonTexts = await db.select().from(taxonTranslations);
    expect(taxonTexts).toHaveLength((await db.select().from(taxons)).length * 2);
    const links = await db.select().from(productTaxons);
    expect(links).toHaveLength(all.length + servicingDemoBondCodes.length);
  });

  it('stores every media file under its sha256-based key with the right size, hash and type', async () => {
    const files = await db.select().from(mediaFiles);
    expect(files.length).toBeGreaterThanOrEqual(9 + 18 + 12 + 8);
    const magic: Record<string, (b: Buffer) => boolean> = {
      'image/png': (b) =>
        b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
      'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
      'audio/mpeg': (b) =>
        b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0),
      'video/mp4': (b) => b.subarray(4, 8).toString('latin1') === 'ftyp',
    };
    const mediaTypeOf: Record<string, string> = {
      'image/png': 'image',
      'application/pdf': 'document',
      'audio/mpeg': 'audio',
      'video/mp4': 'video',
    };
    for (const f of files) {
      const bytes = await t.app.partners.storage.get(f.storageKey);
      expect(bytes, f.storageKey).not.toBeNull();
      const sha = createHash('sha256').update(bytes!).digest('hex');
      expect(f.sha256).toBe(sha);
      expect(f.size).toBe(bytes!.length);
      expect(f.bucket).toBe('public');
      expect(f.storageKey).toMatch(
        new RegExp(
          `^public/(products|creators|legal-documents)/${sha.slice(0, 16)}-${f.fileName.replace('.', '\\.')}$`,
        ),
      );
      expect(f.originalName).toBe(f.fileName);
      expect(magic[f.mimeType]?.(bytes!), `${f.fileName} is ${f.mimeType}`).toBe(true);
      expect(f.mediaType).toBe(mediaTypeOf[f.mimeType]);
      if (f.mediaType === 'audio' || f.mediaType === 'video') expect(f.size).toBeLessThan(60_000);
    }
    // product pictures are 800 x 600 (PNG header: width and height after the IHDR tag)
    const [solar] = await db
      .select({ key: mediaFiles.storageKey })
      .from(productMediaFiles)
      .innerJoin(products, eq(products.id, productMediaFiles.productId))
      .innerJoin(mediaFiles, eq(mediaFiles.id, productMediaFiles.mediaFileId))
      .where(eq(products.code, 'SOLAR_BRANDENBURG_2031'));
    const png = (await t.app.partners.storage.get(solar!.key))!;
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([800, 600]);
  });

  it('gives every demo picture WebP renditions, served by the media proxy and listed in the product view', async () => {
    const images = await db.select().from(mediaFiles).where(eq(mediaFiles.mediaType, 'image'));
    expect(images.length).toBeGreaterThan(0);
    for (const f of images) {
      const renditions = f.renditions as Record<string, { width: number; storageKey: string }> | null;
      expect(Object.keys(renditions ?? {}).sort(), f.fileName).toEqual(
        ['lg', 'md', 'sm', 'xl', 'xxl', 'xxxl'].sort(),
      );
      // 800 px originals: sm 160, md 320, lg 640; the larger sizes share the 800 px file
      expect(renditions?.sm?.width).toBe(Math.min(160, renditions?.xxxl?.width ?? 0));
      expect(renditions?.xl?.storageKey).toBe(renditions?.xxxl?.storageKey);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/shop/products/SOLAR_BRANDENBURG_2031' });
    const picture = res.json().mediaFiles[0];
    expect(Object.keys(picture.renditions).sort()).toEqual(['lg', 'md', 'sm', 'xl', 'xxl', 'xxxl']);
    expect(picture.renditions.lg).toEqual({
      width: 640,
      height: 480,
      path: expect.stringMatching(/^\/media\/public\/content\/[0-9a-f-]{36}\/lg\.webp$/),
    });
    const webp = await t.app.inject({ method: 'GET', url: picture.renditions.lg.path });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // a tenth of the PNG it stands for
    expect(webp.rawPayload.length).toBeLessThan(
      (await t.app.partners.storage.get(images.find((i) => i.id === picture.id)!.storageKey))!.length / 4,
    );
  });

  it('has the CMS pages and blocks in German and English', async () => {
    const pages = await db
      .select({
        code: cmsPages.code,
        enabled: cmsPages.enabled,
        locale: cmsPageTranslations.locale,
        title: cmsPageTranslations.title,
        slug: cmsPageTranslations.slug,
        content: cmsPageTranslations.content,
      })
      .from(cmsPages)
      .innerJoin(cmsPageTranslations, eq(cmsPageTranslations.pageId, cmsPages.id));
    const codes = [
      'imprint',
      'privacy-policy',
      'terms-and-conditions',
      'data-protection',
      'legal-indications',
      'contact',
    ];
    expect([...new Set(pages.map((p) => p.code))].sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const mine = pages.filter((p) => p.code === code);
      expect(mine.map((p) => p.locale).sort()).toEqual(['de', 'en']);
      for (const p of mine) {
        expect(p.enabled).toBe(true);
        expect(p.content).toContain('<h2>');
        expect(p.content).toContain('<p>');
        expect(p.content.length).toBeGreaterThan(800);
      }
    }
    const text = (code: string, locale: string) =>
      pages.find((p) => p.code === code && p.locale === locale)!.content;
    expect(text('imprint', 'de')).toContain('§ 5 Digitale-Dienste-Gesetz');
    expect(text('imprint', 'de')).toContain('HRB 234567 B');
    expect(text('imprint', 'de')).toContain('Tokenwerk Capital GmbH');
    expect(text('privacy-policy', 'de')).toContain('Art. 77 DSGVO');
    expect(text('legal-indications', 'de')).toContain('vollständigen Verlust');
    expect(text('legal-indications', 'en')).toContain('total loss');
    expect(text('contact', 'de')).toContain('kontakt@tokenwerk.example');

    const blocks = await db
      .select({
        code: cmsBlocks.code,
        locale: cmsBlockTranslations.locale,
        content: cmsBlockTranslations.content,
      })
      .from(cmsBlocks)
      .innerJoin(cmsBlockTranslations, eq(cmsBlockTranslations.blockId, cmsBlocks.id));
    for (const code of ['home-welcome', 'home-how-to-start', 'footer-partners']) {
      expect(
        blocks
          .filter((b) => b.code === code)
          .map((b) => b.locale)
          .sort(),
      ).toEqual(['de', 'en']);
    }
    const steps = blocks.find((b) => b.code === 'home-how-to-start' && b.locale === 'de')!.content;
    expect(steps.match(/<li>/g)).toHaveLength(3);
  });

  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty({ db, storage: t.app.partners.storage })).toBe(false);
    expect(await db.select({ code: channels.code }).from(channels)).toHaveLength(1);
    expect(await db.select({ code: products.code }).from(products)).toHaveLength(
      BONDS.length + 14 + servicingDemoBondCodes.length,
    );
  });

  it('lets the demo investors log in (one plain, one with two-factor) with the README credentials', async () => {
    const [anna, jonas] = demoInvestors;
    const plain = await shop(t.app).post('/authentication-token', {
      email: anna.email,
      password: DEMO_PASSWORD,
    });
    expect(plain.status).toBe(200);
    const me = await shop(t.app, plain.body.token as string).get(
      (plain.body.customer as string).replace('/api/v2/shop', ''),
    );
    expect(me.body).toMatchObject({ firstName: 'Anna', verified: true, twoFactorEnabled: false });
    expect(me.body.defaultAddress).toMatch(/^\/api\/v2\/shop\/addresses\/\d+$/);
    const needsCode = await shop(t.app).post('/authentication-token', {
      email: jonas.email,
      password: DEMO_PASSWORD,
    });
    expect(needsCode.body.code).toBe('two_factor_required');
    const withCode = await shop(t.app).post('/authentication-token', {
      email: jonas.email,
      password: DEMO_PASSWORD,
      code: await currentCode(DEMO_TOTP_SECRET),
    });
    expect(withCode.status).toBe(200);
  });

  it('never plans demo accounts for a production start', () => {
    expect(demoAccountsFor({ env: 'production', appSecret: 'x'.repeat(32) })).toBeUndefined();
    expect(demoAccountsFor({ env: 'development', appSecret: 'x'.repeat(32) })).toEqual({
      appSecret: 'x'.repeat(32),
    });
  });
});
