import { shopChannelCode } from '@token/domain/channel';
import type { Locale } from '@token/domain/i18n';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../modules/accounts/passwords.ts';
import { createTotpSecretBox } from '../../modules/accounts/secrets.ts';
import type { Db } from '../client.ts';
import {
  addresses,
  channelPricings,
  customerMediaFiles,
  customers,
  paymentMethods,
  paymentMethodTranslations,
  products,
  productTaxons,
  productTranslations,
  productVariants,
  productVariantTranslations,
  taxons,
} from '../schema/index.ts';

/*
 * Seed factories (convention 10): each inserts one thing with sensible defaults and returns its
 * rows, so a test states only what it is about (`seedBond(db, { variant: { onHand: 0 } })`) and the
 * demo data is built from the same functions. Defaults are unique per call (codes, e-mails, slugs).
 * Each takes `db` as the database or a transaction.
 */

let sequence = 0;
/** A number not used before in this process, for unique default codes and addresses. */
const nextNumber = () => ++sequence;

type Localised<T> = Partial<Record<Locale, T>>;

export type CustomerRow = typeof customers.$inferSelect;

/** A customer (an investor or a creator); defaults to a personal account with a fresh e-mail. */
export async function seedCustomer(
  db: Db,
  overrides: Partial<typeof customers.$inferInsert> = {},
): Promise<CustomerRow> {
  const n = nextNumber();
  const [row] = await db
    .insert(customers)
    .values({
      email: `kunde-${n}@example.com`,
      firstName: 'Erika',
      lastName: 'Mustermann',
      accountType: 'personal',
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * An investor who can log in: a confirmed account with a password (argon2id), a referral code and,
 * when given, two-factor on with a known TOTP secret (sealed with the app secret) and a default address.
 */
export async function seedInvestor(
  db: Db,
  opts: {
    appSecret: string;
    password?: string;
    verified?: boolean;
    twoFactorSecret?: string | null;
    address?: { street: string; postcode: string; city: string; countryCode: string } | null;
  } & Partial<typeof customers.$inferInsert>,
): Promise<CustomerRow> {
  const { appSecret, password, verified, twoFactorSecret, address, ...overrides } = opts;
  const n = nextNumber();
  const now = new Date();
  const customer = await seedCustomer(db, {
    email: `anleger-${n}@example.com`,
    passwordHash: await hashPassword(password ?? 'Quarz-Fenster-48!'),
    passwordChangedAt: now,
    verifiedAt: verified === false ? null : now,
    termsAcceptedAt: now,
    referralCode: `SEED${String(n).padStart(4, '0')}`,
    ...(twoFactorSecret
      ? { twoFactorEnabled: true, twoFactorSecret: createTotpSecretBox(appSecret).seal(twoFactorSecret) }
      : {}),
    ...overrides,
  });
  if (!address) return customer;
  const [row] = await db
    .insert(addresses)
    .values({
      customerId: customer.id,
      kind: 'personal',
      firstName: customer.firstName ?? '',
      lastName: customer.lastName ?? '',
      ...address,
    })
    .returning({ id: addresses.id });
  const [updated] = await db
    .update(customers)
    .set({ defaultAddressId: row!.id })
    .where(eq(customers.id, customer.id))
    .returning();
  return updated!;
}

/**
 * An operator of the compliance review: an investor account with the role `admin` and, unless
 * `twoFactorSecret` is null (an admin the admin area refuses), two-factor on with the given secret.
 */
export function seedOperator(
  db: Db,
  opts: Parameters<typeof seedInvestor>[1] & { twoFactorSecret: string | null },
): Promise<CustomerRow> {
  const n = nextNumber();
  return seedInvestor(db, {
    email: `operator-${n}@example.com`,
    firstName: 'Olivia',
    lastName: 'Prüfer',
    ...opts,
    roles: [...new Set(['admin', ...(opts.roles ?? [])])],
  });
}

/**
 * A creator: a customer with a public profile (profile name, description), reachable as
 * `<profileName>@creators.example` unless an e-mail is given, optionally with an avatar file.
 */
export async function seedCreator(
  db: Db,
  opts: Partial<typeof customers.$inferInsert> & { avatarMediaFileId?: number } = {},
): Promise<CustomerRow> {
  const { avatarMediaFileId, ...overrides } = opts;
  const profileName = overrides.profileName ?? `creator${nextNumber()}`;
  const creator = await seedCustomer(db, {
    email: `${profileName}@creators.example`,
    profileDescription: 'Digitale Künstlerin mit Editionen auf der Plattform.',
    ...overrides,
    profileName,
  });
  if (avatarMediaFileId !== undefined) {
    await db
      .insert(customerMediaFiles)
      .values({ customerId: creator.id, mediaFileId: avatarMediaFileId, type: 'avatar', position: 0 });
  }
  return creator;
}

export type ProductTextsSeed = {
  name: string;
  /** Default: the name in lower case with dashes. */
  slug?: string;
  description?: string | null;
  shortDescription?: string | null;
};

export type VariantSeed = {
  /** Default: the product's code (the demo's convention). */
  code?: string;
  totalSupply?: number;
  onHand?: number;
  onHold?: number;
  tracked?: boolean;
  enabled?: boolean;
  position?: number;
  createdAt?: Date;
  /** Own names per language; without them the variant is named after its product. */
  names?: Localised<string>;
  /** Cents on the shop channel (spec 9: `token`). */
  price?: number;
  originalPrice?: number | null;
};

export type ProductSeed = Partial<typeof products.$inferInsert> & {
  /** Texts per language; default: German and English names from the code. A language left out has no row. */
  translations?: Localised<ProductTextsSeed>;
  /** Main taxon by code, as an alternative to `mainTaxonId`; the main taxon is also linked as a product taxon. */
  taxonCode?: string;
  /** The default variant, priced on the shop channel; `null` for a product without variant. */
  variant?: VariantSeed | null;
};

export type SeededProduct = {
  product: typeof products.$inferSelect;
  variant: typeof productVariants.$inferSelect | null;
};

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A product with its texts, its main taxon linked, and a default variant in stock with a price on
 * the shop channel: a listed, buyable product unless the options say otherwise (decision 001).
 */
export async function seedProduct(db: Db, opts: ProductSeed = {}): Promise<SeededProduct> {
  const { translations, taxonCode, variant: variantSeed, ...columns } = opts;
  const code = columns.code ?? `TEST_PRODUCT_${nextNumber()}`;
  let mainTaxonId = columns.mainTaxonId ?? null;
  if (taxonCode !== undefined) {
    const [taxon] = await db.select({ id: taxons.id }).from(taxons).where(eq(taxons.code, taxonCode));
    if (!taxon) throw new Error(`seedProduct: no taxon ${taxonCode}`);
    mainTaxonId = taxon.id;
  }
  const createdAt = columns.createdAt ?? new Date();
  const [product] = await db
    .insert(products)
    .values({ ...columns, code, mainTaxonId, createdAt, updatedAt: columns.updatedAt ?? createdAt })
    .returning();
  const texts = translations ?? { de: { name: `Produkt ${code}` }, en: { name: `Product ${code}` } };
  const textRows = Object.entries(texts).map(([locale, t]) => ({
    productId: product!.id,
    locale,
    name: t.name,
    slug: t.slug ?? slugOf(t.name),
    description: t.description ?? null,
    shortDescription: t.shortDescription ?? null,
  }));
  if (textRows.length) await db.insert(productTranslations).values(textRows);
  if (mainTaxonId !== null) {
    await db.insert(productTaxons).values({ productId: product!.id, taxonId: mainTaxonId, position: 0 });
  }
  const variant = variantSeed === null ? null : await seedVariant(db, product!, variantSeed ?? {});
  return { product: product!, variant };
}

/** A variant of `product` with its names and its price on the shop channel (default 1,000 tokens at 1 €). */
export async function seedVariant(
  db: Db,
  product: { id: number; code: string; createdAt: Date },
  seed: VariantSeed = {},
): Promise<typeof productVariants.$inferSelect> {
  const totalSupply = seed.totalSupply ?? 1_000;
  const [variant] = await db
    .insert(productVariants)
    .values({
      code: seed.code ?? product.code,
      productId: product.id,
      position: seed.position ?? 0,
      enabled: seed.enabled ?? true,
      totalSupply,
      onHand: seed.onHand ?? totalSupply,
      onHold: seed.onHold ?? 0,
      tracked: seed.tracked ?? true,
      createdAt: seed.createdAt ?? product.createdAt,
    })
    .returning();
  const names = Object.entries(seed.names ?? {});
  if (names.length) {
    await db
      .insert(productVariantTranslations)
      .values(names.map(([locale, name]) => ({ variantId: variant!.id, locale, name })));
  }
  await db.insert(channelPricings).values({
    variantId: variant!.id,
    channelCode: shopChannelCode,
    price: seed.price ?? 100,
    originalPrice: seed.originalPrice ?? null,
  });
  return variant!;
}

/**
 * A tokenised bond: on Polygon, no royalties, 1,000 tokens of 1 € nominal on hand (spec 3), named
 * "Testanleihe" unless texts are given. The demo's bonds add attributes and documents on top.
 */
export function seedBond(db: Db, opts: ProductSeed = {}): Promise<SeededProduct> {
  const code = opts.code ?? `TEST_BOND_${nextNumber()}`;
  return seedProduct(db, {
    royalties: 0,
    blockchainName: 'Polygon',
    translations: { de: { name: `Testanleihe ${code}` }, en: { name: `Test bond ${code}` } },
    ...opts,
    code,
  });
}

export type PaymentMethodSeed = Partial<typeof paymentMethods.$inferInsert> & {
  /** Name, description and instructions per language; a language left out has no row. */
  translations?: Localised<{ name: string; description?: string | null; instructions?: string | null }>;
};

/** A payment method (default: an enabled offline method) with its texts. */
export async function seedPaymentMethod(
  db: Db,
  opts: PaymentMethodSeed = {},
): Promise<typeof paymentMethods.$inferSelect> {
  const { translations, ...columns } = opts;
  const code = columns.code ?? `test_method_${nextNumber()}`;
  const [method] = await db
    .insert(paymentMethods)
    .values({ gateway: 'offline', enabled: true, ...columns, code })
    .returning();
  const texts = Object.entries(
    translations ?? { de: { name: `Zahlart ${code}` }, en: { name: `Method ${code}` } },
  );
  if (texts.length) {
    await db.insert(paymentMethodTranslations).values(
      texts.map(([locale, t]) => ({
        paymentMethodId: method!.id,
        locale,
        name: t.name,
        description: t.description ?? null,
        instructions: t.instructions ?? null,
      })),
    );
  }
  return method!;
}
