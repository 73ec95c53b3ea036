import { z } from 'zod';
import type { Locale } from '../i18n/index.ts';

/**
 * Discount codes (spec 5: "Discount code: valid 'Success. The discount will be calculated to the sum
 * total.'; invalid 'This discount code is not valid.'"). A code takes a percentage (basis points) or
 * a fixed amount off the items total, never more than the total. The § 6 limit and the investor cap
 * count the nominal amount (items total), not the discounted price (decision 011).
 */
export const discountCodeInputSchema = z.strictObject({
  couponCode: z.string().trim().min(1).max(64).nullable(),
});

export type Discount = { percentBasisPoints: number | null; amountCents: number | null };

/** The discount in cents on an items total: a percentage rounded half up, or a fixed amount, capped at the total. */
export function discountCents(itemsTotal: number, discount: Discount): number {
  const byPercent =
    discount.percentBasisPoints !== null
      ? Math.floor((itemsTotal * discount.percentBasisPoints + 5_000) / 10_000)
      : 0;
  const byAmount = discount.amountCents ?? 0;
  return Math.max(0, Math.min(itemsTotal, byPercent + byAmount));
}

/** spec 5: the message shown when a code was accepted (the refusal is the catalogue's `discount_code_invalid`). */
export const discountAcceptedMessage: Record<Locale, string> = {
  de: 'Erfolg. Der Rabatt wird auf die Gesamtsumme angerechnet.',
  en: 'Success. The discount will be calculated to the sum total.',
};
