import { z } from 'zod';

/** Wallet types (spec 3 Wallet `type`): the custodial wallet kept by the custody partner. */
export const walletTypes = ['custody'] as const;
export type WalletType = (typeof walletTypes)[number];

/**
 * A wallet as the API answers it (contract "Wallets"): `address` is EIP-55 checksummed; relations
 * and Hydra fields are added by the route.
 */
export const walletViewSchema = z.object({
  id: z.number().int(),
  type: z.enum(walletTypes),
  name: z.string(),
  address: z.string().describe('EIP-55 checksummed Ethereum address'),
  defaultWallet: z.boolean(),
  createdAt: z.string().describe('ISO 8601'),
});
export type WalletView = z.infer<typeof walletViewSchema>;

export const walletNameMaxLength = 100;

/** POST wallets (spec 7: type, defaultWallet, name); without a name the wallet is named in the reader's language. */
export const createWalletInputSchema = z.strictObject({
  type: z.enum(walletTypes),
  defaultWallet: z.boolean().default(true),
  name: z.string().trim().min(1).max(walletNameMaxLength).optional(),
});
export type CreateWalletInput = z.infer<typeof createWalletInputSchema>;

/** The name a custody wallet gets when the client sends none. */
export const defaultCustodyWalletName = { de: 'Verwahrungs-Wallet', en: 'Custody wallet' } as const;
