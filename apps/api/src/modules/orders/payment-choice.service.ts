import { AppError } from '@token/domain/errors';
import {
  assertCanTransition,
  checkoutLifecycle,
  type OrderView,
  type PaymentConfigurationView,
} from '@token/domain/orders';
import { buildEpcQrPayload, canMethodTakeOrder, isValidCreditorReference } from '@token/domain/payments';
import type { BankAccountView } from '@token/domain/reference';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { param, prepared } from '../../db/prepared.ts';
import { orders, paymentMethods, payments, productPaymentConfigurations } from '../../db/schema/index.ts';
import type { CardPort } from '../../partners/card/port.ts';
import { type ChannelRow, channelBankAccount, findShopChannel } from '../reference/reference.service.ts';
import { readCheckoutRedirect } from './card-checkout.service.ts';
import {
  findOwnOrder,
  lockEditableOrder,
  newPaymentReference,
  type OrderRow,
  requireProduct,
} from './order-rows.ts';
import { toOrderView } from './order-views.service.ts';

/*
 * The checkout's payment: choosing the method (its product configuration and maximum) and the
 * payment configuration an investor pays by (bank transfer with its GiroCode, or the card partner's
 * checkout).
 */

/** The payment method by its IRI (`/api/v2/shop/payment-methods/{code}`) or code. */
export function paymentMethodCodeOf(value: string): string {
  const m = /^\/api\/v2\/shop\/payment-methods\/([^/?#]+)$/.exec(value);
  return m ? decodeURIComponent(m[1]!) : value;
}

type MethodChoice = {
  method: typeof paymentMethods.$inferSelect;
  configuration: typeof productPaymentConfigurations.$inferSelect | null;
};

const methodChoiceOf = prepared('order_method_choice', (db) => {
  const productId = sql.placeholder('productId');
  return db
    .select({
      method: paymentMethods,
      configuration: productPaymentConfigurations,
      configured: sql<boolean>`exists (select 1 from ${productPaymentConfigurations} c
        where c.product_id = ${productId})`,
    })
    .from(paymentMethods)
    .leftJoin(
      productPaymentConfigurations,
      and(
        eq(productPaymentConfigurations.paymentMethodId, paymentMethods.id),
        eq(productPaymentConfigurations.productId, productId),
      ),
    )
    .where(and(eq(paymentMethods.code, sql.placeholder('methodCode')), eq(paymentMethods.enabled, true)))
    .limit(1);
});

/**
 * Whether the method may pay this order: enabled, and when the product has payment configurations,
 * configured and enabled for it with the order total within its maximum.
 */
export async function findMethodChoice(db: Db, order: OrderRow, methodCode: string): Promise<MethodChoice> {
  const productId = await requireProduct(order);
  // One statement: the method, its configuration for the product, and whether the product has any.
  const [row] = await methodChoiceOf(db).execute({ productId, methodCode });
  if (!row) throw new AppError('payment_method_unavailable', { detail: 'unknown or disabled method' });
  const { method, configuration } = row;
  if (row.configured !== true) return { method, configuration: null };
  if (!configuration?.enabled) {
    throw new AppError('payment_method_unavailable', { detail: 'not configured for this product' });
  }
  // the domain's rule, as the payment step asks it
  if (!canMethodTakeOrder(configuration, order.total)) {
    throw new AppError('payment_method_unavailable', {
      detail: `order total above the method's maximum of ${configuration.maximumAmountCents} cents`,
    });
  }
  return { method, configuration };
}

const paymentOfOrder = prepared('order_payment', (db) =>
  db
    .select()
    .from(payments)
    .where(
      and(eq(payments.id, sql.placeholder('paymentId')), eq(payments.orderId, sql.placeholder('orderId'))),
    ),
);

const paymentMethodChosen = prepared('order_payment_method_chosen', (db) =>
  db
    .update(payments)
    .set({
      methodId: param('methodId'),
      amount: param('amount'),
      paymentReference: param('paymentReference'),
      updatedAt: param('at'),
    })
    .where(eq(payments.id, sql.placeholder('paymentId'))),
);
const orderStateChanged = prepared('order_state_changed', (db) =>
  db
    .update(orders)
    .set({ checkoutState: param('checkoutState'), updatedAt: param('at') })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .returning(),
);

/** PATCH orders/{token}/payments/{paymentId}: the payment method (`offline` or the card method). */
export async function selectPaymentMethod(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  paymentId: number;
  paymentMethod: string;
}): Promise<OrderView> {
  const row = await opts.db.transaction(async (tx) => {
    const order = await lockEditableOrder(tx, opts.customerId, opts.tokenValue);
    const [payment] = await paymentOfOrder(tx).execute({ paymentId: opts.paymentId, orderId: order.id });
    if (!payment) throw new AppError('payment_not_found');
    if (order.total <= 0) throw new AppError('order_empty');
    const { method, configuration } = await findMethodChoice(
      tx,
      order,
      paymentMethodCodeOf(opts.paymentMethod),
    );
    const at = new Date().toISOString();
    await paymentMethodChosen(tx).execute({
      paymentId: payment.id,
      methodId: method.id,
      amount: order.total,
      paymentReference:
        payment.paymentReference ??
        newPaymentReference(configuration?.paymentReferencePrefix ?? null, order.id),
      at,
    });
    assertCanTransition(checkoutLifecycle, order.checkoutState, 'payment_selected');
    const [updated] = await orderStateChanged(tx).execute({
      orderId: order.id,
      checkoutState: 'payment_selected',
      at,
    });
    return updated!;
  });
  return toOrderView(opts.db, row);
}

/**
 * The GiroCode (EPC069-12) a banking app scans: the account, the amount and the structured reference;
 * null when the account or amount cannot be encoded (the page then shows the details alone).
 */
function girocodeOf(account: BankAccountView | null, amountCents: number, reference: string): string | null {
  if (!account || amountCents <= 0) return null;
  try {
    return buildEpcQrPayload({
      name: account.holder,
      iban: account.iban,
      bic: account.bic || null,
      amountCents,
      ...(isValidCreditorReference(reference) ? { reference } : { remittanceText: reference }),
    });
  } catch {
    return null;
  }
}

/** The account an offline payment goes to: the product's own, else the channel's. */
export function collectionAccountOf(
  configuration: MethodChoice['configuration'],
  channel: ChannelRow | null,
): BankAccountView | null {
  if (configuration?.bankIban && configuration.bankAccountHolder) {
    return {
      holder: configuration.bankAccountHolder,
      iban: configuration.bankIban,
      bic: configuration.bankBic ?? '',
      bankName: configuration.bankName ?? '',
    };
  }
  return channel ? channelBankAccount(channel) : null;
}

/** `collectionAccountOf`, reading the channel only when the product has no account of its own. */
async function collectionAccount(
  db: Db,
  configuration: MethodChoice['configuration'],
): Promise<BankAccountView | null> {
  const own = collectionAccountOf(configuration, null);
  return own ?? collectionAccountOf(null, await findShopChannel({ db }));
}

/**
 * GET orders/{token}/payments/{paymentId}/configuration, a read: for bank transfer the issuer's
 * account, the amount and the reference; for card the open checkout session's page, or
 * `redirectUrl: null` when none is open (the client opens one with `POST .../checkout-session`).
 */
export async function getPaymentConfiguration(opts: {
  db: Database;
  customerId: number;
  tokenValue: string;
  paymentId: number;
  /** The card partner, asked whether the payment's stored session is still open. */
  card?: CardPort;
  log?: FastifyBaseLogger;
}): Promise<PaymentConfigurationView> {
  const order = await findOwnOrder(opts.db, opts.customerId, opts.tokenValue);
  const [row] = await opts.db
    .select({ payment: payments, method: paymentMethods })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.methodId))
    .where(and(eq(payments.id, opts.paymentId), eq(payments.orderId, order.id)));
  if (!row) throw new AppError('payment_not_found');
  if (!row.method) throw new AppError('payment_method_not_selected');
  const { payment, method } = row;
  if (method.gateway === 'offline') {
    const [configuration] = order.productId
      ? await opts.db
          .select()
          .from(productPaymentConfigurations)
          .where(
            and(
              eq(productPaymentConfigurations.productId, order.productId),
              eq(productPaymentConfigurations.paymentMethodId, method.id),
            ),
          )
      : [];
    const bankAccount = await collectionAccount(opts.db, configuration ?? null);
    const paymentReference = payment.paymentReference ?? '';
    return {
      gateway: 'offline',
      amount: payment.amount,
      currencyCode: payment.currencyCode,
      paymentReference,
      bankAccount,
      dueAt: order.paymentDueAt?.toISOString() ?? null,
      epcQrPayload: girocodeOf(bankAccount, payment.amount, paymentReference),
    };
  }
  return {
    gateway: 'card',
    amount: payment.amount,
    currencyCode: payment.currencyCode,
    paymentReference: payment.paymentReference,
    redirectUrl: await readCheckoutRedirect(opts, order, payment),
  };
}
