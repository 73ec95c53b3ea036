import { isSecurity } from '@token/domain/catalog';
import { AppError, type FieldViolation, validationFailed } from '@token/domain/errors';
import {
  assertCanTransition,
  type CompleteOrderRequest,
  checkoutLifecycle,
  digitalContentConsentOf,
  isDigitalContentConsentGiven,
  type OrderView,
  paymentDueAt,
  paymentLifecycle,
  type SubscriptionRefusal,
} from '@token/domain/orders';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { param, prepared } from '../../db/prepared.ts';
import { orderItems, orders, paymentMethods, payments } from '../../db/schema/index.ts';
import type { CardPort } from '../../partners/card/port.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { findShopChannel } from '../reference/reference.service.ts';
import { openCheckoutAfterCompletion } from './card-checkout.service.ts';
import { queueOrderMail } from './order-mails.ts';
import {
  assertAllowed,
  assertMayBuy,
  evaluate,
  findBuyer,
  findOffer,
  investmentLimitFor,
  type OfferFacts,
  refusalError,
} from './order-offer.ts';
import {
  assertEditable,
  newPaymentReference,
  orderNotFound,
  orderNumberOf,
  ownOrderWhere,
} from './order-rows.ts';
import { orderViewOf } from './order-views.service.ts';
import { collectionAccountOf, findMethodChoice } from './payment-choice.service.ts';

/*
 * Completing the checkout (never oversold): every rule again under the bond's lock, the order
 * placed, its payment awaited and the confirmation mail queued in one transaction (decision 011).
 */

/** The customer's order locked, with its items, payments and their methods (own-order condition). */
const completionContextOf = prepared('order_completion_context', (db) =>
  db
    .select({ order: orders, item: orderItems, payment: payments, method: paymentMethods })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.methodId))
    .where(ownOrderWhere)
    .orderBy(asc(orderItems.id), asc(payments.id))
    .for('update', { of: orders }),
);

const orderPlaced = prepared('order_placed', (db) =>
  db
    .update(orders)
    .set({
      checkoutState: 'completed',
      paymentState: 'awaiting_payment',
      number: param('number'),
      notes: param('notes'),
      statements: param('statements'),
      declarations: param('declarations'),
      digitalContentConsent: param('digitalContentConsent'),
      checkoutCompletedAt: param('at'),
      paymentDueAt: param('dueAt'),
      updatedAt: param('at'),
    })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .returning(),
);
const paymentAwaited = prepared('order_payment_awaited', (db) =>
  db
    .update(payments)
    .set({
      state: 'awaiting_payment',
      amount: param('amount'),
      paymentReference: param('paymentReference'),
      updatedAt: param('at'),
    })
    .where(eq(payments.id, sql.placeholder('paymentId')))
    .returning(),
);

/**
 * PATCH orders/{token}/complete: stores the statements and § 6 declarations and places the order.
 * One transaction, locks always in this order: the order row (and this order's payment and outbox
 * mail, written before any shared lock), the product row (`for no key update`, serialising
 * completions and cancellations of one bond), the variant (conditional update), the investor's
 * holding, the invoice counter of the year. Under the product lock every rule is checked
 * again with fresh figures, so neither the stock, the 149 investors nor the § 6 total can be
 * exceeded by concurrent orders. The confirmation mail is written to the outbox in the same
 * transaction and sent after commit (no partner call under a lock). A card order's checkout session
 * is opened after the commit (decision 014), from the rows in hand; a failing card partner leaves
 * the order placed (the investor opens the session later). A bank transfer adds no statement.
 */
export async function completeOrder(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  /** A bond's statements and § 6 declarations, or a collectible's consent (issue 18). */
  input: CompleteOrderRequest;
  paymentDays: number;
  mail: MailPort;
  publicUrl: string;
  /** The card partner: a card order's checkout session is opened once the order is placed. */
  card?: CardPort;
  log?: FastifyBaseLogger;
}): Promise<OrderView> {
  const { db, customerId, input } = opts;
  const placed = await db.transaction(async (tx) => {
    // The order locked, with its item and its payment and method, in one statement (decision 011,
    // Measured: the completion's CPU is the bound, and every statement costs it in both processes).
    const context = await completionContextOf(tx).execute({ tokenValue: opts.tokenValue, customerId });
    const order = context[0]?.order;
    if (!order) throw orderNotFound();
    assertEditable(order);
    const item = context[0]?.item;
    if (!item || order.productId === null) throw new AppError('order_empty');
    if (context.some((r) => r.item?.id !== item.id)) throw new AppError('one_product_per_order');
    const offer = await findOffer(tx, { variantId: item.variantId }, order.localeCode);
    if (!offer) throw new AppError('variant_not_found');
    // Issue 18: a bond is subscribed (its documents, statements and § 6 declarations), a collectible
    // bought (the consumer's consent to immediate delivery, § 356 Abs. 5 BGB).
    const security = isSecurity(offer);
    if (security && !order.legalDocsConfirmAt) throw new AppError('legal_documents_not_confirmed');
    const terms = completionTermsOf(offer, input, order.localeCode, new Date());
    const payment = context[0]?.payment;
    const method = context[0]?.method;
    if (!payment || !method || order.checkoutState !== 'payment_selected') {
      throw new AppError('payment_method_not_selected');
    }
    // First, under this order's own row lock only: what no other order changes (the offer's terms, the
    // buyer, the method's rules) and this order's own writes (state, payment, the outbox mail).
    // Decision 011 (Measured): everything done under the product lock below serialises every
    // completion of the bond, so only the figures that concurrent orders change are read there.
    const buyer = await findBuyer(tx, customerId, offer.product.id);
    assertMayBuy(buyer, offer);
    // Every rule with the figures read so far; the ones concurrent orders change are guarded again,
    // fresh, under the bond's lock below.
    assertAllowed(evaluate(buyer, offer, buyer.holding, item.quantity, terms.declarations));
    // The method's rules again (its maximum, its configuration may have changed meanwhile).
    const { configuration } = await findMethodChoice(tx, order, method.code);
    const now = new Date();
    const offline = method.gateway === 'offline';
    const dueAt = offline ? paymentDueAt(now, opts.paymentDays) : null;
    assertCanTransition(checkoutLifecycle, order.checkoutState, 'completed');
    assertCanTransition(paymentLifecycle, order.paymentState, 'awaiting_payment');
    const [updated] = await orderPlaced(tx).execute({
      orderId: order.id,
      number: orderNumberOf(order.id),
      notes: input.notes ?? null,
      statements: terms.statements && JSON.stringify(terms.statements),
      declarations: terms.declarations && JSON.stringify(terms.declarations),
      digitalContentConsent: terms.consent && JSON.stringify(terms.consent),
      at: now.toISOString(),
      dueAt: dueAt?.toISOString() ?? null,
    });
    const [awaiting] = await paymentAwaited(tx).execute({
      paymentId: payment.id,
      amount: updated!.total,
      paymentReference:
        payment.paymentReference ??
        newPaymentReference(configuration?.paymentReferencePrefix ?? null, order.id),
      at: now.toISOString(),
    });
    const channel = await findShopChannel({ db: tx });
    await queueOrderMail(tx, {
      mail: opts.mail,
      publicUrl: opts.publicUrl,
      kind: 'order_completed',
      order: updated!,
      orderKind: security ? 'security' : 'collectible',
      item,
      customer: buyer.customer,
      channel,
      bankAccount: offline ? collectionAccountOf(configuration, channel) : null,
      paymentReference: offline ? (awaiting?.paymentReference ?? null) : null,
    });

    // Then the bond's serial section in one call (migration 0010, decision 011: every round trip
    // under the bond's row lock is serial time for all its orders): the lock, the fresh holding,
    // investor count and stock compared with the bounds the domain computed, and, only when all
    // three hold, the tokens on hold, the holding and the invoice number of the year.
    const { rows: placed } = await tx.execute<{
      refusal: SubscriptionRefusal | null;
      invoice_number: string | null;
    }>(sql`
      select refusal, invoice_number from place_order_hold(
        ${order.productId}::int, ${item.variantId}::int, ${customerId}::int, ${order.id}::int,
        ${item.quantity}::int, ${item.quantity * offer.price}::bigint, ${order.itemsTotal}::bigint,
        ${investmentLimitFor(buyer, offer, terms.declarations)}::bigint,
        ${security ? offer.product.investorLimit : null}::int, ${now.toISOString()}::timestamptz)`);
    const refusal = placed[0]?.refusal;
    if (refusal) throw new AppError(refusalError[refusal]);
    if (!placed[0]?.invoice_number) throw new AppError('insufficient_stock');
    // The answer from the rows in hand: nothing of it changed since they were read or written.
    const view = orderViewOf(
      updated!,
      [
        {
          item,
          variantCode: offer.variant.code,
          productCode: offer.product.code,
          taxCategory: offer.taxCategory,
        },
      ],
      // One row per payment: the order has one item (checked above).
      context.flatMap(({ payment: p, method: m }) =>
        p ? [{ payment: p.id === awaiting!.id ? awaiting! : p, methodCode: m?.code ?? null }] : [],
      ),
    );
    const card = method.gateway === 'card' ? { order: updated!, payment: awaiting!, item } : null;
    return { view, card, customerEmail: buyer.customer.email };
  });
  if (placed.card && opts.card) {
    await openCheckoutAfterCompletion(
      { db, card: opts.card, publicUrl: opts.publicUrl, log: opts.log },
      { ...placed.card, customerEmail: placed.customerEmail },
    );
  }
  return placed.view;
}

const noDeclarations = { freeAssetsAtLeast100k: false, averageMonthlyNetIncomeCents: null };

/**
 * What the completion stores for the order's kind (issue 18): a bond's statements (required, 422 on
 * `statements` as the body schema answered before) and § 6 declarations (default none), or a
 * collectible's consent (both declarations true, else `digital_content_consent_required`), recorded
 * with its moment, wording version and text in the order's language. What belongs to the other
 * kind is not stored.
 */
function completionTermsOf(offer: OfferFacts, input: CompleteOrderRequest, locale: 'de' | 'en', at: Date) {
  if (isSecurity(offer)) {
    if (!input.statements) throw validationFailed([{ propertyPath: 'statements', code: 'required' }]);
    return {
      statements: input.statements,
      declarations: input.declarations ?? noDeclarations,
      consent: null,
    };
  }
  const consent = input.digitalContentConsent;
  if (!isDigitalContentConsentGiven(consent)) {
    const violations: FieldViolation[] = (['immediateDelivery', 'withdrawalLossAcknowledged'] as const)
      .filter((k) => consent?.[k] !== true)
      .map((k) => ({ propertyPath: `digitalContentConsent.${k}`, code: 'confirmation_required' }));
    throw new AppError('digital_content_consent_required', { violations });
  }
  return { statements: null, declarations: null, consent: digitalContentConsentOf(at, locale) };
}
