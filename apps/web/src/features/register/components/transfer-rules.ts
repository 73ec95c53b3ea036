import { normalizeEmail } from '@token/domain/accounts';
import {
  parseBeneficiary,
  type TokenAssetView,
  type TransferRefusal,
  transferInputSchema,
  transferRefusal,
} from '@token/domain/register';
import { z } from 'zod';

const input = transferInputSchema.shape;

/**
 * The transfer form (spec 3 Transfer: beneficiary, amount, 2FA code), derived from the API's
 * `transferInputSchema`: the amount is typed as text and must become its whole number of tokens,
 * and the code is required here and six digits (the authenticator's), as the transfer asks a fresh one.
 */
export const transferFormSchema = z.object({
  beneficiary: input.beneficiary,
  amount: z
    .string()
    .trim()
    .min(1)
    .transform((v) => Number(v.replace(/[\s.]/g, '')))
    .pipe(input.amount),
  code: input.code
    .unwrap()
    .min(1)
    .regex(/^\d{6}$/),
});
export type TransferFormInput = z.input<typeof transferFormSchema>;
export type TransferFormOutput = z.output<typeof transferFormSchema>;

export type TransferField = keyof TransferFormInput;

/** Where each refusal is said: the field the investor has to change (or the code to type again). */
export const refusalField: Record<TransferRefusal, TransferField | null> = {
  transfer_amount_invalid: 'amount',
  transfer_to_self: 'beneficiary',
  bond_paused: null,
  transfer_two_factor_not_enabled: null,
  two_factor_required: 'code',
  two_factor_invalid: 'code',
  insufficient_minted_tokens: 'amount',
  disposal_restricted: 'amount',
  beneficiary_not_whitelisted: 'beneficiary',
  professional_only_bond: 'beneficiary',
  transfer_investor_limit_reached: 'beneficiary',
};

export function isTransferRefusal(code: string): code is TransferRefusal {
  return Object.hasOwn(refusalField, code);
}

/** The sender as the web knows them: holder id, two-factor, and what names them as a beneficiary. */
export type TransferSender = {
  holderId: string;
  twoFactorEnabled: boolean;
  email: string;
  addresses: readonly string[];
};

/**
 * The domain's `transferRefusal` asked before submitting, with what the web knows: the amount
 * against the transferable tokens, and whether the beneficiary is the sender. What only the API
 * knows (the code, the receiver's whitelisting and class, the bond's holder count, restrictions)
 * is taken as fine here; the API answers it.
 */
export function refusalBeforeSubmit(opts: {
  amount: number;
  beneficiary: string;
  asset: Pick<TokenAssetView, 'minted' | 'pendingOutgoing'>;
  sender: TransferSender;
}): TransferRefusal | null {
  const { sender } = opts;
  const parsed = parseBeneficiary(opts.beneficiary);
  const isSelf =
    parsed !== null &&
    (parsed.type === 'email'
      ? parsed.email === normalizeEmail(sender.email)
      : sender.addresses.some((a) => a.toLowerCase() === parsed.address.toLowerCase()));
  return transferRefusal({
    amount: opts.amount,
    sender: {
      holderId: sender.holderId,
      twoFactorEnabled: sender.twoFactorEnabled,
      minted: opts.asset.minted,
      pendingOutgoing: opts.asset.pendingOutgoing,
      disposalRestricted: false,
    },
    receiver: {
      holderId: isSelf ? sender.holderId : `${sender.holderId}/beneficiary`,
      isApproved: true,
      hasWallet: true,
      isWhitelisted: true,
      roles: [],
      holdsBond: true,
    },
    bond: { professionalOnly: false, investorLimit: null, holders: 0 },
  });
}
