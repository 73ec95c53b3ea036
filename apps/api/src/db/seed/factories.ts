import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { platformDayOf } from '@token/domain/calendar';
import { shopChannelCode } from '@token/domain/channel';
import { type DocumentPurpose, professionalConsequencesNotice } from '@token/domain/documents';
import type { Locale } from '@token/domain/i18n';
import {
  formatInvoiceNumber,
  includedTaxCents,
  invoiceYearOf,
  securitiesTaxCategory,
} from '@token/domain/invoices';
import { isKycPassed, type KycState, parseKycState, riskGradeThreshold } from '@token/domain/onboarding';
import type { DigitalContentConsent, OrderStatements, Section6Declarations } from '@token/domain/orders';
import {
  gradeQuestionnaire,
  type QuestionnaireType,
  questionnaireRegistry,
} from '@token/domain/questionnaires';
import { eq, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { createTotpSecretBox } from '../../crypto/secrets.ts';
import { hashPassword } from '../../modules/accounts/passwords.ts';
import type { StoredCriteria } from '../../modules/professional/professional.service.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import type { Db } from '../client.ts';
import {
  addresses,
  answeredQuestionnaires,
  channelPricings,
  customerDocuments,
  customerMediaFiles,
  customers,
  discountCodes,
  identifications,
  invoiceSequences,
  invoices,
  offerSubscriptions,
  orderItems,
  orders,
  paymentMethods,
  paymentMethodTranslations,
  payments,
  products,
  productTaxons,
  productTranslations,
  productVariants,
  productVariantTranslations,
  professionalRequests,
  storedFiles,
  taxCategories,
  taxons,
  uboUsers,
  wallets,
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
    /** An identification in this KYC state (a passed one also sets `kycPassed`). */
    kyc?: KycState;
    /** A default custodial wallet. */
    wallet?: boolean;
  } & Partial<typeof customers.$inferInsert>,
): Promise<CustomerRow> {
  const { appSecret, password, verified, twoFactorSecret, address, kyc, wallet, ...overrides } = opts;
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
    ...(kyc && isKycPassed(kyc) ? { kycPassed: true } : {}),
    ...overrides,
  });
  if (kyc) await seedIdentification(db, { customerId: customer.id, state: kyc });
  if (wallet) await seedWallet(db, { customerId: customer.id });
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

// ---------------------------------------------------------------------------------------------
// Onboarding (issue 7): addresses, representatives and beneficial owners, documents,
// identifications, wallets, answered questionnaires, professional requests.
// ---------------------------------------------------------------------------------------------

/** An address of the customer (default: a personal address in Berlin), optionally made their default. */
export async function seedAddress(
  db: Db,
  opts: { customerId: number; makeDefault?: boolean } & Partial<typeof addresses.$inferInsert>,
): Promise<typeof addresses.$inferSelect> {
  const { makeDefault, ...columns } = opts;
  const [row] = await db
    .insert(addresses)
    .values({
      kind: 'personal',
      firstName: 'Erika',
      lastName: 'Mustermann',
      street: 'Unter den Linden 1',
      postcode: '10117',
      city: 'Berlin',
      countryCode: 'DE',
      ...columns,
    })
    .returning();
  if (makeDefault) {
    await db.update(customers).set({ defaultAddressId: row!.id }).where(eq(customers.id, opts.customerId));
  }
  return row!;
}

/**
 * A person on a company's list (spec 3 UBO person): default a natural person, not the user, with no
 * roles; give `roles` ([70] legal representative, [60] beneficial owner, …) and shares in hundredths
 * of a percent (`equityShares: 6000` = 60 %).
 */
export async function seedUboUser(
  db: Db,
  opts: { customerId: number } & Partial<typeof uboUsers.$inferInsert>,
): Promise<typeof uboUsers.$inferSelect> {
  const n = nextNumber();
  const [row] = await db
    .insert(uboUsers)
    .values({
      type: 'natural',
      roles: [],
      firstName: 'Max',
      lastName: `Muster${n}`,
      birthDate: '1975-06-01',
      birthPlace: 'Hamburg',
      street: 'Jungfernstieg 7',
      postcode: '20354',
      city: 'Hamburg',
      country: 'DE',
      nationality: 'DE',
      ...opts,
    })
    .returning();
  return row!;
}

/** The bytes of a small valid PDF (one empty page), for documents whose file is read back. */
export const minimalPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * A customer document with its stored file (spec 3): default a commercial register excerpt issued
 * today. The file row always matches `bytes` (size, SHA-256); the bytes are written to `storage`
 * only when one is given, so a test that downloads the file passes the app's storage.
 */
export async function seedCustomerDocument(
  db: Db,
  opts: {
    customerId: number;
    purpose?: DocumentPurpose;
    issuedAt?: string;
    type?: 'registry_excerpt' | 'ubo';
    scope?: 'customer' | 'company';
    createdAt?: Date;
    bytes?: Buffer;
    storage?: StoragePort;
  },
): Promise<{ document: typeof customerDocuments.$inferSelect; file: typeof storedFiles.$inferSelect }> {
  const purpose = opts.purpose ?? 'commercial_register_excerpt';
  const bytes = opts.bytes ?? minimalPdf;
  const storageKey = `private/documents/${randomUUID()}`;
  if (opts.storage) await opts.storage.put(storageKey, bytes, 'application/pdf');
  const createdAt = opts.createdAt ?? new Date();
  const [file] = await db
    .insert(storedFiles)
    .values({
      customerId: opts.customerId,
      storageKey,
      originalName: `${purpose}.pdf`,
      mediaType: 'application/pdf',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      createdAt,
    })
    .returning();
  const [document] = await db
    .insert(customerDocuments)
    .values({
      customerId: opts.customerId,
      fileId: file!.id,
      scope: opts.scope ?? 'company',
      type: opts.type ?? (purpose === 'commercial_register_excerpt' ? 'registry_excerpt' : 'ubo'),
      purpose,
      issuedAt: opts.issuedAt ?? platformDayOf(createdAt),
      createdAt,
    })
    .returning();
  return { document: document!, file: file! };
}

/**
 * An identification with the sandbox KYC partner (default state `new`). A passed state also sets the
 * customer's `kycPassed`, as the identification job does.
 */
export async function seedIdentification(
  db: Db,
  opts: { customerId: number } & Partial<typeof identifications.$inferInsert>,
): Promise<typeof identifications.$inferSelect> {
  const externalId = opts.externalId ?? `sandbox-${randomUUID()}`;
  const state = opts.state ?? 'new';
  const passed = isKycPassed(parseKycState(state));
  const [row] = await db
    .insert(identifications)
    .values({
      provider: 'sandbox',
      urlKycStart: `http://localhost:3000/sandbox/kyc/${externalId}`,
      ...(passed ? { decidedAt: opts.createdAt ?? new Date() } : {}),
      ...opts,
      externalId,
      state,
    })
    .returning();
  if (passed) {
    await db.update(customers).set({ kycPassed: true }).where(eq(customers.id, opts.customerId));
  }
  return row!;
}

/** A wallet of the customer: default the custodial, default wallet with a fresh EIP-55 address (no key here). */
export async function seedWallet(
  db: Db,
  opts: { customerId: number } & Partial<typeof wallets.$inferInsert>,
): Promise<typeof wallets.$inferSelect> {
  const [row] = await db
    .insert(wallets)
    .values({
      type: 'custody',
      name: 'Verwahrung',
      address: getAddress(`0x${randomBytes(20).toString('hex')}`),
      defaultWallet: true,
      provider: 'sandbox',
      externalId: randomUUID(),
      ...opts,
    })
    .returning();
  return row!;
}

/**
 * An answered questionnaire (contract types `optional`, `wphg_bonds`, `wphg_crypto`, `risk`,
 * `professional`) with the given grade. Without a `result`: a risk questionnaire passed, a survey
 * `appropriate` above the risk grade threshold and `warning` otherwise, anything else `recorded`.
 */
export async function seedAnsweredQuestionnaire(
  db: Db,
  opts: { customerId: number; type: string; grade: number } & Partial<
    typeof answeredQuestionnaires.$inferInsert
  >,
): Promise<typeof answeredQuestionnaires.$inferSelect> {
  const survey = opts.type === 'wphg_bonds' || opts.type === 'wphg_crypto';
  const optionalResults = ['not_judgeable', 'will_answer', 'professional_client'] as const;
  const defaultResult =
    opts.type === 'risk'
      ? 'confirmed'
      : survey
        ? opts.grade > riskGradeThreshold
          ? 'appropriate'
          : 'not_appropriate'
        : opts.type === 'optional'
          ? (optionalResults[opts.grade] ?? 'not_judgeable')
          : 'criteria_met';
  const [row] = await db
    .insert(answeredQuestionnaires)
    .values({ version: 'test', answers: {}, result: defaultResult, ...opts })
    .returning();
  return row!;
}

/** A professional-investor request (WpHG § 67 (6)); default open, stating two criteria. */
export async function seedProfessionalRequest(
  db: Db,
  opts: { customerId: number } & Partial<typeof professionalRequests.$inferInsert>,
): Promise<typeof professionalRequests.$inferSelect> {
  const [row] = await db
    .insert(professionalRequests)
    .values({
      criteria: {
        statements: [
          { criterion: 'transactions', explanation: 'Zehn Anleihekäufe je Quartal' },
          { criterion: 'portfolio', explanation: 'Depot über 500.000 EUR' },
        ],
        consequencesAcknowledgedAt: new Date().toISOString(),
        noticeVersion: professionalConsequencesNotice.version,
      } satisfies StoredCriteria,
      ...opts,
    })
    .returning();
  return row!;
}

/**
 * A questionnaire answered for real: every question of the current version answered the way `answer`
 * says (`best`: the highest-scoring option, every statement confirmed; `worst`: the lowest, none
 * confirmed; for `optional` a grade 0/1/2 picks that option), graded by the domain's grading and
 * stored with its version, result and warnings, as POST answered-questionnaires stores it.
 */
export async function seedGradedQuestionnaire(
  db: Db,
  opts: {
    customerId: number;
    type: QuestionnaireType;
    answer: 'best' | 'worst' | 0 | 1 | 2;
    acknowledged?: boolean;
  },
): Promise<typeof answeredQuestionnaires.$inferSelect> {
  const definition = questionnaireRegistry.current(opts.type);
  const answers: Record<string, string | boolean> = {};
  for (const q of definition.sections.flatMap((s) => s.questions)) {
    if (q.kind === 'statement') {
      answers[q.id] = opts.answer !== 'worst';
      continue;
    }
    const byScore = [...q.options].sort((a, b) => a.score - b.score);
    const pick =
      typeof opts.answer === 'number'
        ? (q.options.find((o) => o.score === opts.answer) ?? byScore[0]!)
        : opts.answer === 'best'
          ? byScore[byScore.length - 1]!
          : byScore[0]!;
    answers[q.id] = pick.id;
  }
  const graded = gradeQuestionnaire(opts.type, definition.version, answers);
  if (!graded.ok) throw new Error(`seedGradedQuestionnaire: ${JSON.stringify(graded.violations)}`);
  const [row] = await db
    .insert(answeredQuestionnaires)
    .values({
      customerId: opts.customerId,
      type: opts.type,
      version: graded.version,
      answers: graded.answers,
      grade: graded.grade,
      result: graded.result,
      warningsShown: graded.warnings,
      ...(opts.acknowledged && graded.warnings.length > 0 ? { warningsAcknowledgedAt: new Date() } : {}),
    })
    .returning();
  return row!;
}

/**
 * An investor at the custody step (decision 032): the personal data the custodian's customer needs
 * (names, birth date, nationality, personal address) and an identification that passed.
 */
export function seedIdentifiedInvestor(
  db: Db,
  opts: Omit<Parameters<typeof seedInvestor>[1], 'kyc' | 'wallet'>,
): Promise<CustomerRow> {
  return seedInvestor(db, {
    firstName: 'Erika',
    lastName: 'Muster',
    birthDate: '1984-08-12',
    nationality: 'DE',
    address: { street: 'Heidestraße 17', postcode: '50667', city: 'Köln', countryCode: 'DE' },
    kyc: 'approved',
    ...opts,
  });
}

// ---------------------------------------------------------------------------------------------
// Orders (issue 8)
// ---------------------------------------------------------------------------------------------

/** An approved investor who may buy (spec 5): KYC approved, a custodial wallet, statuses approved. */
export function seedBuyer(
  db: Db,
  opts: Omit<Parameters<typeof seedInvestor>[1], 'kyc' | 'wallet'>,
): Promise<CustomerRow> {
  return seedInvestor(db, {
    kyc: 'approved',
    wallet: true,
    status: 'approved',
    cryptoRegistrarStatus: 'approved',
    ...opts,
  });
}

export type SeededOrder = {
  order: typeof orders.$inferSelect;
  item: typeof orderItems.$inferSelect;
  payment: typeof payments.$inferSelect;
  invoice: typeof invoices.$inferSelect | null;
};

/**
 * An order of `quantity` tokens of a variant by a customer: a cart by default; `completed` also takes
 * what completion takes (stock on hold, the investor's holding of the offer, an invoice number), as
 * `completeOrder` would, so tests and the demo start from consistent data.
 */
export async function seedOrder(
  db: Db,
  opts: {
    customerId: number;
    variant: typeof productVariants.$inferSelect;
    quantity?: number;
    unitPrice?: number;
    /**
     * `cart` (default), `ready` (legal documents confirmed and a method chosen, default bank
     * transfer: what PATCH complete expects) or `completed` (placed, with its invoice and holding).
     */
    state?: 'cart' | 'ready' | 'completed';
    paymentState?: 'awaiting_payment' | 'paid' | 'cancelled';
    paymentMethodId?: number | null;
    localeCode?: 'de' | 'en';
    completedAt?: Date;
    /** What the investor stated and declared (WpPG § 6) when placing a completed order. */
    statements?: OrderStatements;
    declarations?: Section6Declarations;
    /** A collectible's consent to immediate delivery (§ 356 Abs. 5 BGB) when placing a completed order. */
    digitalContentConsent?: DigitalContentConsent;
  },
): Promise<SeededOrder> {
  const quantity = opts.quantity ?? 1_000;
  const unitPrice = opts.unitPrice ?? 100;
  const total = quantity * unitPrice;
  const completed = opts.state === 'completed';
  const ready = opts.state === 'ready';
  const completedAt = opts.completedAt ?? new Date();
  const paymentState = completed ? (opts.paymentState ?? 'awaiting_payment') : 'new';
  const [product] = await db.select().from(products).where(eq(products.id, opts.variant.productId));
  // A collectible's price contains its VAT (decision 019); a bond's category is exempt.
  const [category] = product?.taxCategoryId
    ? await db.select().from(taxCategories).where(eq(taxCategories.id, product.taxCategoryId))
    : [];
  const taxRate = category && category.code !== securitiesTaxCategory ? category.rateBasisPoints : 0;
  const taxTotal = includedTaxCents(total, taxRate);
  let methodId = opts.paymentMethodId ?? null;
  if (ready && methodId === null) {
    const [offline] = await db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.code, 'offline'));
    methodId = offline?.id ?? null;
  }
  const [order] = await db
    .insert(orders)
    .values({
      tokenValue: randomBytes(32).toString('base64url'),
      customerId: opts.customerId,
      productId: opts.variant.productId,
      checkoutState: completed ? 'completed' : ready ? 'payment_selected' : 'cart',
      ...(ready ? { legalDocsConfirmAt: new Date() } : {}),
      paymentState,
      shippingState: paymentState === 'cancelled' ? 'cancelled' : 'ready',
      localeCode: opts.localeCode ?? 'de',
      itemsTotal: total,
      taxTotal,
      total,
      ...(completed
        ? {
            number: `S${String(nextNumber()).padStart(9, '0')}`,
            checkoutCompletedAt: completedAt,
            legalDocsConfirmAt: completedAt,
            statements: opts.statements ?? null,
            declarations: opts.declarations ?? null,
            digitalContentConsent: opts.digitalContentConsent ?? null,
          }
        : {}),
    })
    .returning();
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order!.id,
      variantId: opts.variant.id,
      productName: product?.code ?? opts.variant.code,
      variantName: opts.variant.code,
      quantity,
      unitPrice,
      originalUnitPrice: unitPrice,
      taxRateBasisPoints: taxRate,
      subtotal: total,
      taxTotal,
      total,
    })
    .returning();
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: order!.id,
      methodId,
      state: paymentState,
      amount: total,
      paymentReference: completed ? `SEED${randomBytes(6).toString('hex').toUpperCase()}` : null,
    })
    .returning();
  let invoice: typeof invoices.$inferSelect | null = null;
  if (completed) {
    // the year of the invoice's Berlin calendar day, as place_order_hold numbers it (migration 0011)
    const year = invoiceYearOf(completedAt);
    const [seq] = await db
      .insert(invoiceSequences)
      .values({ year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: invoiceSequences.year,
        set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
      })
      .returning();
    const [created] = await db
      .insert(invoices)
      .values({
        number: formatInvoiceNumber(year, seq!.lastNumber),
        year,
        sequence: seq!.lastNumber,
        orderId: order!.id,
        issuedAt: completedAt,
      })
      .returning();
    invoice = created!;
    if (paymentState !== 'cancelled') {
      await db
        .update(productVariants)
        .set({ onHold: sql`${productVariants.onHold} + ${quantity}` })
        .where(eq(productVariants.id, opts.variant.id));
      await db
        .insert(offerSubscriptions)
        .values({
          productId: opts.variant.productId,
          customerId: opts.customerId,
          totalCents: total,
          quantity,
          orders: 1,
        })
        .onConflictDoUpdate({
          target: [offerSubscriptions.productId, offerSubscriptions.customerId],
          set: {
            totalCents: sql`${offerSubscriptions.totalCents} + ${total}`,
            quantity: sql`${offerSubscriptions.quantity} + ${quantity}`,
            orders: sql`${offerSubscriptions.orders} + 1`,
          },
        });
    }
  }
  return { order: order!, item: item!, payment: payment!, invoice };
}

/** A discount code (default: 5 % off every product, no end). */
export async function seedDiscountCode(
  db: Db,
  opts: Partial<typeof discountCodes.$inferInsert> = {},
): Promise<typeof discountCodes.$inferSelect> {
  const [row] = await db
    .insert(discountCodes)
    .values({ code: `RABATT${nextNumber()}`, percentBasisPoints: 500, ...opts })
    .returning();
  return row!;
}
