import type { Lifecycle } from '../lifecycle/index.ts';

/**
 * An erasure request (GDPR Art. 17, convention 7): the investor files it (`requested`); an operator
 * confirms it (`confirmed`: the erasure ran in the same transaction) or refuses it with a reason
 * (`refused`); the investor may withdraw an open one (`withdrawn`). Only one open request per customer.
 */
export const erasureStates = ['requested', 'confirmed', 'refused', 'withdrawn'] as const;
export type ErasureState = (typeof erasureStates)[number];

export const erasureLifecycle: Lifecycle<ErasureState> = {
  name: 'erasure',
  states: erasureStates,
  transitions: {
    requested: ['confirmed', 'refused', 'withdrawn'],
    confirmed: [],
    refused: [],
    withdrawn: [],
  },
};

/** Data export states: queued by the investor, built by the job, removed after `dataExportDays`. */
export const dataExportStates = ['pending', 'ready', 'failed', 'expired'] as const;
export type DataExportState = (typeof dataExportStates)[number];

/**
 * What keeps an investor from being erased (GDPR Art. 17 (3) (b) with the contracts still running):
 * tokens held or on their way (holdings, pending transfers, orders paid and not yet minted), orders
 * awaiting payment, payouts not yet paid. Null when nothing is open.
 */
export type OpenPositions = {
  tokensHeld: number;
  unpaidOrders: number;
  ordersToMint: number;
  pendingPayouts: number;
};

export function erasureBlocker(
  open: OpenPositions,
): 'erasure_open_positions' | 'erasure_unpaid_orders' | null {
  if (open.tokensHeld > 0 || open.ordersToMint > 0 || open.pendingPayouts > 0)
    return 'erasure_open_positions';
  if (open.unpaidOrders > 0) return 'erasure_unpaid_orders';
  return null;
}
