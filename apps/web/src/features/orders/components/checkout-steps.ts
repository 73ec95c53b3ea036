/** spec 2 orderProcess: "Checkout steps as presented: identification, confirmation, payment, completion". */
export const checkoutSteps = ['identification', 'confirmation', 'payment', 'completion'] as const;
export type CheckoutStep = (typeof checkoutSteps)[number];

/** A page of the order process: where it sits among the presented steps, and its texts' keys. */
export type CheckoutPage = {
  path: string;
  step: CheckoutStep;
  /** Its part within the step (`process.parts.*`): the progress names it, the page's <title> is it. */
  part: string;
  /** Its heading (`orders` key). */
  heading: string;
};

/**
 * THE table of the order process's pages, in the order the investor walks them (decision 015). The
 * routes keep spec 2's order; the amount and the billing address identify what is bought and by whom,
 * the payment method and the review make up the confirmation, after which the investor pays (the card
 * provider's page or the bank transfer) and the order is complete. Two pages of one step are told
 * apart by their part, so no two pages claim the same position.
 */
export const checkoutPages = {
  token: { path: '/order-process/token', step: 'identification', part: 'amount', heading: 'token.title' },
  addresses: {
    path: '/order-process/addresses',
    step: 'identification',
    part: 'billingAddress',
    heading: 'addresses.title',
  },
  'payment-methods': {
    path: '/order-process/payment-methods',
    step: 'confirmation',
    part: 'paymentMethod',
    heading: 'payment.title',
  },
  confirmation: {
    path: '/order-process/confirmation',
    step: 'confirmation',
    part: 'review',
    heading: 'confirmation.title',
  },
} as const satisfies Record<string, CheckoutPage>;
export type CheckoutPageName = keyof typeof checkoutPages;

const pages: readonly CheckoutPage[] = Object.values(checkoutPages);

/** The process page at `pathname` (trailing slash ignored), or null for any other path. */
export function checkoutPageOfPath(pathname: string): CheckoutPage | null {
  const path = pathname.replace(/\/+$/, '');
  return pages.find((p) => p.path === path) ?? null;
}

/** The parts of a step, in order: "part 2 of 2" for the billing address. */
export function partsOf(step: CheckoutStep): readonly CheckoutPage[] {
  return pages.filter((p) => p.step === step);
}
