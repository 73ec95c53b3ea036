import { randomBytes } from 'node:crypto';
import { isSecurity } from '@token/domain/catalog';
import { AppError } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import { includedTaxCents } from '@token/domain/invoices';
import {
  assertCanTransition,
  type CheckoutState,
  checkoutLifecycle,
  discountCents,
  isCheckoutEditable,
  type OrderView,
} from '@token/domain/orders';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { param, prepared } from '../../db/prepared.ts';
import {
  discountCodes,
  orderItems,
  orders,
  payments,
  products,
  productVariants,
  taxCategories,
} from '../../db/schema/index.ts';
import {
  assertAllowed,
  assertMayBuy,
  evaluate,
  findBuyer,
  findOffer,
  type OfferFacts,
} from './order-offer.ts';
import { findOwnOrder, type ItemRow, lockEditableOrder, type OrderRow } from './order-rows.ts';
import { orderViewOf, toOrderView } from './order-views.service.ts';

/*
 * The cart (spec 4 order flow): creating and deleting it, its items and their quantities, the
 * discount code; every change recomputes the totals and sends the order back to `cart`.
 */

/** A new order token: 32 random bytes, base64url (unguessable; the order's only public id). */
function newTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

/** The customer's cart, locked, and whether it has items (one cart per customer: a unique index). */
const openCartOf = prepared('order_open_cart', (db) =>
  db
    .select({
      id: orders.id,
      hasItems: sql<boolean>`exists (select 1 from ${orderItems} i where i.order_id = ${orders}.id)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, sql.placeholder('customerId')),
        inArray(orders.checkoutState, ['cart', 'addressed', 'payment_selected']),
      ),
    )
    .for('update'),
);

const cartCreated = prepared('order_cart_created', (db) =>
  db
    .insert(orders)
    .values({ tokenValue: param('tokenValue'), customerId: param('customerId'), localeCode: param('locale') })
    .returning(),
);
const cartPaymentCreated = prepared('order_cart_payment_created', (db) =>
  db
    .insert(payments)
    .values({ orderId: param('orderId'), state: 'new', amount: 0 })
    .returning(),
);

/**
 * POST orders: a new cart in the investor's language. spec 4: "an existing non-empty order is deleted
 * and recreated"; an empty cart is handed out again.
 */
export async function createOrder(opts: {
  db: Database;
  customerId: number;
  locale: Locale;
}): Promise<OrderView> {
  const { db, customerId, locale } = opts;
  const replaceCart = () =>
    db.transaction(async (tx) => {
      const [open] = await openCartOf(tx).execute({ customerId });
      if (open) {
        if (!open.hasItems) {
          const [same] = await tx
            .update(orders)
            .set({ localeCode: locale, updatedAt: new Date() })
            .where(eq(orders.id, open.id))
            .returning();
          return { row: same!, payment: null };
        }
        await tx.delete(orders).where(eq(orders.id, open.id));
      }
      const [created] = await cartCreated(tx).execute({ tokenValue: newTokenValue(), customerId, locale });
      const [payment] = await cartPaymentCreated(tx).execute({ orderId: created!.id });
      return { row: created!, payment: payment! };
    });
  let cart: Awaited<ReturnType<typeof replaceCart>>;
  try {
    cart = await replaceCart();
  } catch (err) {
    // Two POST orders of one customer at once: the other one's cart won the one-cart index; take
    // the turn again (it now finds that cart and replaces or reuses it).
    if (!isUniqueViolation(err, 'orders_one_cart_per_customer')) throw err;
    cart = await replaceCart();
  }
  // A new cart's answer from the rows just written: no items, its one payment without a method.
  return cart.payment
    ? orderViewOf(cart.row, [], [{ payment: cart.payment, methodCode: null }])
    : toOrderView(db, cart.row);
}

/** DELETE orders/{token}: spec 2 "the order is deleted" when the investor leaves the process; carts only. */
export async function deleteOrder(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
}): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, opts.customerId, opts.tokenValue, true);
    if (!isCheckoutEditable(order.checkoutState)) throw new AppError('order_not_cancellable');
    await tx.delete(orders).where(eq(orders.id, order.id));
  });
}

/** The variant by code or IRI (`/api/v2/shop/product-variants/{code}`), with what the rules read. */
export function variantCodeOf(productVariant: string): string {
  const m = /^\/api\/v2\/shop\/product-variants\/([^/?#]+)$/.exec(productVariant);
  return m ? decodeURIComponent(m[1]!) : productVariant;
}

/** The sums of an order's items and the product of its (one) line, in one statement. */
const itemSumsOf = prepared('order_item_sums', (db) =>
  db
    .select({
      items: sql<number>`coalesce(sum(${orderItems.subtotal}), 0)::bigint`,
      tax: sql<number>`coalesce(sum(${orderItems.taxTotal}), 0)::bigint`,
      total: sql<number>`coalesce(sum(${orderItems.total}), 0)::bigint`,
      productId: sql<number | null>`min(${productVariants.productId})`,
      rate: sql<number>`coalesce(max(${orderItems.taxRateBasisPoints}), 0)::int`,
      taxCategory: sql<string | null>`min(${taxCategories.code})`,
    })
    .from(orderItems)
    .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(taxCategories, eq(taxCategories.id, products.taxCategoryId))
    .where(eq(orderItems.orderId, sql.placeholder('orderId'))),
);

const orderTotalsChanged = prepared('order_totals_changed', (db) =>
  db
    .update(orders)
    .set({
      itemsTotal: param('itemsTotal'),
      discountCode: param('discountCode'),
      discountTotal: param('discountTotal'),
      taxTotal: param('taxTotal'),
      total: param('total'),
      productId: param('productId'),
      checkoutState: param('checkoutState'),
      updatedAt: param('at'),
    })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .returning(),
);
const paymentReset = prepared('order_payment_reset', (db) =>
  db
    .update(payments)
    .set({ amount: param('amount'), methodId: null, updatedAt: param('at') })
    .where(eq(payments.orderId, sql.placeholder('orderId'))),
);

/** Recomputes the order's totals from its items; the payment follows the total (spec 3: integer cents). */
async function recomputeTotals(tx: Tx, order: OrderRow, checkoutState: CheckoutState): Promise<OrderRow> {
  const [sum] = await itemSumsOf(tx).execute({ orderId: order.id });
  const itemsTotal = Number(sum?.items ?? 0);
  const productId = sum?.productId ?? null;
  // A code that no longer holds (expired, other bond, empty order) is dropped, not kept silently.
  const code =
    order.discountCode && productId !== null
      ? await findDiscountCode(tx, order.discountCode, productId)
      : null;
  const discountTotal = code ? discountCents(itemsTotal, code) : 0;
  const total = Number(sum?.total ?? 0) - discountTotal;
  // A collectible's price contains its VAT (PAngV § 3): the VAT of what is paid, after any discount.
  const collectible =
    productId !== null && !isSecurity({ taxCategory: sum?.taxCategory ? { code: sum.taxCategory } : null });
  const taxTotal = collectible ? includedTaxCents(total, Number(sum?.rate ?? 0)) : Number(sum?.tax ?? 0);
  assertCanTransition(checkoutLifecycle, order.checkoutState, checkoutState);
  const at = new Date().toISOString();
  const [updated] = await orderTotalsChanged(tx).execute({
    orderId: order.id,
    itemsTotal,
    discountCode: code ? code.code : null,
    discountTotal,
    taxTotal,
    total,
    productId,
    checkoutState,
    at,
  });
  // A changed order needs its payment method chosen again (its maximum may no longer hold).
  await paymentReset(tx).execute({ orderId: order.id, amount: total, at });
  return updated!;
}

/** An enabled, unexpired discount code valid for the product (codes compare in upper case). */
async function findDiscountCode(db: Db, code: string, productId: number) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.code, code.trim().toUpperCase()),
        eq(discountCodes.enabled, true),
        sql`(${discountCodes.validUntil} is null or ${discountCodes.validUntil} > now())`,
        sql`(${discountCodes.productId} is null or ${discountCodes.productId} = ${productId})`,
      ),
    );
  return row ?? null;
}

/**
 * PATCH orders/{token}/coupon: applies a discount code (null removes it). spec 5: an unknown,
 * expired or foreign code is `discount_code_invalid`. Like any change of the order, it goes back to
 * the cart and the payment method is chosen again (its amount changed).
 */
export async function applyDiscountCode(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  couponCode: string | null;
}): Promise<OrderView> {
  const row = await opts.db.transaction(async (tx) => {
    const order = await lockEditableOrder(tx, opts.customerId, opts.tokenValue);
    if (opts.couponCode === null) return recomputeTotals(tx, { ...order, discountCode: null }, 'cart');
    const code =
      order.productId !== null ? await findDiscountCode(tx, opts.couponCode, order.productId) : null;
    if (!code) throw new AppError('discount_code_invalid');
    return recomputeTotals(tx, { ...order, discountCode: code.code }, 'cart');
  });
  return toOrderView(opts.db, row);
}

function lineAmounts(
  quantity: number,
  offer: Pick<OfferFacts, 'price' | 'taxRateBasisPoints' | 'taxCategory'>,
) {
  const subtotal = quantity * offer.price;
  // A collectible's price is what the consumer pays, VAT included (PAngV § 3; issue 18): the line
  // shows the VAT it contains, as its invoice does (`includedTaxCents`, the invoice's rounding).
  if (!isSecurity(offer)) {
    return { subtotal, taxTotal: includedTaxCents(subtotal, offer.taxRateBasisPoints), total: subtotal };
  }
  // VAT follows the tax category (regulatory notes): bonds 0 (UStG § 4 Nr. 8), fees 19 % on top.
  const taxTotal = Math.round((subtotal * offer.taxRateBasisPoints) / 10_000);
  return { subtotal, taxTotal, total: subtotal + taxTotal };
}

/** Every rule of the cart for `quantity` of the offer (no § 6 declarations yet). */
async function checkCartLine(db: Db, customerId: number, offer: OfferFacts, quantity: number): Promise<void> {
  const buyer = await findBuyer(db, customerId, offer.product.id);
  assertMayBuy(buyer, offer);
  assertAllowed(evaluate(buyer, offer, buyer.holding, quantity, null));
}

const itemAdded = prepared('order_item_added', (db) =>
  db.insert(orderItems).values({
    orderId: param('orderId'),
    variantId: param('variantId'),
    productName: param('productName'),
    variantName: param('variantName'),
    quantity: param('quantity'),
    unitPrice: param('unitPrice'),
    originalUnitPrice: param('originalUnitPrice'),
    taxRateBasisPoints: param('taxRateBasisPoints'),
    subtotal: param('subtotal'),
    taxTotal: param('taxTotal'),
    total: param('total'),
  }),
);

/**
 * POST orders/{token}/items: adds tokens of a variant (its IRI or code). One bond per order; the same
 * variant again adds to its line (Sylius). Every rule that can be judged before completion is checked.
 */
export async function addOrderItem(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  productVariant: string;
  quantity: number;
}): Promise<OrderView> {
  const { db, customerId } = opts;
  const row = await db.transaction(async (tx) => {
    const order = await lockEditableOrder(tx, customerId, opts.tokenValue);
    const offer = await findOffer(tx, { variantCode: variantCodeOf(opts.productVariant) }, order.localeCode);
    if (!offer) throw new AppError('variant_not_found');
    const lines = await itemRowsOf(tx).execute({ orderId: order.id });
    const other = lines.find((l) => l.variantId !== offer.variant.id);
    if (other) {
      // Issue 18: a bond is subscribed under WpPG and VAT-exempt, a collectible bought with 19 % VAT and
      // the consumer's consent; one order is one of the two (decision 019).
      const otherOffer = await findOffer(tx, { variantId: other.variantId }, order.localeCode);
      if (otherOffer && isSecurity(otherOffer) !== isSecurity(offer)) {
        throw new AppError('bond_and_collectible_mixed');
      }
      throw new AppError('one_product_per_order');
    }
    const existing = lines[0];
    const quantity = (existing?.quantity ?? 0) + opts.quantity;
    if (!Number.isSafeInteger(opts.quantity) || opts.quantity < 1) throw new AppError('quantity_invalid');
    await checkCartLine(tx, customerId, offer, quantity);
    const amounts = lineAmounts(quantity, offer);
    if (existing) {
      await tx
        .update(orderItems)
        .set({ quantity, ...amounts, unitPrice: offer.price, originalUnitPrice: offer.originalPrice })
        .where(eq(orderItems.id, existing.id));
    } else {
      await itemAdded(tx).execute({
        orderId: order.id,
        variantId: offer.variant.id,
        productName: offer.productName,
        variantName: offer.variantName,
        quantity,
        unitPrice: offer.price,
        originalUnitPrice: offer.originalPrice,
        taxRateBasisPoints: offer.taxRateBasisPoints,
        ...amounts,
      });
    }
    return recomputeTotals(tx, order, 'cart');
  });
  return toOrderView(db, row);
}

const itemRowsOf = prepared('order_item_rows', (db) =>
  db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.id)),
);

async function findOwnItem(tx: Tx, order: OrderRow, itemId: number): Promise<ItemRow> {
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)));
  if (!item) throw new AppError('order_item_not_found');
  return item;
}

/** PATCH orders/{token}/items/{itemId}: a new quantity (spec 4: the web reverts on failure). */
export async function changeOrderItemQuantity(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  itemId: number;
  quantity: number;
}): Promise<OrderView> {
  const { db, customerId } = opts;
  const row = await db.transaction(async (tx) => {
    const order = await lockEditableOrder(tx, customerId, opts.tokenValue);
    const item = await findOwnItem(tx, order, opts.itemId);
    const offer = await findOffer(tx, { variantId: item.variantId }, order.localeCode);
    if (!offer) throw new AppError('variant_not_found');
    await checkCartLine(tx, customerId, offer, opts.quantity);
    await tx
      .update(orderItems)
      .set({ quantity: opts.quantity, ...lineAmounts(opts.quantity, offer), unitPrice: offer.price })
      .where(eq(orderItems.id, item.id));
    return recomputeTotals(tx, order, 'cart');
  });
  return toOrderView(db, row);
}

/** DELETE orders/{token}/items/{itemId}. */
export async function removeOrderItem(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  itemId: number;
}): Promise<OrderView> {
  const row = await opts.db.transaction(async (tx) => {
    const order = await lockEditableOrder(tx, opts.customerId, opts.tokenValue);
    const item = await findOwnItem(tx, order, opts.itemId);
    await tx.delete(orderItems).where(eq(orderItems.id, item.id));
    return recomputeTotals(tx, order, 'cart');
  });
  return toOrderView(opts.db, row);
}
