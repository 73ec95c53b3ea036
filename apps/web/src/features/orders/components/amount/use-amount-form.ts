import type { CustomerResource } from '@token/domain/accounts';
import { buyBlockers } from '@token/domain/buying';
import { isSecurity } from '@token/domain/catalog';
import type { ProductView } from '@token/domain/catalog-views';
import { errorMessage } from '@token/domain/errors';
import {
  evaluateSubscription,
  investmentLimitOf,
  isSubjectToInvestmentLimit,
  type OrderItemView,
  type OrderListRowView,
  type OrderView,
  type Section6Declarations,
  type Subscriber,
} from '@token/domain/orders';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../../lib/errors.ts';
import { useLocale } from '../../../../lib/i18n.ts';
import { useChangeItemQuantity } from '../../api/change-item-quantity.ts';
import { readDeclarations, writeDeclarations } from '../declarations-store.ts';
import { holdingOf, offerOf, quantityStepOf, subscriberOf } from '../offer.ts';

/** A quantity as typed ("2500", "2.500", "2 500"); null when it is not a whole number of at least 1. */
export function typedQuantity(value: string): number | null {
  const n = Number(value.replace(/[\s.]/g, ''));
  return value.trim() !== '' && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** Parses whole euros as typed ("2500", "2.500", "2 500"); null when empty or not a number. */
export function euroInputToCents(value: string): number | null {
  const cleaned = value.replace(/[\s.']/g, '').replace(',', '.');
  if (cleaned === '') return null;
  const n = Number(cleaned);
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

/**
 * spec 5 buying rules the amount step shows before anything is sent: the first reason the domain's
 * `buyBlockers` gives (sold out aside: the stock is the quantity's to judge), or null.
 */
export function buyBlockerOf(product: ProductView, record: CustomerResource): string | null {
  return (
    buyBlockers(
      { ...product, professionalOnly: product.investorRestrictions.professionalOnly },
      {
        hasWallet: record.defaultWallet !== null,
        kycPassed: record.kycPassed,
        status: record.status,
        cryptoRegistrarStatus: record.cryptoRegistrarStatus,
        isProfessional: subscriberOf(record).isProfessional,
      },
    ).filter((b) => b !== 'sold_out')[0] ?? null
  );
}

export type AmountFormInput = {
  order: OrderView;
  item: OrderItemView;
  product: ProductView;
  subscriber: Subscriber;
  otherOrders: readonly OrderListRowView[];
  buyBlocked: string | null;
};

/**
 * The amount step's state and rules: the quantity being typed and the one the server holds, the
 * WpPG § 6 declarations, and what the domain's `evaluateSubscription` and `investmentLimitOf` make of
 * them. The panels only show what this answers.
 */
export function useAmountForm({
  order,
  item,
  product,
  subscriber,
  otherOrders,
  buyBlocked,
}: AmountFormInput) {
  const locale = useLocale();
  const navigate = useNavigate();
  const change = useChangeItemQuantity();
  const [draft, setDraft] = useState(item.quantity);
  const [typed, setTyped] = useState(String(item.quantity));
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [initial] = useState(() => readDeclarations(order.tokenValue));
  const [freeAssets, setFreeAssets] = useState(initial.freeAssetsAtLeast100k);
  const [incomeText, setIncomeText] = useState(
    initial.averageMonthlyNetIncomeCents === null ? '' : String(initial.averageMonthlyNetIncomeCents / 100),
  );

  const step = quantityStepOf(product);
  const offer = offerOf(product, item.unitPrice);
  const holding = holdingOf(otherOrders, order, item.productCode);
  const declarations: Section6Declarations = {
    freeAssetsAtLeast100k: freeAssets,
    averageMonthlyNetIncomeCents: euroInputToCents(incomeText),
  };
  const judge = (quantity: number, d: Section6Declarations | null) =>
    evaluateSubscription({ subscriber, offer, holding, quantity, declarations: d });
  // what any declaration could allow (bounds the +/- buttons) and what the given ones allow
  const potential = judge(draft, null);
  const actual = judge(draft, declarations);
  // issue 18: WpPG § 6 binds securities only
  const limited = isSecurity(product) && isSubjectToInvestmentLimit(subscriber);
  const limitOf = investmentLimitOf(subscriber, declarations);
  // the figure beside the field is for what is typed, none while that is no quantity (issue 15: after
  // "1,500" it kept showing the previous valid amount)
  const typedNow = typedQuantity(typed);

  const commit = (next: number) => {
    if (next === item.quantity && next === draft) return;
    const previous = item.quantity;
    setDraft(next);
    setTyped(String(next));
    setQuantityError(null);
    change.mutate(
      { tokenValue: order.tokenValue, orderItemId: item.id, quantity: next },
      {
        onSuccess: (updated) => {
          const q = updated.items[0]?.quantity ?? next;
          setDraft(q);
          setTyped(String(q));
        },
        // spec 4: a failed quantity change reverts to the previous quantity
        onError: (err) => {
          setDraft(previous);
          setTyped(String(previous));
          setQuantityError(errorMessageOf(err, locale));
        },
      },
    );
  };

  const commitTyped = () => {
    const n = typedQuantity(typed);
    if (n === null) {
      setTyped(String(draft));
      setQuantityError(errorMessage('quantity_invalid', locale));
      return;
    }
    if (n !== draft) commit(n);
  };

  return {
    offer,
    holding,
    step,
    quantity: {
      draft,
      typed,
      error: quantityError,
      isChanging: change.isPending,
      canDecrease: !change.isPending && draft - step >= potential.minQuantity,
      canIncrease: !change.isPending && draft + step <= potential.maxQuantity,
      /** The amount of what is typed; null while that is no quantity. */
      typedAmountCents: typedNow === null ? null : typedNow * item.unitPrice,
      lowRemainingTokens: actual.lowRemainingTokens,
      setTyped,
      commitTyped,
      decrease: () => commit(draft - step),
      increase: () => commit(draft + step),
    },
    limit: {
      isLimited: limited,
      cents: limitOf?.cents ?? null,
      // which § 6 rule gives the limit: none declared, the free assets, or the income
      reason: limitOf?.rule ?? 'base',
      showDeclarations:
        limited &&
        (potential.needsDeclaration || declarations.freeAssetsAtLeast100k || incomeText.trim() !== ''),
      freeAssets,
      incomeText,
      setFreeAssets,
      setIncomeText,
    },
    refusals: actual.refusals,
    buyBlocked,
    /** The order's amount at the quantity held (the § 6 total adds what the investor already holds). */
    amountCents: draft * item.unitPrice,
    canContinue:
      buyBlocked === null && actual.refusals.length === 0 && !change.isPending && Number(typed) === draft,
    onContinue: () => {
      writeDeclarations(order.tokenValue, declarations);
      void navigate('/order-process/addresses');
    },
  };
}

export type AmountForm = ReturnType<typeof useAmountForm>;
