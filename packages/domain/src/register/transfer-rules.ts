import { isProfessionalInvestor } from '../accounts/roles.ts';

/*
 * Whether a token transfer may go ahead (issue 16; spec 6 "Whitelisted investor: token transfers only
 * to whitelisted wallets; transfer needs two-factor enabled"; regulatory notes: a transfer asks for a
 * fresh two-factor code). ONE function: the API refuses with its code, the web shows the same answer
 * before the investor submits.
 */

/** The refusal codes in the order `transferRefusal` checks them (each declared in the error catalogue). */
export const transferRefusals = [
  'transfer_amount_invalid',
  'transfer_to_self',
  'bond_paused',
  'transfer_two_factor_not_enabled',
  'two_factor_required',
  'two_factor_invalid',
  'insufficient_minted_tokens',
  'disposal_restricted',
  'beneficiary_not_whitelisted',
  'professional_only_bond',
  'transfer_investor_limit_reached',
] as const;
export type TransferRefusal = (typeof transferRefusals)[number];

/** The beneficiary as the platform knows them; null when the e-mail or address names nobody known. */
export type TransferReceiver = {
  /** The receiver's holder id (customer id as a string). */
  holderId: string;
  /** Identity and registrar status approved (spec 4: KYC passed, registrar status approved). */
  isApproved: boolean;
  /** Has a custody wallet the registrar can book to. */
  hasWallet: boolean;
  /** On the whitelist of this bond. */
  isWhitelisted: boolean;
  /** spec 6 `customerRolesAsString`, read by `isProfessionalInvestor`. */
  roles: readonly string[];
  /** Holds tokens of this bond now, or has a pending incoming transfer of it (their seat is taken). */
  holdsBond: boolean;
};

export type TransferRuleInput = {
  /** Tokens to transfer (spec 3 Transfer `amount`). */
  amount: number;
  sender: {
    holderId: string;
    twoFactorEnabled: boolean;
    /**
     * The outcome of the two-factor code check, which only the API can make (the secret, and a code
     * used once never authorises a second transfer). Leave it out to skip the check (the web before
     * submitting, or the API before it verifies).
     */
    code?: 'missing' | 'invalid' | 'valid';
    /** The sender's minted tokens of the bond (their register balance). */
    minted: number;
    /** Tokens of the bond in the sender's transfers still pending (not yet confirmed or refused). */
    pendingOutgoing: number;
    /** A disposal restriction (eWpG § 17 (1) Nr. 6) lies on the sender's tokens of the bond. */
    disposalRestricted: boolean;
  };
  receiver: TransferReceiver | null;
  bond: {
    /**
     * The operator paused the bond's token (register_heads.paused): no transfer until unpaused.
     * Optional so that callers written before the pause compile; absent counts as not paused.
     */
    paused?: boolean;
    professionalOnly: boolean;
    /** At most this many distinct holders (spec 9: 149); null = no limit. */
    investorLimit: number | null;
    /** Distinct holders now, counting receivers of pending transfers who hold none yet. */
    holders: number;
  };
};

/** The tokens the sender may still transfer: minted, less those in pending outgoing transfers. */
export function transferableAmount(sender: { minted: number; pendingOutgoing: number }): number {
  return Math.max(0, sender.minted - sender.pendingOutgoing);
}

/**
 * Why a transfer is refused, or null when it may go ahead. The checks, in this order, the first
 * failing one answering:
 * 1. `transfer_amount_invalid`: whole tokens, at least 1;
 * 2. `transfer_to_self`: not to oneself;
 * 3. `bond_paused`: the operator has not paused the bond's token (known before any code is asked for);
 * 4. `transfer_two_factor_not_enabled`: the sender has two-factor enabled (spec 6);
 * 5. `two_factor_required` / `two_factor_invalid`: the code is there and right (when `code` is given);
 * 6. `insufficient_minted_tokens`: only minted tokens, less those pending outgoing;
 * 7. `disposal_restricted`: no disposal restriction on the sender's tokens;
 * 8. `beneficiary_not_whitelisted`: the receiver is known, approved, has a wallet, is on the bond's whitelist;
 * 9. `professional_only_bond`: professional-only bonds only to professional investors (spec 6);
 * 10. `transfer_investor_limit_reached`: a receiver holding none of the bond must not take the holder
 *    count past the limit; the sender giving away all their tokens frees their seat.
 * Input checks come first, then the code (before anything about the receiver is revealed).
 */
export function transferRefusal(input: TransferRuleInput): TransferRefusal | null {
  const { amount, sender, receiver, bond } = input;
  if (!Number.isSafeInteger(amount) || amount < 1) return 'transfer_amount_invalid';
  if (receiver !== null && receiver.holderId === sender.holderId) return 'transfer_to_self';
  if (bond.paused === true) return 'bond_paused';
  if (!sender.twoFactorEnabled) return 'transfer_two_factor_not_enabled';
  if (sender.code === 'missing') return 'two_factor_required';
  if (sender.code === 'invalid') return 'two_factor_invalid';
  if (amount > transferableAmount(sender)) return 'insufficient_minted_tokens';
  if (sender.disposalRestricted) return 'disposal_restricted';
  if (receiver === null || !receiver.isApproved || !receiver.hasWallet || !receiver.isWhitelisted) {
    return 'beneficiary_not_whitelisted';
  }
  if (bond.professionalOnly && !isProfessionalInvestor(receiver.roles)) return 'professional_only_bond';
  if (bond.investorLimit !== null && !receiver.holdsBond) {
    const senderLeaves = sender.pendingOutgoing === 0 && amount === sender.minted;
    if (bond.holders + 1 - (senderLeaves ? 1 : 0) > bond.investorLimit)
      return 'transfer_investor_limit_reached';
  }
  return null;
}
