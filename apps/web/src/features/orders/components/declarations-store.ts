import type { Section6Declarations } from '@token/domain/orders';

/*
 * The WpPG § 6 self-disclosure the investor gives on the amount step, kept for the order's
 * completion (which sends it) in sessionStorage beside the order token, per order.
 */

const keyOf = (tokenValue: string) => `orderProcess.declarations.${tokenValue}`;

export const noDeclarations: Section6Declarations = {
  freeAssetsAtLeast100k: false,
  averageMonthlyNetIncomeCents: null,
};

/** The declarations given for this order so far (none: nothing declared). */
export function readDeclarations(tokenValue: string): Section6Declarations {
  try {
    const raw = sessionStorage.getItem(keyOf(tokenValue));
    if (!raw) return noDeclarations;
    const d = JSON.parse(raw) as Partial<Section6Declarations>;
    const income = d.averageMonthlyNetIncomeCents;
    return {
      freeAssetsAtLeast100k: d.freeAssetsAtLeast100k === true,
      averageMonthlyNetIncomeCents:
        typeof income === 'number' && Number.isSafeInteger(income) && income >= 0 ? income : null,
    };
  } catch {
    return noDeclarations;
  }
}

export function writeDeclarations(tokenValue: string, declarations: Section6Declarations): void {
  try {
    sessionStorage.setItem(keyOf(tokenValue), JSON.stringify(declarations));
  } catch {
    // storage blocked: the page keeps them while open
  }
}

export function forgetDeclarations(tokenValue: string): void {
  try {
    sessionStorage.removeItem(keyOf(tokenValue));
  } catch {
    // nothing kept
  }
}
