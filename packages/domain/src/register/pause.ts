import { z } from 'zod';

/*
 * Pausing a bond's token (operator action): while paused the platform refuses transfers
 * (`bond_paused` in `transferRefusal`) and the registrar refuses every instruction on the token
 * (the contract's `whenNotPaused`).
 */

/** The operator's reason for pausing or unpausing (kept in the audit log). */
export const bondPauseInputSchema = z.strictObject({ reason: z.string().trim().min(3).max(1000) });
export type BondPauseInput = z.infer<typeof bondPauseInputSchema>;

/** A bond's pause state as the platform stores it. */
export const bondPauseViewSchema = z.object({
  product: z.string(),
  paused: z.boolean(),
  /** When the state last changed; null when the bond was never paused. */
  changedAt: z.iso.datetime().nullable(),
  /** The registrar's transaction of this change (EVM), when one was sent. */
  transactionHash: z.string().nullable(),
});
export type BondPauseView = z.infer<typeof bondPauseViewSchema>;
