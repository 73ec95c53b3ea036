import { type CompanyType, isProfessionalInvestor } from '@token/domain/accounts';
import { buyBlockers, buyRefusalCode } from '@token/domain/buying';
import { availableQuantity, isSecurity } from '@token/domain/catalog';
import { shopChannelCode } from '@token/domain/channel';
import { AppError, type ErrorCode } from '@token/domain/errors';
import { type Locale, translatedField } from '@token/domain/i18n';
import {
  evaluateSubscription,
  investmentLimitCents,
  type Section6Declarations,
  type Subscriber,
  type SubscriptionAnswer,
  type SubscriptionRefusal,
} from '@token/domain/orders';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  channelPricings,
  customers,
  offerSubscriptions,
  products,
  productTranslations,
  productVariants,
  productVariantTranslations,
  taxCategories,
  wallets,
} from '../../db/schema/index.ts';
import { orderNotFound } from './order-rows.ts';

/*
 * What the order flow reads of the offer and the buyer, and the domain's rules on them
 * (`buyBlockers`, `evaluateSubscription`) as thrown codes; shared by the cart and the completion.
 */

// What the order flow reads of a product, its variant and the buyer: only these columns are selected
// (decision 011, Measured: building and mapping whole rows of 30-50 columns was a large part of
// the API's CPU per order).
const offerProductColumns = {
  id: products.id,
  code: products.code,
  enabled: products.enabled,
  allowToBuy: products.allowToBuy,
  professionalOnly: products.professionalOnly,
  quantityStep: products.quantityStep,
  minimumSubscriptionCents: products.minimumSubscriptionCents,
  maximumOrderCentsNonProfessional: products.maximumOrderCentsNonProfessional,
  investorLimit: products.investorLimit,
};
const offerVariantColumns = {
  id: productVariants.id,
  code: productVariants.code,
  enabled: productVariants.enabled,
  tracked: productVariants.tracked,
  onHand: productVariants.onHand,
  onHold: productVariants.onHold,
};
const buyerColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  accountType: customers.accountType,
  companyType: customers.companyType,
  roles: customers.roles,
  kycPassed: customers.kycPassed,
  status: customers.status,
  cryptoRegistrarStatus: customers.cryptoRegistrarStatus,
};
type Picked<T extends Record<string, { _: { data: unknown; notNull: boolean } }>> = {
  [K in keyof T]: T[K]['_']['notNull'] extends true ? T[K]['_']['data'] : T[K]['_']['data'] | null;
};

export type OfferFacts = {
  product: Picked<typeof offerProductColumns>;
  variant: Picked<typeof offerVariantColumns>;
  price: number;
  originalPrice: number;
  taxRateBasisPoints: number;
  /** The product's tax category: `isSecurity` tells a bond from a collectible (issue 18). */
  taxCategory: { code: string; rateBasisPoints: number } | null;
  productName: string;
  variantName: string;
};

/** `{ de: { name }, en: { name } }` from a statement's `json_object_agg(locale, name)`. */
function namesByLocale(names: Record<string, string> | null): Record<string, { name: string }> {
  return Object.fromEntries(Object.entries(names ?? {}).map(([locale, name]) => [locale, { name }]));
}

/** The offer of a variant (by code or id) with the names in every language, in one statement. */
function offerStatement(db: Db, variant: SQL) {
  return db
    .select({
      product: offerProductColumns,
      variant: offerVariantColumns,
      price: channelPricings.price,
      originalPrice: channelPricings.originalPrice,
      taxRate: taxCategories.rateBasisPoints,
      taxCategoryCode: taxCategories.code,
      productNames: sql<Record<string, string> | null>`(select json_object_agg(t.locale, t.name)
        from ${productTranslations} t where t.product_id = ${products}.id)`,
      variantNames: sql<Record<string, string> | null>`(select json_object_agg(t.locale, t.name)
        from ${productVariantTranslations} t where t.variant_id = ${productVariants}.id)`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(
      channelPricings,
      and(
        eq(channelPricings.variantId, productVariants.id),
        eq(channelPricings.channelCode, shopChannelCode),
      ),
    )
    .leftJoin(taxCategories, eq(taxCategories.id, products.taxCategoryId))
    .where(
      and(
        variant,
        eq(products.enabled, true),
        eq(productVariants.enabled, true),
        // A creator's product is for sale once approved (issue 18; catalog/product-rows.ts `shownInShop`).
        sql`not exists (select 1 from creator_products cr
          where cr.product_id = ${products.id} and cr.review_state <> 'approved')`,
      ),
    );
}
const offerByCode = prepared('offer_by_code', (db) =>
  offerStatement(db, eq(productVariants.code, sql.placeholder('variantCode'))),
);
const offerById = prepared('offer_by_id', (db) =>
  offerStatement(db, eq(productVariants.id, sql.placeholder('variantId'))),
);

/**
 * The offer by variant code or id, with the product's and variant's names in every language, in one
 * statement (decision 011, Measured: every statement of the order flow costs CPU in both processes).
 */
export async function findOffer(
  db: Db,
  where: { variantCode: string } | { variantId: number },
  locale: Locale,
): Promise<OfferFacts | null> {
  const [row] =
    'variantCode' in where
      ? await offerByCode(db).execute({ variantCode: where.variantCode })
      : await offerById(db).execute({ variantId: where.variantId });
  if (!row) return null;
  const productName = translatedField(namesByLocale(row.productNames), locale, 'name') ?? row.product.code;
  const variantName = translatedField(namesByLocale(row.variantNames), locale, 'name') ?? productName;
  return {
    product: row.product,
    variant: row.variant,
    price: row.price,
    originalPrice: row.originalPrice ?? row.price,
    taxRateBasisPoints: row.taxRate ?? 0,
    taxCategory:
      row.taxCategoryCode === null ? null : { code: row.taxCategoryCode, rateBasisPoints: row.taxRate ?? 0 },
    productName,
    variantName,
  };
}

type BuyerFacts = {
  customer: Picked<typeof buyerColumns>;
  hasWallet: boolean;
  isProfessional: boolean;
};

type Holding = { existingTotalCents: number; isExistingInvestor: boolean; distinctInvestors: number };

const buyerOf = prepared('order_buyer', (db) => {
  const customerId = sql.placeholder('customerId');
  const productId = sql.placeholder('productId');
  return db
    .select({
      customer: buyerColumns,
      hasWallet: sql<boolean>`exists (select 1 from ${wallets} w where w.customer_id = ${customerId})`,
      mine: sql<number | null>`(select s.total_cents from ${offerSubscriptions} s
        where s.product_id = ${productId} and s.customer_id = ${customerId})`,
      investors: sql<number>`(select count(*)::int from ${offerSubscriptions} s
        where s.product_id = ${productId})`,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
});

/**
 * The buyer, whether they have a wallet, what they hold of the offer and how many investors hold it,
 * in one statement.
 */
export async function findBuyer(
  db: Db,
  customerId: number,
  productId: number,
): Promise<BuyerFacts & { holding: Holding }> {
  const [row] = await buyerOf(db).execute({ customerId, productId });
  if (!row) throw orderNotFound();
  return {
    customer: row.customer,
    hasWallet: row.hasWallet === true,
    isProfessional: isProfessionalInvestor(row.customer.roles),
    holding: {
      existingTotalCents: row.mine === null ? 0 : Number(row.mine),
      isExistingInvestor: row.mine !== null,
      distinctInvestors: Number(row.investors),
    },
  };
}

/** spec 5 buy eligibility (the domain's `buyBlockers`, also used by card and page): throws its code. */
export function assertMayBuy(buyer: BuyerFacts, offer: OfferFacts): void {
  const blockers = buyBlockers(
    {
      allowToBuy: offer.product.allowToBuy,
      professionalOnly: offer.product.professionalOnly,
      enabled: offer.product.enabled,
      defaultVariant: offer.variant,
    },
    {
      hasWallet: buyer.hasWallet,
      kycPassed: buyer.customer.kycPassed,
      status: buyer.customer.status,
      cryptoRegistrarStatus: buyer.customer.cryptoRegistrarStatus,
      isProfessional: buyer.isProfessional,
    },
  );
  const code = buyRefusalCode(blockers);
  if (code) throw new AppError(code, { detail: blockers.join(', ') });
}

/** The buyer as the domain's § 6 rules see them. */
export function subscriberOf(buyer: BuyerFacts): Subscriber {
  return {
    accountType: buyer.customer.accountType,
    companyType: (buyer.customer.companyType as CompanyType | null) ?? null,
    isProfessional: buyer.isProfessional,
  };
}

/** The domain's answer for `quantity` of the offer to this buyer. */
export function evaluate(
  buyer: BuyerFacts,
  offer: OfferFacts,
  holding: Holding,
  quantity: number,
  declarations: Section6Declarations | null,
): SubscriptionAnswer {
  return evaluateSubscription({
    subscriber: subscriberOf(buyer),
    offer: {
      unitPriceCents: offer.price,
      quantityStep: offer.product.quantityStep,
      professionalOnly: offer.product.professionalOnly,
      minimumSubscriptionCents: offer.product.minimumSubscriptionCents,
      maximumOrderCentsNonProfessional: offer.product.maximumOrderCentsNonProfessional,
      investorLimit: offer.product.investorLimit,
      availableQuantity: offer.variant.tracked ? availableQuantity(offer.variant) : null,
      isSecurity: isSecurity(offer),
    },
    holding,
    quantity,
    declarations,
  });
}

/** The error answered for each refusal: the catalogue has one code per refusal. */
export const refusalError: Record<SubscriptionRefusal, ErrorCode> = {
  professional_only: 'professional_only',
  quantity_invalid: 'quantity_invalid',
  quantity_step: 'quantity_step',
  minimum_subscription: 'minimum_subscription',
  maximum_order: 'maximum_order',
  investment_limit_exceeded: 'investment_limit_exceeded',
  investor_limit_reached: 'investor_limit_reached',
  insufficient_stock: 'insufficient_stock',
};

/** Throws the first refusal's code (the detail names all of them and the largest quantity allowed). */
export function assertAllowed(answer: SubscriptionAnswer): void {
  const [first] = answer.refusals;
  if (!first) return;
  throw new AppError(refusalError[first], {
    detail: `${answer.refusals.join(', ')}; largest quantity allowed: ${answer.maxQuantity}`,
  });
}

/**
 * WpPG § 6: the limit on the buyer's total in this offer for the serial check of the completion;
 * null for a collectible (no investment limit, issue 18) and for buyers the limits do not bind.
 */
export function investmentLimitFor(
  buyer: BuyerFacts,
  offer: OfferFacts,
  declarations: Section6Declarations | null,
): number | null {
  return isSecurity(offer) ? investmentLimitCents(subscriberOf(buyer), declarations) : null;
}
