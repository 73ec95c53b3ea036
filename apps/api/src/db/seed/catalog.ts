import { bondCardLimitCents } from '@token/domain/catalog';
import type { Tx } from '../client.ts';
import {
  attributes,
  attributeTranslations,
  legalDocuments,
  paymentMethods,
  productAttributeValues,
  productMediaFiles,
  productMetadata,
  productPaymentConfigurations,
  taxCategories,
  taxons,
  taxonTranslations,
} from '../schema/index.ts';
import { bondFigures, interestPaymentLabels, NOMINAL_PER_TOKEN_CENTS } from './content/bond-figures.ts';
import { type BondSeed, bondSeeds, type Localised } from './content/bonds.ts';
import { collectibleSeeds } from './content/collectibles.ts';
import { type ProductSeed, seedProduct } from './factories.ts';
import type { DemoMedia, SeedFile } from './media/demo-media.ts';
import { legalDocumentTitles } from './media/legal-pdf.ts';
import { insertMediaFiles } from './media-rows.ts';

type TaxonSeed = { code: string; parent?: string; name: Localised; slug: Localised; description: Localised };

/** The taxon tree (docs/demo-data.md, "Taxon tree"), parents before children, in display order. */
export const TAXONS: readonly TaxonSeed[] = [
  {
    code: 'bonds',
    name: { de: 'Anleihen', en: 'Bonds' },
    slug: { de: 'anleihen', en: 'bonds' },
    description: {
      de: 'Tokenisierte Anleihen deutscher Unternehmen, begeben als Kryptowertpapiere nach dem eWpG.',
      en: 'Tokenised bonds of German companies, issued as crypto securities under the eWpG.',
    },
  },
  {
    code: 'bonds_energy',
    parent: 'bonds',
    name: { de: 'Erneuerbare Energien', en: 'Renewable energy' },
    slug: { de: 'erneuerbare-energien', en: 'renewable-energy' },
    description: {
      de: 'Anleihen für Solar-, Wind-, Biogas- und Geothermieprojekte in Deutschland.',
      en: 'Bonds financing solar, wind, biogas and geothermal projects in Germany.',
    },
  },
  {
    code: 'bonds_real_estate',
    parent: 'bonds',
    name: { de: 'Immobilien', en: 'Real estate' },
    slug: { de: 'immobilien', en: 'real-estate' },
    description: {
      de: 'Anleihen für Wohn-, Hotel- und Pflegeimmobilien.',
      en: 'Bonds financing residential, hotel and care properties.',
    },
  },
  {
    code: 'bonds_sme',
    parent: 'bonds',
    name: { de: 'Mittelstand', en: 'SME' },
    slug: { de: 'mittelstand', en: 'sme' },
    description: {
      de: 'Anleihen mittelständischer Unternehmen aus Logistik, Handel und Finanzierung.',
      en: 'Bonds of small and medium-sized companies in logistics, trade and finance.',
    },
  },
  {
    code: 'collectibles',
    name: { de: 'Sammlerstücke', en: 'Collectibles' },
    slug: { de: 'sammlerstuecke', en: 'collectibles' },
    description: {
      de: 'Digitale Sammlerstücke von Künstlerinnen und Künstlern: Bilder, Musik und Video.',
      en: 'Digital collectibles by artists: pictures, music and video.',
    },
  },
  {
    code: 'collectibles_art',
    parent: 'collectibles',
    name: { de: 'Kunst', en: 'Art' },
    slug: { de: 'kunst', en: 'art' },
    description: {
      de: 'Digitale Malerei, Grafik und generative Kunst als nummerierte Editionen.',
      en: 'Digital painting, graphics and generative art as numbered editions.',
    },
  },
  {
    code: 'collectibles_music',
    parent: 'collectibles',
    name: { de: 'Musik', en: 'Music' },
    slug: { de: 'musik', en: 'music' },
    description: {
      de: 'Musikstücke und Loops als digitale Editionen mit Cover.',
      en: 'Tracks and loops as digital editions with cover art.',
    },
  },
  {
    code: 'collectibles_video',
    parent: 'collectibles',
    name: { de: 'Video', en: 'Video' },
    slug: { de: 'video', en: 'video' },
    description: {
      de: 'Video-Loops und Animationen mit Standbild.',
      en: 'Video loops and animations with a still image.',
    },
  },
];

type AttributeType = (typeof attributes.$inferInsert)['type'];

/** Bond attributes (docs/demo-data.md); only interest_payment is translated. */
export const BOND_ATTRIBUTES: readonly {
  code: string;
  type: AttributeType;
  name: Localised;
  translatable?: boolean;
}[] = [
  { code: 'isin', type: 'text', name: { de: 'ISIN', en: 'ISIN' } },
  { code: 'wkn', type: 'text', name: { de: 'WKN', en: 'WKN' } },
  { code: 'coupon_rate', type: 'percent', name: { de: 'Zinssatz (% p. a.)', en: 'Coupon rate (% p.a.)' } },
  { code: 'term_months', type: 'integer', name: { de: 'Laufzeit (Monate)', en: 'Term (months)' } },
  { code: 'maturity_date', type: 'date', name: { de: 'Fälligkeit', en: 'Maturity date' } },
  {
    code: 'interest_payment',
    type: 'text',
    name: { de: 'Zinszahlung', en: 'Interest payment' },
    translatable: true,
  },
  { code: 'issue_volume', type: 'money', name: { de: 'Emissionsvolumen', en: 'Issue volume' } },
  {
    code: 'nominal_per_token',
    type: 'money',
    name: { de: 'Nennbetrag je Token', en: 'Nominal amount per token' },
  },
  { code: 'issuer', type: 'text', name: { de: 'Emittentin', en: 'Issuer' } },
  {
    code: 'url_more_information',
    type: 'url',
    name: { de: 'Weitere Informationen', en: 'More information' },
  },
  { code: 'blockchain', type: 'text', name: { de: 'Blockchain', en: 'Blockchain' } },
  // eWpG § 17 (1) Nr. 4: the register names the issuer with its seat (register excerpts, issue 16).
  { code: 'issuer_seat', type: 'text', name: { de: 'Sitz der Emittentin', en: 'Issuer’s registered seat' } },
];

const FIRST_BOND_AT = Date.parse('2026-01-05T09:00:00Z');
const FIRST_COLLECTIBLE_AT = Date.parse('2026-01-05T10:00:00Z');
const MINUTE = 60 * 1000;
/** Bonds: one minute apart from 09:00; collectibles: one minute apart from 10:00 (after every bond). */
const bondCreatedAt = (i: number) => new Date(FIRST_BOND_AT + i * MINUTE);
const collectibleCreatedAt = (i: number) => new Date(FIRST_COLLECTIBLE_AT + i * MINUTE);

/** Card payments for bonds are limited to 10,000 € per order (docs/demo-data.md). */
const BOND_CARD_LIMIT_CENTS = bondCardLimitCents;

const LOCALES = ['de', 'en'] as const;

/** A product's German and English texts for the factory. */
function textsOf(seed: {
  name: Localised;
  slug: Localised;
  description: Localised;
  shortDescription: Localised;
}): ProductSeed['translations'] {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      {
        name: seed.name[locale],
        slug: seed.slug[locale],
        description: seed.description[locale],
        shortDescription: seed.shortDescription[locale],
      },
    ]),
  );
}

function bondAttributeValues(bond: BondSeed): { code: string; locale: 'de' | 'en' | null; value: string }[] {
  const f = bondFigures(bond);
  const neutral: [string, string][] = [
    ['isin', f.isin],
    ['wkn', bond.wkn],
    ['coupon_rate', bond.couponRate],
    ['term_months', String(bond.termMonths)],
    ['maturity_date', f.maturityDate],
    ['issue_volume', String(bond.issueVolumeCents)],
    ['nominal_per_token', String(NOMINAL_PER_TOKEN_CENTS)],
    ['issuer', bond.issuer.name],
    ['url_more_information', bond.moreInformationUrl],
    ['blockchain', 'Polygon'],
    ['issuer_seat', bond.issuer.city],
  ];
  return [
    ...neutral.map(([code, value]) => ({ code, locale: null, value })),
    ...LOCALES.map((locale) => ({
      code: 'interest_payment',
      locale,
      value: interestPaymentLabels[bond.interestPayment][locale],
    })),
  ];
}

/**
 * Taxons, tax categories, attributes, the bonds and the collectibles with translations, media, legal
 * documents, attribute values, metadata, variants, prices on channel `token` and payment configurations.
 */
export async function seedCatalog(tx: Tx, opts: { media: DemoMedia; creatorIds: Map<string, number> }) {
  const { media, creatorIds } = opts;

  // taxons: roots first, then children with their parent's id
  const taxonId = new Map<string, number>();
  for (const level of [TAXONS.filter((t) => !t.parent), TAXONS.filter((t) => t.parent)]) {
    const rows = await tx
      .insert(taxons)
      .values(
        level.map((t) => ({
          code: t.code,
          parentId: t.parent ? taxonId.get(t.parent)! : null,
          position: TAXONS.filter((s) => s.parent === t.parent).indexOf(t),
          enabled: true,
        })),
      )
      .returning({ id: taxons.id, code: taxons.code });
    for (const r of rows) taxonId.set(r.code, r.id);
  }
  await tx.insert(taxonTranslations).values(
    TAXONS.flatMap((t) =>
      LOCALES.map((locale) => ({
        taxonId: taxonId.get(t.code)!,
        locale,
        name: t.name[locale],
        slug: t.slug[locale],
        description: t.description[locale],
      })),
    ),
  );

  const taxRows = await tx
    .insert(taxCategories)
    .values([
      { code: 'bonds', name: 'Anleihen (umsatzsteuerfrei nach § 4 Nr. 8 UStG)', rateBasisPoints: 0 },
      { code: 'standard', name: 'Regelsteuersatz 19 %', rateBasisPoints: 1900 },
    ])
    .returning({ id: taxCategories.id, code: taxCategories.code });
  const taxId = new Map(taxRows.map((r) => [r.code, r.id]));

  const attributeRows = await tx
    .insert(attributes)
    .values(
      BOND_ATTRIBUTES.map((a, position) => ({
        code: a.code,
        type: a.type,
        position,
        translatable: a.translatable ?? false,
      })),
    )
    .returning({ id: attributes.id, code: attributes.code });
  const attributeId = new Map(attributeRows.map((r) => [r.code, r.id]));
  await tx
    .insert(attributeTranslations)
    .values(
      BOND_ATTRIBUTES.flatMap((a) =>
        LOCALES.map((locale) => ({ attributeId: attributeId.get(a.code)!, locale, name: a.name[locale] })),
      ),
    );

  // products: bonds then collectibles, so ids and createdAt both follow the contract's order; each
  // with its texts, main taxon and default variant (code = product code) priced on channel `token`
  const productId = new Map<string, number>();
  for (const [i, b] of bondSeeds.entries()) {
    const { product } = await seedProduct(tx, {
      code: b.code,
      enabled: true,
      allowToBuy: b.allowToBuy ?? true,
      royalties: 0,
      blockchainName: 'Polygon',
      whitelisting: b.whitelisting ?? false,
      mainTaxonId: taxonId.get(b.taxon)!,
      taxCategoryId: taxId.get('bonds')!,
      professionalOnly: b.professionalOnly ?? false,
      investorLimit: b.investorLimit ?? null,
      minimumSubscriptionCents: b.minimumSubscriptionCents ?? null,
      maximumOrderCentsNonProfessional: b.maximumOrderCentsNonProfessional ?? null,
      // spec 5/9 "Quantity and token/price steps are 1000" (decision 011): 1,000 tokens of 1 EUR.
      quantityStep: 1_000,
      createdAt: bondCreatedAt(i),
      updatedAt: bondCreatedAt(i),
      translations: textsOf(b),
      // a bond token costs its nominal
      variant: b.variant && {
        ...b.variant,
        names: { de: `${b.name.de} – Token`, en: `${b.name.en} – token` },
        price: NOMINAL_PER_TOKEN_CENTS,
        originalPrice: null,
      },
    });
    productId.set(b.code, product.id);
  }
  for (const [i, c] of collectibleSeeds.entries()) {
    const { product } = await seedProduct(tx, {
      code: c.code,
      enabled: true,
      allowToBuy: true,
      royalties: c.royalties,
      blockchainName: 'Polygon',
      tokenId: c.tokenId,
      mainTaxonId: taxonId.get(c.taxon)!,
      creatorId: creatorIds.get(c.creator)!,
      taxCategoryId: taxId.get('standard')!,
      createdAt: collectibleCreatedAt(i),
      updatedAt: collectibleCreatedAt(i),
      translations: textsOf(c),
      // an edition costs its price
      variant: {
        totalSupply: c.editions,
        onHand: c.editions,
        onHold: 0,
        names: { de: `${c.name.de} – Edition`, en: `${c.name.en} – edition` },
        price: c.priceCents,
        originalPrice: c.originalPriceCents ?? null,
      },
    });
    productId.set(c.code, product.id);
  }
  const idOf = (code: string) => productId.get(code)!;

  // media: bond pictures and PDFs, collectible content and pictures
  const productFiles: { code: string; file: SeedFile; createdAt: Date; position: number }[] = [
    ...bondSeeds.map((b, i) => ({
      code: b.code,
      file: media.bondImages.get(b.code)!,
      createdAt: bondCreatedAt(i),
      position: 0,
    })),
    ...collectibleSeeds.flatMap((c, i) =>
      media.collectibleFiles
        .get(c.code)!
        .map((file, position) => ({ code: c.code, file, createdAt: collectibleCreatedAt(i), position })),
    ),
  ];
  const documents = bondSeeds.flatMap((b, i) => {
    const docs = media.bondDocuments.get(b.code)!;
    return (['information_sheet', 'bond_terms'] as const).map((type, position) => ({
      code: b.code,
      type,
      position,
      file: docs[type],
      createdAt: bondCreatedAt(i),
    }));
  });
  const mediaId = await insertMediaFiles(tx, [...productFiles, ...documents]);
  await tx.insert(productMediaFiles).values(
    productFiles.map((f) => ({
      productId: idOf(f.code),
      mediaFileId: mediaId.get(f.file.storageKey)!,
      position: f.position,
    })),
  );
  await tx.insert(legalDocuments).values(
    documents.map((d) => ({
      productId: idOf(d.code),
      type: d.type,
      // German documents, binding whatever the reader's language
      locale: null,
      title: legalDocumentTitles[d.type],
      mediaFileId: mediaId.get(d.file.storageKey)!,
      position: d.position,
    })),
  );

  await tx.insert(productAttributeValues).values(
    bondSeeds.flatMap((b) =>
      bondAttributeValues(b).map((v) => ({
        productId: idOf(b.code),
        attributeId: attributeId.get(v.code)!,
        locale: v.locale,
        value: v.value,
      })),
    ),
  );
  await tx
    .insert(productMetadata)
    .values(
      collectibleSeeds.flatMap((c) =>
        c.metadata.map(([key, value], position) => ({ productId: idOf(c.code), key, value, position })),
      ),
    );

  const methodRows = await tx
    .select({ id: paymentMethods.id, code: paymentMethods.code })
    .from(paymentMethods);
  const methodId = new Map(methodRows.map((m) => [m.code, m.id]));
  await tx.insert(productPaymentConfigurations).values([
    ...bondSeeds.flatMap((b) => [
      {
        productId: idOf(b.code),
        paymentMethodId: methodId.get('offline')!,
        enabled: true,
        maximumAmountCents: null,
      },
      {
        productId: idOf(b.code),
        paymentMethodId: methodId.get('card')!,
        enabled: true,
        maximumAmountCents: BOND_CARD_LIMIT_CENTS,
      },
    ]),
    ...collectibleSeeds.flatMap((c) =>
      ['offline', 'card'].map((m) => ({
        productId: idOf(c.code),
        paymentMethodId: methodId.get(m)!,
        enabled: true,
        maximumAmountCents: null,
      })),
    ),
  ]);
}
