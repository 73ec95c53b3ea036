import { notFound } from '@token/domain/errors';
import { type Locale, translatedField } from '@token/domain/i18n';
import type { PaymentMethodView, ProductPaymentConfigurationView } from '@token/domain/payments';
import type { BankAccountView } from '@token/domain/reference';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import {
  paymentMethods,
  paymentMethodTranslations,
  productPaymentConfigurations,
  products,
} from '../../db/schema/index.ts';
import { channelBankAccount, findShopChannel } from '../reference/reference.service.ts';

/** A product's payment configuration; `product` is the product's code (the API makes it an IRI). */
export type ProductPaymentConfigurationData = ProductPaymentConfigurationView;

type MethodTexts = { name: string | null; description: string | null; instructions: string | null };

/** Names, descriptions and instructions of the methods in the reader's language, field by field German as fallback. */
async function methodTexts(db: Database, locale: Locale, ids: number[]): Promise<Map<number, MethodTexts>> {
  const rows = ids.length
    ? await db
        .select()
        .from(paymentMethodTranslations)
        .where(inArray(paymentMethodTranslations.paymentMethodId, ids))
        .orderBy(asc(paymentMethodTranslations.locale))
    : [];
  const out = new Map<number, MethodTexts>();
  for (const id of ids) {
    const mine = Object.fromEntries(rows.filter((r) => r.paymentMethodId === id).map((r) => [r.locale, r]));
    const pick = (field: 'name' | 'description' | 'instructions') => translatedField(mine, locale, field);
    out.set(id, {
      name: pick('name'),
      description: pick('description'),
      instructions: pick('instructions'),
    });
  }
  return out;
}

const enabledMethod = eq(paymentMethods.enabled, true);

/** Enabled payment methods in checkout order (position, then code), paged. */
export async function listPaymentMethods(opts: { db: Database; locale: Locale; page: Page }) {
  const { db, locale, page } = opts;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentMethods)
      .where(enabledMethod)
      .orderBy(asc(paymentMethods.position), asc(paymentMethods.code))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(paymentMethods).where(enabledMethod),
  ]);
  const texts = await methodTexts(
    db,
    locale,
    rows.map((m) => m.id),
  );
  const items = rows.map((m): PaymentMethodView => toMethodView(m, texts.get(m.id)));
  return { items, totalItems: total?.n ?? 0 };
}

export async function getPaymentMethod(opts: {
  db: Database;
  locale: Locale;
  code: string;
}): Promise<PaymentMethodView> {
  const [row] = await opts.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.code, opts.code), enabledMethod));
  if (!row) throw notFound();
  const texts = await methodTexts(opts.db, opts.locale, [row.id]);
  return toMethodView(row, texts.get(row.id));
}

function toMethodView(
  m: typeof paymentMethods.$inferSelect,
  texts: MethodTexts | undefined,
): PaymentMethodView {
  return {
    id: m.id,
    code: m.code,
    name: texts?.name ?? m.code,
    description: texts?.description ?? null,
    instructions: texts?.instructions ?? null,
    gateway: m.gateway,
    position: m.position,
    enabled: m.enabled,
  };
}

function configurationSelect(db: Database) {
  return db
    .select({
      id: productPaymentConfigurations.id,
      productCode: products.code,
      methodId: paymentMethods.id,
      methodCode: paymentMethods.code,
      enabled: productPaymentConfigurations.enabled,
      maximumAmountCents: productPaymentConfigurations.maximumAmountCents,
      bankAccountHolder: productPaymentConfigurations.bankAccountHolder,
      bankIban: productPaymentConfigurations.bankIban,
      bankBic: productPaymentConfigurations.bankBic,
      bankName: productPaymentConfigurations.bankName,
      paymentReferencePrefix: productPaymentConfigurations.paymentReferencePrefix,
    })
    .from(productPaymentConfigurations)
    .innerJoin(products, eq(products.id, productPaymentConfigurations.productId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, productPaymentConfigurations.paymentMethodId));
}

type ConfigurationRow = Awaited<ReturnType<ReturnType<typeof configurationSelect>['execute']>>[number];

/** The collection account of the shop's channel, where offline payments go by default. */
async function findShopChannelAccount(db: Database): Promise<BankAccountView | null> {
  const channel = await findShopChannel({ db });
  return channel ? channelBankAccount(channel) : null;
}

async function toConfigurationViews(
  db: Database,
  locale: Locale,
  rows: ConfigurationRow[],
): Promise<ProductPaymentConfigurationData[]> {
  if (!rows.length) return [];
  const [texts, channelAccount] = await Promise.all([
    methodTexts(db, locale, [...new Set(rows.map((r) => r.methodId))]),
    findShopChannelAccount(db),
  ]);
  return rows.map((r) => ({
    id: r.id,
    product: r.productCode,
    paymentMethod: { code: r.methodCode, name: texts.get(r.methodId)?.name ?? r.methodCode },
    enabled: r.enabled,
    maximumAmount: r.maximumAmountCents,
    // A product's own account replaces the channel's as a whole: mixing holder and IBAN of two
    // accounts would send money to the wrong beneficiary.
    bankAccount:
      r.bankIban && r.bankAccountHolder
        ? { holder: r.bankAccountHolder, iban: r.bankIban, bic: r.bankBic ?? '', bankName: r.bankName ?? '' }
        : channelAccount,
    paymentReferencePrefix: r.paymentReferencePrefix,
  }));
}

// Only what the shop may show: enabled products and enabled methods.
const visibleConfiguration = and(eq(products.enabled, true), enabledMethod);

/** Payment configurations of enabled products with enabled methods, optionally of one product. */
export async function listProductPaymentConfigurations(opts: {
  db: Database;
  locale: Locale;
  productCode?: string | undefined;
  page: Page;
}) {
  const { db, locale, productCode, page } = opts;
  const where = and(
    visibleConfiguration,
    productCode === undefined ? undefined : eq(products.code, productCode),
  );
  const [rows, [total]] = await Promise.all([
    configurationSelect(db)
      .where(where)
      .orderBy(asc(products.code), asc(paymentMethods.position), asc(paymentMethods.code))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db
      .select({ n: count() })
      .from(productPaymentConfigurations)
      .innerJoin(products, eq(products.id, productPaymentConfigurations.productId))
      .innerJoin(paymentMethods, eq(paymentMethods.id, productPaymentConfigurations.paymentMethodId))
      .where(where),
  ]);
  return { items: await toConfigurationViews(db, locale, rows), totalItems: total?.n ?? 0 };
}

export async function getProductPaymentConfiguration(opts: {
  db: Database;
  locale: Locale;
  id: number;
}): Promise<ProductPaymentConfigurationData> {
  const rows = await configurationSelect(opts.db).where(
    and(visibleConfiguration, eq(productPaymentConfigurations.id, opts.id)),
  );
  const [configuration] = await toConfigurationViews(opts.db, opts.locale, rows);
  if (!configuration) throw notFound();
  return configuration;
}
